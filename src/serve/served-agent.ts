/**
 * One `Agent` record as a cluster service:
 *
 * - each session is an `Entity` (`ShoalSession/<agent>`) keyed by its id; its
 *   mailbox takes one `Turn` message at a time, so a session has exactly one
 *   writer by construction, and the messages are persisted (a runner that
 *   dies mid-turn gets the turn redelivered when it, or another, starts);
 * - each turn is a `Workflow` (`ShoalTurn/<agent>`, idempotent on session and
 *   turn id): the entity loads the state and hands it over in the payload (so
 *   the journal holds the state from before the turn and a replay sees it), the
 *   workflow runs the agent's own `input` and `turn` with a journaled `Llm`, a
 *   durable `QuestionUI`, journaled `Steps` and a `Clock` from the turn's
 *   journaled start (turn-clock.ts), and returns the new state in its journaled result, and the
 *   entity saves it. A turn redelivered after a crash gets the same journaled
 *   execution back (its payload is not read again) and saves the same state:
 *   nothing is lost or doubled, and load and save cost no journal messages.
 *
 * Where it sits: serve's engine room; the HTTP routes (router.ts) talk to the
 * returned `ServedAgent`, never to the agent's generics.
 */
import { ClusterSchema, Entity, EntityAddress, EntityId, EntityType } from "@effect/cluster"
import type { ShardId } from "@effect/cluster"
import { Sharding as ShardingTag } from "@effect/cluster/Sharding"
import type { Sharding } from "@effect/cluster/Sharding"
import { Rpc } from "@effect/rpc"
import { Workflow } from "@effect/workflow"
import type { WorkflowEngine, WorkflowInstance } from "@effect/workflow/WorkflowEngine"
import { Cause, Clock, DateTime, Duration, Effect, identity, Layer, Option, Ref, Schedule, Schema } from "effect"
import { Context } from "effect"
import type { Agent } from "../agents/agent.js"
import { Events } from "../services/events/events.js"
import type { EventsShape } from "../services/events/events.js"
import { Llm } from "../services/llm/llm.js"
import { QuestionUI } from "../services/question-ui/question-ui.js"
import { defaultQuestionTimeout } from "../services/question-ui/timeout.js"
import type { SessionConflict, SessionLoadError, SessionNotFound, SessionStoreError } from "../services/session-store/errors.js"
import { newSessionId, SessionId } from "../services/session-store/session-kind.js"
import type { SessionStoreShape } from "../services/session-store/session-store.js"
import { Steps } from "../services/steps/steps.js"
import { durableQuestions } from "./durable-questions.js"
import { openedKey, sessionTurnId, startedKey } from "./hub.js"
import type { Hub, TurnEvent } from "./hub.js"
import { journaledLlm } from "./journaled-llm.js"
import { journaledSteps } from "./journaled-steps.js"
import { placementFor, turnKey } from "./placement.js"
import type { QuestionStore } from "./questions.js"
import { onRealClock, turnClock } from "./turn-clock.js"

/** What the served agent's turn may use: serve provides each one per turn. */
export type Served = Llm | QuestionUI | Events

export const TurnReply = Schema.Struct({ reply: Schema.String, ended: Schema.Boolean, degraded: Schema.Boolean })
export type TurnReply = typeof TurnReply.Type

/** A turn that could not be taken: the session is gone, the store failed, or the agent said so. */
export class TurnNotTaken extends Schema.TaggedError<TurnNotTaken>()("TurnNotTaken", { reason: Schema.String }) {}

export interface ServeDeps {
  readonly store: SessionStoreShape
  /**
   * The store a session's turns load and save with (default `store`). Its own instance: a session deleted
   * through `store` while a turn ran (waiting on a question) is then removed by "another writer", and the
   * turn's save is refused (SessionConflict) instead of bringing the session back.
   */
  readonly turnStore?: SessionStoreShape
  readonly questions: QuestionStore
  readonly hub: Hub
  /** Several runners share the database: each turn's workflow is placed on its session's shard (placement.ts). */
  readonly colocate?: boolean
  /**
   * How a turn waits while the database cannot be reached (store-health.ts): its load, workflow and save,
   * and the request's wait for its reply, are tried again until the store answers. None: failures are final.
   */
  readonly waitOutOutage?: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}

const notTaken = (e: { readonly message: string }) => new TurnNotTaken({ reason: e.message })

/** How a served agent's turns behave. */
export interface ServeAgentOptions {
  /** How long a posted question waits for its answer before the turn takes its fallback (default 5 minutes, as on the page). */
  readonly questionTimeout?: Duration.DurationInput
}

