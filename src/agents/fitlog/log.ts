/**
 * The `log` loop: estimate → propose → confirm (or edit a line, or retype
 * the list, and ask again) → commit to
 * a target, then the summary. Nothing is written before a confirmation
 * (`--yes` is one); the pending proposal is kept in the SessionStore while
 * the user decides, and a proposal the target already holds is not written
 * twice — unless the user says it is eaten again (`--again`, or yes to
 * "log it again?"), which logs it as a new entry. A meal beyond the sanity
 * bounds (over 5,000 kcal or 60 foods) is asked about, and refused under
 * `--yes`. A food that is only the closest match to the one named is shown
 * as such, with how sure the match is, when asking; `--yes` logs it only
 * above the confidence line and reports the rest unmatched.
 */
import { Effect, Option } from "effect"
import type { Proposal, ProposalId, SkippedLine } from "../../domain/fitlog/proposal.js"
import { overBound, repeated, withoutUnsure } from "../../domain/fitlog/proposal.js"
import { saidYes, yesNoQuestion } from "../../domain/question.js"
import { QuestionUI } from "../../services/question-ui/question-ui.js"
import type { DiaryDate, Meal } from "../../domain/fitlog/types.js"
import { SessionId } from "../../services/session-store/session-kind.js"
import { SessionStore } from "../../services/session-store/session-store.js"
import { confidenceLine, estimate } from "./estimate.js"
import { askMeal, confirm, editLine, propose } from "./propose.js"
import { pendingProposals } from "./session-kind.js"

/** One line of the final table. */
export interface LoggedLine {
  readonly food: string
  readonly amount: string
  readonly kcal: number | null
  /** The table the food came from (`sourceOf`), shown in the summary's Table column. */
  readonly source?: string
}

export interface CommitReport {
  readonly logged: ReadonlyArray<LoggedLine>
  readonly notLogged: ReadonlyArray<SkippedLine>
  /** Model calls the commit made (the Android navigator's choices and fallback loop). */
  readonly modelCalls: number
  /** The target found the proposal already there when it came to write it (another run got there first). */
  readonly alreadyLogged?: boolean
}

/** Where confirmed food goes: the local diary, or an app on a phone. */
export interface CommitTarget<E, R> {
  readonly name: string
  readonly isCommitted: (id: ProposalId) => Effect.Effect<boolean, E, R>
  readonly commit: (proposal: Proposal) => Effect.Effect<CommitReport, E, R>
}

export interface LogRequest {
  readonly text: string
  readonly date: DiaryDate
  /** The meal from `--meal`; else the text's; else asked. */
  readonly meal: Option.Option<Meal>
  /** The meal offered first when asking (the time of day's). */
  readonly likelyMeal: Meal
  /** Confirmed in advance (`--yes`). */
  readonly yes: boolean
  /** Log it even if the same meal is already logged: eaten again (`--again`). */
  readonly again?: boolean
}

export type LogOutcome =
  | { readonly _tag: "Logged"; readonly proposal: Proposal; readonly report: CommitReport }
  | { readonly _tag: "AlreadyLogged"; readonly proposal: Proposal }
  | { readonly _tag: "Declined"; readonly proposal: Proposal }
  | { readonly _tag: "NothingToLog"; readonly skipped: ReadonlyArray<SkippedLine> }
  /** Beyond a sanity bound under `--yes`: nothing written, and why. */
  | { readonly _tag: "Refused"; readonly proposal: Proposal; readonly reason: string }

const maxEdits = 3

/** A yes/no question, yes listed first, whose unattended answer is no. */
const askYesNo = (id: string, prompt: string, yes: string, no: string) =>
  Effect.flatMap(QuestionUI, (ui) => ui.ask(yesNoQuestion({ id, prompt, yes, no }))).pipe(Effect.map(saidYes))

