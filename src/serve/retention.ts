/**
 * `shoal serve --keep 30d`: sessions nobody has touched for that long are
 * pruned — on start, then once a day — with everything kept for them: their
 * state, their questions, their event log, and the cluster's rows of their
 * mailbox and of each turn's journal and clocks (`MessageStorage.clearAddress`).
 * A session counts as ended when its last save is older than the keep
 * period and no question of it is still waiting for an answer.
 *
 * Where it sits: a background fiber of serve's runtime (server.ts); `pruneEnded`
 * takes "now" as an argument, so tests choose it.
 */
import { MessageStorage } from "@effect/cluster"
import type { Sharding } from "@effect/cluster/Sharding"
import { DateTime, Duration, Effect, Schedule } from "effect"
import { SessionId } from "../services/session-store/session-kind.js"
import type { Hub } from "./hub.js"
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

/** Remove every ended session last saved before `now - keep`; returns which. */
export const pruneEnded = ({ agents, hub, questions }: RetentionDeps, keep: Duration.Duration, now: DateTime.Utc) =>
  Effect.gen(function*() {
    const storage = yield* MessageStorage.MessageStorage
    const cutoff = DateTime.subtractDuration(now, keep)
    const pruned: Array<Pruned> = []
    for (const agent of agents) {
      for (const summary of yield* agent.list) {
        const updated = DateTime.make(summary.updatedAt)
        if (updated._tag === "None" || !DateTime.lessThan(updated.value, cutoff)) continue
        if ((yield* questions.pending(agent.name, summary.id)).length > 0) continue
        const id = SessionId.make(summary.id)
        const turns = new Set((yield* hub.log(agent.name, id)).map((e) => e.turnId))
        for (const address of yield* agent.journalOf(id, [...turns])) yield* storage.clearAddress(address)
        yield* hub.removeSession(agent.name, id)
        yield* questions.removeSession(agent.name, id)
        yield* agent.remove(id)
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
