/**
 * COMMIT to the local diary (the default target): one transaction per
 * proposal, keyed by its id, so a second commit of it writes nothing.
 */
import { Effect } from "effect"
import { formatGrams } from "../../domain/fitlog/proposal.js"
import type { DiaryError } from "../../services/diary/diary.js"
import { Diary } from "../../services/diary/diary.js"
import type { CommitTarget } from "./log.js"

export const localTarget: CommitTarget<DiaryError, Diary> = {
  name: "local diary",
  isCommitted: (id) => Effect.flatMap(Diary, (d) => d.isCommitted(id)),
  commit: (proposal) =>
    Effect.flatMap(Diary, (d) => d.commit(proposal)).pipe(
      Effect.map((outcome) => ({
        logged: outcome === "committed" ? proposal.lines.map((l) => ({ food: l.food, amount: formatGrams(l.grams), kcal: l.kcal, source: l.source })) : [],
        notLogged: [
          ...proposal.skipped,
          ...(outcome === "already-committed" ? [{ text: proposal.id, reason: "this proposal was already logged" }] : [])
        ],
        modelCalls: 0,
        alreadyLogged: outcome === "already-committed"
      }))
    )
}
