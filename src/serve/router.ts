/**
 * `shoal serve`'s HTTP API, the same for every served agent:
 *
 *   GET    /api/agents                                         the agents served
 *   POST   /api/agents/:agent/sessions                         a new session → 201 { id, opening }
 *   GET    /api/agents/:agent/sessions                         stored sessions, newest first
 *   GET    /api/agents/:agent/sessions/:id                     its state, where it stands, its pending questions
 *   DELETE /api/agents/:agent/sessions/:id                     → 204
 *   POST   /api/agents/:agent/sessions/:id/input               { text, timeZone? } → 200 the reply, or 202 with the question the turn waits on;
 *                                                              409 naming the question an earlier turn still waits on
 *   POST   /api/agents/:agent/sessions/:id/questions/:qid      { answer } → 200 the turn's reply, or 202 its next question; 409 if answered
 *   POST   /api/agents/:agent/sessions/:id/questions/:qid/not-now   the same with the question's safe fallback answer
 *   GET    /api/agents/:agent/sessions/:id/events              Server-Sent Events of the session's turns and agent events
 *                                                              (its log starts with SessionOpened, its opening line;
 *                                                              ending with SessionDeleted when it is deleted); each frame's
 *                                                              `id:` orders them, and `Last-Event-ID: N` or `?after=N` replays
 *                                                              the logged ones after N first
 *   GET    /                                                   a page to pick an agent (page.ts)
 *   GET    /agents/:agent/                                     the agent's page, on this API
 *
 * An agent that is known but not set up on this server (droid without a
 * device, shop without a store) answers 404 on its routes, saying how to
 * enable it.
 *
 * Bodies are decoded by Schema (a bad one is a 400 carrying the decode error);
 * an unknown agent, session or question is a 404; a body over the limit a 413.
 * A turn runs in the session's entity, not in the request: the request only
 * waits for its reply or its first question, whichever comes first.
 *
 * Where it sits: serve's edge (server.ts mounts it behind the guards).
 */
import { HttpRouter, HttpServerError, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import type { MessageStorage } from "@effect/cluster/MessageStorage"
import type { Sharding } from "@effect/cluster/Sharding"
import type { WorkflowEngine } from "@effect/workflow/WorkflowEngine"
import { DateTime, Deferred, Effect, Fiber, Option, ParseResult, Random, Schema, Stream } from "effect"
import { Answer, fallbackAnswer } from "../domain/question.js"
import type { Question } from "../domain/question.js"
import { maxAnswerChars, misfit } from "../services/question-ui/bridge.js"
import type { LeafQuestion } from "../services/question-ui/renderer.js"
import { SessionId } from "../services/session-store/session-kind.js"
import { deliverAnswer } from "./durable-questions.js"
import type { Hub } from "./hub.js"
import { sessionEvents } from "./event-stream.js"
import { pickerPage, servedAgentPage } from "./page.js"
import type { PickerEntry } from "./page.js"
import { turnOf } from "./questions.js"
import type { QuestionStore } from "./questions.js"
import { purgeSession } from "./retention.js"
import type { ServedAgent } from "./served-agent.js"

/** An IANA time zone name ("Asia/Tokyo"), as a browser's `Intl.DateTimeFormat().resolvedOptions().timeZone` gives it. */
const TimeZoneName = Schema.String.pipe(Schema.filter((name) => Option.isSome(DateTime.zoneMakeNamed(name)), {
  message: (issue) => `unknown time zone ${JSON.stringify(issue.actual)}: give an IANA name such as "Asia/Tokyo"`
}))
/**
 * The text as typed: spaces and newlines around it are dropped (a blank one is a 400). `timeZone` is the
 * user's: the turn reads its "today" and its hour there (fitlog's day and meal); without it, the runner's.
 */
const InputBody = Schema.Struct({ text: Schema.Trim.pipe(Schema.nonEmptyString()), timeZone: Schema.optional(TimeZoneName) })
/**
 * The most text one input may carry. Every turn's journal carries the session's state, and most agents keep
 * what was said in it, so a body that fits the 10 MB limit would still weigh on every later turn; a pasted
 * recipe or shopping list is a few thousand characters.
 */
export const maxInputChars = maxAnswerChars
const AnswerBody = Schema.Struct({ answer: Answer })
const SessionParams = Schema.Struct({ agent: Schema.String, id: SessionId })
const QuestionParams = Schema.Struct({ ...SessionParams.fields, qid: Schema.String })

const problem = (status: number, error: string) => HttpServerResponse.unsafeJson({ error }, { status })

/** A client's `Idempotency-Key` names the turn, so a retried request does not take the turn twice. */
const TurnId = Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9_-]{1,64}$/, { message: () => "an Idempotency-Key is 1-64 letters, digits, '_' or '-'" }))