export const serveAgent = <State, Input, Event extends { readonly _tag: string }, SE, EE>(
  agent: Agent<State, Input, Event, Served, SE, EE>,
  deps: ServeDeps,
  options: ServeAgentOptions = {}
) => {
  const { hub, questions, store } = deps
  const turnStore = deps.turnStore ?? store
  const patient = deps.waitOutOutage ?? identity
  const questionTimeout = Duration.decode(options.questionTimeout ?? defaultQuestionTimeout)
  const kind = agent.session

  const TurnWorkflow = Workflow.make({
    name: `ShoalTurn/${agent.name}`,
    payload: {
      sessionId: Schema.String,
      turnId: Schema.String,
      /** Which key puts the workflow on its session's shard (placement.ts); 0 with one runner, and in turns journaled before. */
      placement: Schema.optional(Schema.Number),
      text: Schema.String,
      /** When the turn started (epoch ms): the clock its code reads starts there on every run (turn-clock.ts). */
      startedAt: Schema.optional(Schema.Number),
      /**
       * The user's time zone (an IANA name), the `DateTime.CurrentTimeZone` its code reads (fitlog's "today");
       * journaled with the turn, so a replay reads the first run's. Absent: the runner's own zone, as before.
       */
      timeZone: Schema.optional(Schema.String),
      state: kind.schema
    },
    success: Schema.Struct({ ...TurnReply.fields, state: kind.schema }),
    error: TurnNotTaken,
    idempotencyKey: ({ placement, sessionId, turnId }) => turnKey(sessionId, turnId, placement ?? 0),
    // While a question is pending the turn is suspended; its entity asks again this often whether it went on.
    suspendedRetrySchedule: Schedule.spaced("200 millis")
  })

  const workflowLayer = TurnWorkflow.toLayer(Effect.fnUntraced(function*(payload, executionId) {
    const sessionId = yield* Schema.decode(SessionId)(payload.sessionId).pipe(Effect.mapError(notTaken))
    const engine = yield* Effect.context<WorkflowEngine | WorkflowInstance>()
    const llm = yield* Llm
    // The agent's code reads the turn's clock, from its journaled start; the journal itself runs on the real one.
    const real = yield* Effect.clock
    const atReal = onRealClock(real)
    const clock = yield* turnClock(real, payload.startedAt)
    const eventsUnder = (prefix: string) =>
      Effect.map(hub.events(agent.name, sessionId, payload.turnId, agent.events, prefix), (events) => ({ ...events, emit: (event) => atReal(events.emit(event)) } satisfies EventsShape))
    const events = yield* eventsUnder("event")
    const calls = yield* Ref.make(0)
    const asked = yield* Ref.make(0)
    const turn = { agent: agent.name, sessionId, turnId: payload.turnId, executionId, timeout: questionTimeout }
    const questionUI = durableQuestions(turn, asked, questions, hub, engine)
    const services = Layer.mergeAll(
      Layer.succeed(Llm, journaledLlm(llm, calls, engine, real)),
      Layer.succeed(QuestionUI, { ask: (question) => atReal(questionUI.ask(question)) }),
      Layer.succeed(Events, events)
    )
    const zone = Option.flatMap(Option.fromNullable(payload.timeZone), DateTime.zoneMakeNamed)
    const result = yield* Effect.flatMap(agent.input(payload.text), (input) => agent.turn(payload.state, input)).pipe(
      Effect.withClock(clock),
      (run) => Option.match(zone, { onNone: () => run, onSome: (z) => Effect.provideService(run, DateTime.CurrentTimeZone, z) }),
      Effect.mapError(notTaken),
      Effect.provide(services),
      Effect.provideService(Steps, journaledSteps({ llm, events: eventsUnder, clock: real }, engine)),
      // A defect (an activity that died on every attempt, or the agent's own) fails this turn, not the session.
      Effect.catchAllDefect((defect) => Effect.fail(new TurnNotTaken({ reason: `the turn crashed: ${Cause.pretty(Cause.die(defect))}` })))
    )
    return { reply: result.reply, ended: result.ended, degraded: result.degraded, state: result.state }
  }))

  const workflowGroup = Context.get(TurnWorkflow.annotations, ClusterSchema.ShardGroup)
  /** The placement of a turn of the session on `target`, its shard (0 with one runner). */
  const placeTurn = (sharding: Sharding["Type"], sessionId: string, turnId: string, target: ShardId.ShardId) =>
    deps.colocate === true ? placementFor(TurnWorkflow.name, sessionId, turnId, target, (id) => sharding.getShardId(id, workflowGroup(id))) : 0

  const SessionEntity = Entity.make(`ShoalSession/${agent.name}`, [
    Rpc.make("Turn", {
      payload: {
        turnId: Schema.String,
        text: Schema.String,
        /**
         * The turn workflow's placement, chosen when the turn was sent and kept in its persisted message, so a
         * turn redelivered after the database moved between one runner and several finds its journal under the
         * same key. Absent in turns sent before it was kept: placed by the runner that takes it, as then.
         */
        placement: Schema.optional(Schema.Number),
        /** The user's time zone, handed to the turn's workflow (absent in turns sent before it was). */
        timeZone: Schema.optional(Schema.String)
      },
      success: TurnReply,
      error: TurnNotTaken,
      primaryKey: ({ turnId }) => turnId
    }).annotate(ClusterSchema.Persisted, true)
  ])

  // The mailbox hands the entity one Turn at a time (concurrency 1): the session's one writer.
  const entityLayer = SessionEntity.toLayer(Effect.gen(function*() {
    const address = yield* Entity.CurrentAddress
    const sharding = yield* ShardingTag
    const sessionId = SessionId.make(address.entityId)
    return {
      Turn: ({ payload: { placement: sent, text, timeZone, turnId } }) => {
        // A turn redelivered after a restart runs this again: each of its events is published once.
        const once = (key: string, event: TurnEvent) => hub.publishOnce({ agent: agent.name, sessionId, turnId, key, event })
        return Effect.gen(function*() {
          yield* once(startedKey, { _tag: "TurnStarted", turnId, text })
          // Load, journaled workflow, save: all of it may run again, so a database outage under it is waited out.
          const after = yield* patient(Effect.gen(function*() {
            const before = yield* turnStore.load(kind, sessionId).pipe(Effect.mapError(notTaken))
            const placement = sent ?? placeTurn(sharding, sessionId, turnId, address.shardId)
            // A redelivered turn's workflow keeps its first payload: this start time counts only the first time.
            const startedAt = yield* Clock.currentTimeMillis
            const after = yield* TurnWorkflow.execute({ sessionId, turnId, placement, text, startedAt, ...(timeZone === undefined ? {} : { timeZone }), state: before })
            yield* turnStore.save(kind, sessionId, after.state).pipe(Effect.mapError(notTaken))
            return after
          }))
          const status = agent.view.status(after.state)
          const reply = { reply: after.reply, ended: after.ended, degraded: after.degraded }
          yield* once("completed", { _tag: "TurnCompleted", turnId, ...reply, ...(Option.isSome(status) ? { status: status.value } : {}) })
          return reply
        }).pipe(Effect.tapError((e) => once("not-taken", { _tag: "TurnNotTaken", turnId, reason: e.reason })))
      }
    }
  }), { concurrency: 1 })

  /**
   * A session id no stored session has: the id is the minute and four random characters, so a busy server can
   * draw one twice within a minute; a create never saves over a stored session (anything but "not found" is taken).
   */
  const freshId = Effect.gen(function*() {
    for (let tries = 0; tries < 20; tries++) {
      const id = yield* newSessionId
      const found = yield* Effect.exit(store.load(kind, id))
      if (found._tag === "Failure" && Option.exists(Cause.failureOption(found.cause), (e) => e._tag === "SessionNotFound")) return id
    }
    return yield* Effect.dieMessage("no free session id in 20 draws")
  })
    const encodeState = Schema.encode(kind.schema)
  const load = (id: SessionId) => store.load(kind, id)

  return {
    name: agent.name,
    workflow: TurnWorkflow,
    layer: Layer.merge(workflowLayer, entityLayer),
    create: Effect.gen(function*() {
      const id = yield* freshId
      yield* store.save(kind, id, agent.initial)
      const opening = agent.view.opening(agent.initial)
      // Logged, so a stream replayed from the start (a reloaded page, an API client) begins with it.
      yield* hub.publishOnce({ agent: agent.name, sessionId: id, turnId: sessionTurnId, key: openedKey, event: { _tag: "SessionOpened", text: opening } })
      return { id, opening }
    }),
    list: Effect.flatMap(store.list(kind), (summaries) =>
      Effect.forEach(summaries, (s) =>
        load(s.id).pipe(
          Effect.map((state) => ({ id: s.id, updatedAt: DateTime.formatIso(s.updatedAt), describe: agent.view.describe(state) })),
          // A session that cannot be read is still listed, saying why.
          Effect.catchAll((e) => Effect.succeed({ id: s.id, updatedAt: DateTime.formatIso(s.updatedAt), describe: e.message }))
        ))),
    get: (id) =>
      Effect.flatMap(load(id), (state) =>
        Effect.map(Effect.orDie(encodeState(state)), (encoded) => ({
          id,
          describe: agent.view.describe(state),
          status: Option.getOrUndefined(agent.view.status(state)),
          state: encoded
        }))),
    remove: (id) => store.remove(kind, id),
    journalOf: (id, turnIds) =>
      Effect.gen(function*() {
        const sharding = yield* ShardingTag
        const address = (type: string, entityId: EntityId.EntityId, group: string) =>
          new EntityAddress.EntityAddress({ entityType: EntityType.EntityType.make(type), entityId, shardId: sharding.getShardId(entityId, group) })
        const session = EntityId.make(id)
        const sessionShard = sharding.getShardId(session, SessionEntity.getShardGroup(session))
        // A turn was placed as its runners were when it was sent: alone (0) or several (its shard's placement); both are cleared.
        const placements = (turnId: string) => [...new Set([0, placementFor(TurnWorkflow.name, id, turnId, sessionShard, (e) => sharding.getShardId(e, workflowGroup(e)))])]
        const turns = yield* Effect.forEach(turnIds.flatMap((turnId) => placements(turnId).map((placement) => ({ turnId, placement }))), ({ placement, turnId }) =>
          Effect.map(// The execution id is the idempotency key's hash: the session, the turn and its placement, not the text or state.
          TurnWorkflow.executionId({ sessionId: id, turnId, placement, text: "", state: agent.initial }), (executionId) => {
            const entityId = EntityId.make(executionId)
            const group = workflowGroup(entityId)
            return [address(`Workflow/${TurnWorkflow.name}`, entityId, group), address("Workflow/-/DurableClock", entityId, group)]
          }))
        return [address(SessionEntity.type, session, SessionEntity.getShardGroup(session)), ...turns.flat()]
      }),
    turn: (id: SessionId, turnId: string, text: string, timeZone?: string) =>
      // Re-sending a turn by its id waits for the first one's reply; it does not run it again (its first message,
      // placement included, is the one kept).
      patient(Effect.gen(function*() {
        const sharding = yield* ShardingTag
        const session = EntityId.make(id)
        const placement = placeTurn(sharding, id, turnId, sharding.getShardId(session, SessionEntity.getShardGroup(session)))
        const client = yield* SessionEntity.client
        return yield* client(id).Turn({ turnId, text, placement, ...(timeZone === undefined ? {} : { timeZone }) })
      })).pipe(
        Effect.catchTags({
          MailboxFull: (e) => Effect.fail(new TurnNotTaken({ reason: e.message })),
          AlreadyProcessingMessage: (e) => Effect.fail(new TurnNotTaken({ reason: e.message })),
          PersistenceError: (e) => Effect.fail(new TurnNotTaken({ reason: e.message }))
        })
      )
  } satisfies ServedAgent
}

