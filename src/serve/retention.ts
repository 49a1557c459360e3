/**
 * `shoal serve --keep 30d`: sessions nobody has touched for that long are
 * pruned — on start, then once a day — with everything kept for them: their
 * state, their questions, their event log, and the cluster's rows of their
 * mailbox and of each turn's journal and clocks (`MessageStorage.clearAddress`).
 * A session counts as ended when its last save is older than the keep
 * period, no question of it is still waiting for an answer and no turn of it
 * is under way (started in its event log, not yet completed or refused).
 *
 * Where it sits: a background fiber of serve's runtime (server.ts); `pruneEnded`
 * takes "now" as an argument, so tests choose it.
 */
import { MessageStorage } from "@effect/cluster"
import type { Sharding } from "@effect/cluster/Sharding"
import { DateTime, Duration, Effect, Schedule } from "effect"
import { SessionId } from "../services/session-store/session-kind.js"
import { sessionTurnId } from "./hub.js"
import type { Hub } from "./hub.js"
import { turnOf } from "./questions.js"
import type { QuestionStore } from "./questions.js"
import type { ServedAgent } from "./served-agent.js"

export interface RetentionDeps {
  readonly agents: ReadonlyArray<ServedAgent>
  readonly questions: QuestionStore
  readonly hub: Hub
}

export interface Pruned {
  readonly agent: string
  readonly id: string
}

/**
 * Remove one session with everything kept for it: its state, questions and event log, and the cluster's rows
 * of its mailbox and its turns' journals. A turn still waiting on a question keeps its own rows (and the
 * mailbox its message) until it ends; it cannot save the session back (served-agent.ts's turn store).
 */
export const purgeSession = (
  { hub, questions }: Pick<RetentionDeps, "hub" | "questions">,
  agent: ServedAgent,
  id: SessionId
) =>
  Effect.gen(function*() {
    const storage = yield* MessageStorage.MessageStorage
    const waiting = new Set((yield* questions.pending(agent.name, id)).map((q) => turnOf(q.questionId)))
    const turns = new Set((yield* hub.log(agent.name, id)).map((e) => e.turnId).filter((turn) => turn !== sessionTurnId && !waiting.has(turn)))
    // journalOf: the session's mailbox first, then each turn's journal and clock.
    const [mailbox, ...journals] = yield* agent.journalOf(id, [...turns])
    for (const address of waiting.size === 0 && mailbox !== undefined ? [mailbox, ...journals] : journals) yield* storage.clearAddress(address)
    yield* hub.removeSession(agent.name, id)
    yield* questions.removeSession(agent.name, id)
    yield* agent.remove(id)
  })

/** Whether the log has a turn that started and has not ended (completed, or not taken). */
const underway = (log: ReadonlyArray<{ readonly turnId?: string | undefined; readonly event: { readonly _tag: string } }>): boolean => {
  const open = new Set<string>()
  for (const e of log) {
    if (e.turnId === undefined) continue
    if (e.event._tag === "TurnStarted") open.add(e.turnId)
    else if (e.event._tag === "TurnCompleted" || e.event._tag === "TurnNotTaken") open.delete(e.turnId)
  }
  return open.size > 0
}

/** Remove every ended session last saved before `now - keep`; returns which. */
export const pruneEnded = ({ agents, hub, questions }: RetentionDeps, keep: Duration.Duration, now: DateTime.Utc) =>
  Effect.gen(function*() {
    const cutoff = DateTime.subtractDuration(now, keep)
    const pruned: Array<Pruned> = []
    for (const agent of agents) {
      for (const summary of yield* agent.list) {
        const updated = DateTime.make(summary.updatedAt)
        if (updated._tag === "None" || !DateTime.lessThan(updated.value, cutoff)) continue
        if ((yield* questions.pending(agent.name, summary.id)).length > 0) continue
        // A turn under way (a long run, one replayed after a restart, one finishing after its question timed out)
        // touches the session though its last save is old: it stays, so the turn's result can be saved.
        if (underway(yield* hub.log(agent.name, summary.id))) continue
        const id = SessionId.make(summary.id)
        yield* purgeSession({ hub, questions }, agent, id)
        pruned.push({ agent: agent.name, id })
      }
    }
    return pruned
  })

/** Prune now, then once a day, until the scope closes; a failed round is logged and the next one tried. */
export const keepFor = <E, R>(keep: Duration.Duration, prune: (now: DateTime.Utc) => Effect.Effect<ReadonlyArray<Pruned>, E, R>) => {
  const round = DateTime.now.pipe(
    Effect.flatMap(prune),
    Effect.tap((pruned) => (pruned.length === 0 ? Effect.void : Effect.logInfo(`pruned ${pruned.length} session(s) older than ${Duration.format(keep)}`))),
    Effect.catchAllCause((cause) => Effect.logWarning("could not prune old sessions", cause))
  )
  return Effect.zipRight(round, Effect.schedule(round, Schedule.spaced("1 day")))
}

export type RetentionR = MessageStorage.MessageStorage | Sharding
