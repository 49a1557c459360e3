/**
 * COMMIT to MyFitnessPal on Android (`--to android`), as seeds/000's graph:
 * EnsureEmulator (the Adb layer: --device / --avd) → LaunchApp (force-stop,
 * launch, wait for the diary) → each confirmed food through the navigator
 * (navigator.ts) → the summary of what was logged and what was not, with why.
 * The app cannot be asked whether a proposal was logged, so committed
 * proposals are remembered in the SessionStore.
 */
import { Effect, Option } from "effect"
import { PackageName } from "../../domain/android/ids.js"
import { fitnessAppPackage } from "../../domain/fitlog/app-screens.js"
import { parseItem } from "../../domain/fitlog/parse.js"
import type { Proposal, ProposalLine, SkippedLine } from "../../domain/fitlog/proposal.js"
import type { AdbError, AppNotFound, TextNotTypable, UiDumpError } from "../../domain/android/errors.js"
import { Adb } from "../../services/adb/adb.js"
import type { Llm } from "../../services/llm/llm.js"
import type { QuestionUI } from "../../services/question-ui/question-ui.js"
import { SessionId } from "../../services/session-store/session-kind.js"
import { SessionStore } from "../../services/session-store/session-store.js"
import type { CommitReport, CommitTarget, LoggedLine } from "./log.js"
import { logOneFood, readScreen } from "./navigator.js"
import { androidCommits, androidPartialCommits } from "./session-kind.js"

const pkg = PackageName.make(fitnessAppPackage)

/** LaunchApp: a clean start every time (seeds/000 "Kill App Before Launch"), then wait for the diary. */
export const launchApp = Effect.gen(function*() {
  const adb = yield* Adb
  yield* adb.forceStop(pkg)
  yield* adb.launch(pkg)
  for (let i = 0; i < 20; i++) {
    const screen = yield* readScreen
    if (screen._tag === "Diary") return true
    if (screen._tag === "Unknown") return false
  }
  return false
})

/** What to type in the app's search: the user's words for the food, with its preparation. */
export const searchQuery = (line: ProposalLine): string =>
  Option.match(parseItem(line.text), {
    onNone: () => line.food.split(",")[0] ?? line.food,
    onSome: (r) => (r.preparation === undefined ? r.name : `${r.preparation} ${r.name}`)
  })

export type AndroidError = AdbError | AppNotFound | TextNotTypable | UiDumpError

/** What one run logged: the report, and the indexes of every line now in the app (earlier runs' included). */
export const commitToApp = (proposal: Proposal, alreadyLogged: ReadonlySet<number> = new Set()) =>
  Effect.gen(function*() {
    const ready = yield* launchApp
    const logged: Array<LoggedLine> = []
    const notLogged: Array<SkippedLine> = [...proposal.skipped]
    const inApp = new Set(alreadyLogged)
    let modelCalls = 0
    for (const [index, line] of proposal.lines.entries()) {
      if (alreadyLogged.has(index)) {
        notLogged.push({ text: line.text, reason: "already in the app from an earlier run; skipped" })
        continue
      }
      // A foreign screen at launch is handled by the navigator's fallback like any other.
      const outcome = yield* logOneFood(line, searchQuery(line), proposal.meal)
      modelCalls += outcome.modelCalls
      if (outcome._tag === "Added") {
        logged.push({ food: outcome.food, amount: outcome.amount, kcal: outcome.kcal })
        inApp.add(index)
      } else notLogged.push({ text: line.text, reason: outcome.reason })
    }
    if (!ready) yield* Effect.logDebug("the diary did not show after launch; the navigator took it from there")
    return { report: { logged, notLogged, modelCalls } satisfies CommitReport, inApp }
  })

export const androidTarget: CommitTarget<AndroidError, Adb | Llm | QuestionUI | SessionStore> = {
  name: "MyFitnessPal app",
  isCommitted: (id) =>
    Effect.flatMap(SessionStore, (s) => s.load(androidCommits, SessionId.make(id))).pipe(Effect.as(true), Effect.orElseSucceed(() => false)),
  commit: (proposal) =>
    Effect.gen(function*() {
      const store = yield* SessionStore
      const id = SessionId.make(proposal.id)
      // Lines an earlier run got into the app are skipped: running the command again retries only the ones that failed.
      const earlier = yield* store.load(androidPartialCommits, id).pipe(
        Effect.map((p) => new Set(p.loggedLines)),
        Effect.orElseSucceed(() => new Set<number>())
      )
      const { inApp, report } = yield* commitToApp(proposal, earlier)
      const remember = inApp.size === proposal.lines.length
        ? Effect.zipRight(store.save(androidCommits, id, proposal), store.remove(androidPartialCommits, id).pipe(Effect.ignore))
        : inApp.size > 0
        ? store.save(androidPartialCommits, id, { proposal, loggedLines: [...inApp].sort((a, b) => a - b) })
        : Effect.void
      yield* remember.pipe(Effect.catchAll((e) => Effect.logWarning(`could not remember what reached the app: ${e.message}`)))
      return report
    })
}