const isLeaf = (q: Question): q is LeafQuestion =>
  q._tag === "ProposeDisposition" || q._tag === "Choose" || q._tag === "FreeText" || q._tag === "Confirm"


export interface RouterDeps {
  readonly agents: ReadonlyArray<ServedAgent>
  readonly questions: QuestionStore
  readonly hub: Hub
  /** Agents this server knows but does not serve, each with the line saying how to enable it. */
  readonly unavailable?: ReadonlyArray<{ readonly name: string; readonly enable: string }>
}

/** A decode error as the 400 the issue asks for; anything else as a 500 naming it. */
const decodeErrors = <R>(effect: Effect.Effect<HttpServerResponse.HttpServerResponse, unknown, R>) =>
  Effect.catchAll(effect, (e) =>
    Effect.succeed(
      ParseResult.isParseError(e)
        ? problem(400, ParseResult.TreeFormatter.formatErrorSync(e))
        : e instanceof HttpServerError.RouteNotFound
        ? problem(404, `No such route: ${e.request.method} ${e.request.url}`)
        : e instanceof HttpServerError.RequestError && e.reason === "Decode"
        ? problem(400, `the body is not JSON: ${e.cause instanceof Error ? e.cause.message : String(e.cause ?? e.message)} (send a JSON object, with Content-Type: application/json)`)
        : e instanceof HttpServerError.RequestError
        ? problem(400, `the body could not be read: ${e.message}`)
        : problem(500, e instanceof Error ? e.message : String(e))
    ))