/** The first repeat of `proposal` the target does not hold yet. */
const nextRepeat = <E, R>(proposal: Proposal, target: CommitTarget<E, R>) =>
  Effect.gen(function*() {
    for (let n = 1; ; n++) {
      const candidate = repeated(proposal, n)
      if (!(yield* target.isCommitted(candidate.id))) return candidate
    }
  })

export const logFood = <E, R>(request: LogRequest, target: CommitTarget<E, R>) =>
  Effect.gen(function*() {
    const store = yield* SessionStore
    let text = request.text
    // A proposal with one line rewritten; none means estimate `text` afresh.
    let edited = Option.none<Proposal>()
    for (let round = 0; ; round++) {
      let proposal: Proposal
      if (Option.isSome(edited)) proposal = edited.value
      else {
        const estimated = yield* estimate(text)
        const meal = yield* Option.match(Option.orElse(request.meal, () => estimated.meal), {
          onSome: Effect.succeed,
          onNone: () => askMeal(request.likelyMeal)
        })
        const proposed = propose(estimated, meal, request.date)
        if (proposed._tag === "NothingToLog") return proposed satisfies LogOutcome
        proposal = proposed.proposal
        // Unattended, a closest match below the confidence line is not logged: no quiet swap of the food named.
        if (request.yes) {
          const sure = withoutUnsure(proposal, confidenceLine)
          if (sure.proposal === undefined) return { _tag: "NothingToLog", skipped: [...proposal.skipped, ...sure.held] } satisfies LogOutcome
          proposal = sure.proposal
        }
      }
      if (yield* target.isCommitted(proposal.id)) {
        const again = request.again === true ||
          (!request.yes && (yield* askYesNo("again", `This meal is already logged (${proposal.meal}, ${proposal.date}, proposal ${proposal.id}). Did you eat it again?`, "Yes, log it again", "No, it is the same meal")))
        if (!again) return { _tag: "AlreadyLogged", proposal } satisfies LogOutcome
        proposal = yield* nextRepeat(proposal, target)
      }
      const tooMuch = overBound(proposal)
      if (tooMuch !== undefined) {
        if (request.yes) return { _tag: "Refused", proposal, reason: tooMuch } satisfies LogOutcome
        if (!(yield* askYesNo("bound", `Careful: ${tooMuch}. Go on to the proposal anyway?`, "Yes, it is right", "No, log nothing"))) {
          return { _tag: "Declined", proposal } satisfies LogOutcome
        }
      }
      const pendingId = SessionId.make(proposal.id)
      // Kept until the user decides, so a restart finds it (best effort: a store failure must not block logging).
      yield* store.save(pendingProposals, pendingId, proposal).pipe(Effect.catchAll((e) => Effect.logWarning(`pending proposal not saved: ${e.message}`)))
      const answer = request.yes ? ({ _tag: "Confirmed" } as const) : yield* confirm(proposal)
      if (answer._tag === "Edited" && round < maxEdits) {
        yield* store.remove(pendingProposals, pendingId).pipe(Effect.ignore)
        text = answer.text
        edited = Option.none()
        continue
      }
      if (answer._tag === "EditedLine" && round < maxEdits) {
        yield* store.remove(pendingProposals, pendingId).pipe(Effect.ignore)
        edited = Option.some(yield* editLine(proposal, answer.index, answer.text))
        continue
      }
      if (answer._tag !== "Confirmed") {
        yield* store.remove(pendingProposals, pendingId).pipe(Effect.ignore)
        return { _tag: "Declined", proposal } satisfies LogOutcome
      }
      const report = yield* target.commit(proposal)
      yield* store.remove(pendingProposals, pendingId).pipe(Effect.ignore)
      if (report.alreadyLogged === true) return { _tag: "AlreadyLogged", proposal } satisfies LogOutcome
      return { _tag: "Logged", proposal, report } satisfies LogOutcome
    }
  }).pipe(Effect.withSpan("fitlog.log"))