/** One served agent, its generics closed over: what the HTTP routes use. */
export interface ServedAgent {
  readonly name: string
  readonly workflow: Workflow.Any
  /** The turn workflow and the session entity, on the runner's engine and sharding; the base `Llm` is the runner's. */
  readonly layer: Layer.Layer<never, never, WorkflowEngine | Sharding | Llm>
  /** A new session at the agent's initial state, saved, its opening line logged (SessionOpened); its id and opening line. */
  readonly create: Effect.Effect<{ readonly id: SessionId; readonly opening: string }, SessionStoreError | SessionConflict>
  readonly list: Effect.Effect<ReadonlyArray<{ readonly id: string; readonly updatedAt: string; readonly describe: string }>, SessionStoreError>
  readonly get: (id: SessionId) => Effect.Effect<{ readonly id: string; readonly describe: string; readonly status: string | undefined; readonly state: unknown }, SessionLoadError>
  readonly remove: (id: SessionId) => Effect.Effect<void, SessionNotFound | SessionStoreError>
  /** Where the cluster keeps the session's mailbox and its turns' journals and clocks (for retention). */
  readonly journalOf: (id: SessionId, turnIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<EntityAddress.EntityAddress>, never, Sharding>
  /**
   * One turn through the session's mailbox; waits for its reply (or for ever, while a question is pending).
   * `timeZone` (an IANA name) is the zone its code reads the day and hour in; without it the runner's.
   */
  readonly turn: (id: SessionId, turnId: string, text: string, timeZone?: string) => Effect.Effect<TurnReply, TurnNotTaken, Sharding>
}

/**
 * `agent` with part of what its turns need already given (fitlog chat's diary
 * and food table): what is left is what serve provides per turn.
 */
export const provideAgent = <State, Input, Event extends { readonly _tag: string }, R, SE, EE, P>(
  agent: Agent<State, Input, Event, R, SE, EE>,
  context: Context.Context<P>
): Agent<State, Input, Event, Exclude<R, P>, SE, EE> => ({
  ...agent,
  input: (line) => Effect.provide(agent.input(line), context),
  turn: (state, input) => Effect.provide(agent.turn(state, input), context)
})