export const makeServeRouter = ({ agents, hub, questions, unavailable = [] }: RouterDeps) => {
  const byName = new Map(agents.map((a) => [a.name, a]))
  const disabled = new Map(unavailable.map((u) => [u.name, u.enable]))

  const noAgent = (name: string) => {
    const enable = disabled.get(name)
    return problem(404, enable === undefined ? `No agent "${name}" is served here; see GET /api/agents.` : `"${name}" is not served here: ${enable}`)
  }

  const withAgent = <E, R>(name: string, f: (agent: ServedAgent) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) => {
    const agent = byName.get(name)
    return agent === undefined ? Effect.succeed(noAgent(name)) : f(agent)
  }

  /** The session named in the path, known to exist, or a 404. */
  const withSession = <E, R>(f: (agent: ServedAgent, id: SessionId) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
    Effect.flatMap(HttpRouter.schemaPathParams(SessionParams), ({ agent, id }) =>
      withAgent(agent, (served) =>
        Effect.flatMap(Effect.either(served.get(id)), (found) =>
          found._tag === "Left"
            ? Effect.succeed(found.left._tag === "SessionNotFound" ? problem(404, found.left.message) : problem(500, found.left.message))
            : f(served, id))))

  /**
   * What the turn says first after `start`: its reply (200), a question it now waits on (202: the turn
   * goes on in its entity), or that it could not be taken (500). Listening starts before `start`, so
   * nothing is missed; the reply is the entity's, asked for by re-sending the turn's id (a duplicate
   * message waits for the original's reply instead of running again).
   */
  const outcome = (
    agent: ServedAgent,
    id: SessionId,
    turnId: string,
    text: string,
    start: Effect.Effect<void, never, WorkflowEngine>,
    answered: Option.Option<string>,
    timeZone?: string
  ) =>
    Effect.scoped(Effect.gen(function*() {
      const events = yield* hub.subscribe(agent.name, id)
      const posted = yield* Deferred.make<{ readonly questionId: string; readonly question: Question }>()
      yield* events.pipe(
        Stream.filterMap((e) =>
          e._tag === "QuestionPosted" && e.turnId === turnId && !Option.contains(answered, e.questionId)
            ? Option.some({ questionId: e.questionId, question: e.question })
            : Option.none()
        ),
        Stream.take(1),
        Stream.runForEach((q) => Deferred.succeed(posted, q)),
        Effect.forkScoped
      )
      // A new input queued behind a turn that asks before this one starts: said at once (202), not after the question.
      const behind = yield* Deferred.make<{ readonly questionId: string; readonly question: Question }>()
      if (Option.isNone(answered)) {
        const others = yield* hub.subscribe(agent.name, id)
        yield* others.pipe(
          Stream.takeWhile((e) => !(e._tag === "TurnStarted" && e.turnId === turnId)),
          Stream.filterMap((e) =>
            e._tag === "QuestionPosted" && e.turnId !== turnId ? Option.some({ questionId: e.questionId, question: e.question }) : Option.none()
          ),
          Stream.take(1),
          Stream.runForEach((q) => Deferred.succeed(behind, q)),
          Effect.forkScoped
        )
      }
      yield* start
      // Daemon: a request that returns at a question leaves the turn running in its entity.
      const reply = yield* Effect.forkDaemon(Effect.either(agent.turn(id, turnId, text, timeZone)))
      // The first of the three to end, however it ends (`raceAll` would wait on past a reply that died, for ever).
      const first = yield* Effect.raceFirst(
        Effect.map(Deferred.await(posted), (q) => ({ _tag: "Question" as const, ...q })),
        Effect.raceFirst(
          Effect.map(Deferred.await(behind), (q) => ({ _tag: "Queued" as const, ...q })),
          Effect.map(Fiber.join(reply), (r) => ({ _tag: "Reply" as const, r }))
        )
      )
      if (first._tag === "Queued") {
        // The turn is in the session's mailbox: it runs once that question is answered (its reply: the same key again, or the events).
        return yield* HttpServerResponse.json({ turnId, queuedBehind: { id: first.questionId, question: first.question } }, { status: 202 })
      }
      if (first._tag === "Question") {
        return yield* HttpServerResponse.json({ turnId, waitingFor: { id: first.questionId, question: first.question } }, { status: 202 })
      }
      if (first.r._tag === "Left") {
        // Deleted while the turn ran: the turn was not saved, and the session is gone (not a server fault).
        const gone = yield* agent.get(id).pipe(Effect.flip, Effect.map((e) => e._tag === "SessionNotFound"), Effect.orElseSucceed(() => false))
        return gone ? problem(404, `Session "${id}" was deleted while this turn ran; the turn was not saved.`) : problem(500, first.r.left.reason)
      }
      const now = yield* agent.get(id).pipe(Effect.option)
      return yield* HttpServerResponse.json({ turnId, ...first.r.right, status: Option.getOrUndefined(Option.flatMap(now, (s) => Option.fromNullable(s.status))) })
    }))

  const newTurnId = Effect.map(Effect.all([Random.nextIntBetween(0, 36 ** 6), Random.nextIntBetween(0, 36 ** 6)]), ([a, b]) => `t${a.toString(36)}${b.toString(36)}`)

  const input = withSession((agent, id) =>
    Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const { text, timeZone } = yield* HttpServerRequest.schemaBodyJson(InputBody)
      if (text.length > maxInputChars) {
        return problem(413, `The input is ${text.length.toLocaleString("en")} characters long; one input takes at most ${maxInputChars.toLocaleString("en")}. Send it in parts.`)
      }
      const key = request.headers["idempotency-key"]
      const turnId = key === undefined ? yield* newTurnId : yield* Schema.decodeUnknown(TurnId)(key)
      // A key names one input: used again for another text, the first turn's reply would pass for this one's.
      const started = key === undefined ? Option.none() : yield* hub.turnStarted(agent.name, id, turnId)
      if (Option.isSome(started) && started.value.text !== text) {
        return problem(422, `Idempotency-Key "${turnId}" was already used for another input in this session; use a new key for a new input.`)
      }
      // The session's one turn waits on a question: a new input would queue behind it until it is answered or
      // times out, so it is refused at once, naming the question. (A turn sent again, by its key, gets its reply.)
      const blocking = Option.isNone(started) ? (yield* questions.pending(agent.name, id)).find((q) => turnOf(q.questionId) !== turnId) : undefined
      if (blocking !== undefined) {
        return yield* HttpServerResponse.json({
          error: `Session "${id}" waits on question "${blocking.questionId}": answer it (or send not-now) before new input.`,
          waitingFor: { id: blocking.questionId, question: blocking.question }
        }, { status: 409 })
      }
      return yield* outcome(agent, id, turnId, text, Effect.void, Option.none(), timeZone)
    }))

  /** Answer the question in the path with what `choose` makes of it (the body's answer, or its fallback). */
  const answerWith = <E, R>(choose: (question: Question) => Effect.Effect<Answer, E, R>) =>
    Effect.flatMap(HttpRouter.schemaPathParams(QuestionParams), ({ qid }) =>
      withSession((agent, id) =>
        Effect.gen(function*() {
          const stored = yield* questions.find(agent.name, id, qid)
          if (Option.isNone(stored)) return problem(404, `Session "${id}" has no question "${qid}".`)
          const question = stored.value.question
          const answer = yield* choose(question)
          const why = isLeaf(question) ? misfit(question, answer) : Option.none()
          if (Option.isSome(why)) return problem(400, why.value)
          const claim = yield* questions.claim(agent.name, id, qid, answer)
          if (claim === "already-answered") {
            // Nobody answered a question that timed out: its turn went on with the fallback, and the 409 says so.
            const timedOut = (yield* hub.turnLog(agent.name, id, turnOf(qid))).find((e) => e._tag === "QuestionTimedOut" && e.questionId === qid)
            return problem(409, timedOut !== undefined && timedOut._tag === "QuestionTimedOut"
              ? `Question "${qid}" timed out after ${timedOut.after}; the turn went on with its fallback answer.`
              : `Question "${qid}" was already answered.`)
          }
          if (claim === "unknown") return problem(404, `Session "${id}" has no question "${qid}".`)
          // Said (and logged, so a replayed stream closes the card) once the claim holds, before the turn goes on.
          const deliver = hub.publishOnce({ agent: agent.name, sessionId: id, turnId: turnOf(qid), key: `answered/${qid}`, event: { _tag: "QuestionAnswered", questionId: qid } }).pipe(
            Effect.zipRight(deliverAnswer(agent.workflow, stored.value, answer)),
            Effect.zipRight(questions.markDelivered(agent.name, id, qid)),
            Effect.orDie
          )
          return yield* outcome(agent, id, turnOf(qid), "", deliver, Option.some(qid))
        })))

  const answer = answerWith(() => Effect.map(HttpServerRequest.schemaBodyJson(AnswerBody), (body) => body.answer))
  const notNow = answerWith((question) => Effect.succeed(fallbackAnswer(question)))

  const events = withSession(sessionEvents({ hub, questions }))

  const picker = pickerPage([...agents.map((a): PickerEntry => ({ name: a.name })), ...unavailable])
  const page = Effect.flatMap(HttpRouter.params, (p) => {
    const name = p["agent"] ?? ""
    return Effect.succeed(byName.has(name) ? HttpServerResponse.html(servedAgentPage(name)) : noAgent(name))
  })

  return HttpRouter.empty.pipe(
    HttpRouter.get("/", HttpServerResponse.html(picker)),
    HttpRouter.get("/agents/:agent/", page),
    HttpRouter.get("/api/agents", HttpServerResponse.json({ agents: agents.map((a) => a.name) })),
    HttpRouter.post("/api/agents/:agent/sessions", Effect.flatMap(HttpRouter.params, (p) =>
      withAgent(p["agent"] ?? "", (agent) => Effect.flatMap(agent.create, (s) => HttpServerResponse.json({ agent: agent.name, ...s }, { status: 201 }))))),
    HttpRouter.get("/api/agents/:agent/sessions", Effect.flatMap(HttpRouter.params, (p) =>
      withAgent(p["agent"] ?? "", (agent) => Effect.flatMap(agent.list, (sessions) => HttpServerResponse.json({ sessions })))),),
    HttpRouter.get("/api/agents/:agent/sessions/:id", withSession((agent, id) =>
      Effect.gen(function*() {
        const session = yield* agent.get(id)
        const pending = yield* questions.pending(agent.name, id)
        return yield* HttpServerResponse.json({ agent: agent.name, ...session, pending: pending.map((q) => ({ id: q.questionId, question: q.question })) })
      }))),
    HttpRouter.del("/api/agents/:agent/sessions/:id", withSession((agent, id) =>
      // The last frame's id follows the log's last, though the log goes with the session.
      Effect.flatMap(hub.lastId(agent.name, id), (last) => Effect.as(purgeSession({ hub, questions }, agent, id), last)).pipe(
        Effect.flatMap((last) => hub.publish({ agent: agent.name, sessionId: id, event: { _tag: "SessionDeleted" }, id: last + 1 })),
        Effect.as(HttpServerResponse.empty({ status: 204 }))
      ))),
    HttpRouter.post("/api/agents/:agent/sessions/:id/input", input),
    HttpRouter.post("/api/agents/:agent/sessions/:id/questions/:qid", answer),
    HttpRouter.post("/api/agents/:agent/sessions/:id/questions/:qid/not-now", notNow),
    HttpRouter.get("/api/agents/:agent/sessions/:id/events", events),
    decodeErrors
  )
}

export type ServeRouterR = Sharding | WorkflowEngine | MessageStorage
