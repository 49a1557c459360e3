/**
 * What `shoal fitlog` does when it runs: build the layers a subcommand needs
 * (nutrition table, diary, session store, question UI, model, device) and
 * print what happened. Imported by fitlog.ts only when a subcommand runs, so
 * `--help` loads none of it.
 */
import { FileSystem, Path } from "@effect/platform"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import { Console, Data, DateTime, Effect, Layer, Option, Schema } from "effect"
import { estimate, estimateJson } from "../agents/fitlog/estimate.js"
import { localTarget } from "../agents/fitlog/local-target.js"
import { logFood } from "../agents/fitlog/log.js"
import { propose } from "../agents/fitlog/propose.js"
import type { CommitReport, LogOutcome } from "../agents/fitlog/log.js"
import { dayReport } from "../domain/fitlog/day-report.js"
import { wordlessText } from "../domain/fitlog/food-text.js"
import { detailKeys, shownNutrients } from "../domain/fitlog/nutrients.js"
import { closestNote, describeProposal, summaryTable } from "../domain/fitlog/proposal.js"
import { DiaryDate, mealAt } from "../domain/fitlog/types.js"
import type { Meal } from "../domain/fitlog/types.js"
import { Diary } from "../services/diary/diary.js"
import type { GoalName } from "../services/diary/diary.js"
import type { LlmFlags } from "../services/llm/settings.js"
import { layerFallback } from "../services/question-ui/fallback.js"
import { stdioIO } from "../services/question-ui/terminal-io.js"
import { layerFileFromConfigNode, resolveDataDir } from "../services/session-store/file.js"
import { SessionId } from "../services/session-store/session-kind.js"
import { SessionStore } from "../services/session-store/session-store.js"
import { pendingProposals } from "../agents/fitlog/session-kind.js"
import { terminalQuestions } from "./host-terminal.js"
import { llmLayerFor } from "./llm-options.js"

/** A mistake in what the user typed: one line, exit code 1, nothing written. */
/** A bad argument (exit 2). */
export class FitlogUsageError extends Data.TaggedError("FitlogUsageError")<{ readonly message: string }> {}

/** Well-formed input that is not logged: nothing readable as food, or a meal refused unattended (exit 1). */
export class FitlogNotLogged extends Data.TaggedError("FitlogNotLogged")<{ readonly message: string }> {}

export interface DiaryFlags {
  readonly db: Option.Option<string>
}

export interface LogFlags extends LlmFlags, DiaryFlags {
  readonly text: string
  readonly to: "local" | "android"
  readonly yes: boolean
  readonly again: boolean
  readonly meal: Option.Option<Meal>
  readonly device: Option.Option<string>
  readonly avd: Option.Option<string>
}

const nodePlatform = Layer.merge(NodeFileSystem.layer, NodePath.layer)

/** Today in the user's time zone, and the hour (for the likely meal). */
export const localToday = Effect.map(DateTime.now, (now) => {
  const zoned = DateTime.setZone(now, DateTime.zoneMakeLocal())
  return { date: DiaryDate.make(DateTime.formatIsoDate(zoned)), hour: DateTime.getPart(zoned, "hours") }
})

/** `--db PATH`, else `<data dir>/fitlog/diary.sqlite`. A folder given as PATH is the user's mistake: say which file to pass. */
export const diaryLayer = (flags: DiaryFlags) =>
  Layer.unwrapEffect(Effect.gen(function*() {
    const path = yield* Path.Path
    const file = Option.isSome(flags.db) ? path.resolve(flags.db.value) : path.join(yield* resolveDataDir, "fitlog", "diary.sqlite")
    const fs = yield* FileSystem.FileSystem
    const kind = yield* fs.stat(file).pipe(Effect.map((s) => s.type), Effect.orElseSucceed(() => "missing"))
    if (kind === "Directory") {
      return yield* new FitlogUsageError({ message: `--db ${file} is a folder; pass the diary's SQLite file, e.g. --db ${path.join(file, "diary.sqlite")} (created there if it does not exist)` })
    }
    const { layerSqlite } = yield* Effect.promise(() => import("../services/diary/sqlite.js"))
    return layerSqlite(file, { createDirectory: Option.isNone(flags.db) })
  })).pipe(Layer.provide(nodePlatform))

/** FNDDS, SR28 and CoFID searched by the full-text engine; the module (and its data) is imported when a command runs. */
const nutritionLayer = Layer.unwrapEffect(Effect.map(Effect.promise(() => import("../services/nutrition-table/food-search-table.js")), (m) => m.layerFoodSearch))

const terminalUi = Layer.unwrapScoped(Effect.map(stdioIO(process.stdin, process.stdout), terminalQuestions))

const printReport = (report: CommitReport) =>
  Effect.gen(function*() {
    if (report.logged.length > 0) yield* Console.log(summaryTable(report.logged))
    for (const n of report.notLogged) yield* Console.log(`Not logged: "${n.text}" — ${n.reason}`)
  })

const printOutcome = (outcome: LogOutcome, where: string) =>
  Effect.gen(function*() {
    switch (outcome._tag) {
      case "NothingToLog":
        return yield* new FitlogNotLogged({
          message: `nothing to log: ${outcome.skipped.map((s) => `"${s.text}" — ${s.reason}`).join("; ") || "no food found in the text"}`
        })
      case "AlreadyLogged":
        return yield* Console.log(`Already logged to the ${where} (proposal ${outcome.proposal.id}); nothing written again. Ate it again? Add --again.`)
      case "Refused":
        return yield* new FitlogNotLogged({ message: `not logged: ${outcome.reason}` })
      case "Declined":
        return yield* Console.log("Nothing logged.")
      case "Logged":
        yield* Console.log(`Logged to the ${where} — ${outcome.proposal.meal}, ${outcome.proposal.date} (proposal ${outcome.proposal.id}):`)
        return yield* printReport(outcome.report)
    }
  })

const printDay = (date: DiaryDate) =>
  Effect.gen(function*() {
    const diary = yield* Diary
    const [rows, goals] = yield* Effect.all([diary.day(date), diary.goals])
    yield* Console.log(dayReport(date, rows, goals))
  })

/** A text with no word or number in it (empty, emoji or punctuation only) is a usage error (exit 2), before any table, diary or model is opened. */
const requireWords = (text: string) =>
  Option.match(wordlessText(text), {
    onNone: () => Effect.void,
    onSome: (message) => Effect.fail(new FitlogUsageError({ message: `nothing to read: ${message}` }))
  })

export const runLog = (flags: LogFlags) =>
  Effect.gen(function*() {
    yield* requireWords(flags.text)
    const { date, hour } = yield* localToday
    const { layer: llm } = yield* llmLayerFor(flags)
    const request = { text: flags.text, date, meal: flags.meal, likelyMeal: mealAt(hour), yes: flags.yes, again: flags.again }
    const questions = flags.yes ? layerFallback : terminalUi
    const models = yield* Layer.build(Layer.merge(llm, nutritionLayer))
    // A text with nothing loggable is the user's mistake: say so before any diary, session or device is opened.
    const first = propose(yield* estimate(flags.text).pipe(Effect.provide(models)), "lunch", date)
    if (first._tag === "NothingToLog") return yield* printOutcome(first, "")
    const base = Layer.mergeAll(Layer.succeedContext(models), layerFileFromConfigNode, questions)
    if (flags.to === "local") {
      const outcome = yield* logFood(request, localTarget).pipe(Effect.provide(Layer.merge(base, diaryLayer(flags))))
      yield* printOutcome(outcome, "local diary")
      if (outcome._tag === "Logged") yield* Console.log("").pipe(Effect.zipRight(printDay(date)), Effect.provide(diaryLayer(flags)))
      return
    }
    const { androidTarget } = yield* Effect.promise(() => import("../agents/fitlog/android-target.js"))
    const { layerAdbFromChoice } = yield* Effect.promise(() => import("../services/adb/choose.js"))
    const device = layerAdbFromChoice({
      ...(Option.isSome(flags.device) ? { device: flags.device.value } : {}),
      ...(Option.isSome(flags.avd) ? { avd: flags.avd.value } : {})
    })
    const outcome = yield* logFood(request, androidTarget).pipe(Effect.provide(Layer.mergeAll(base, device)))
    yield* printOutcome(outcome, "MyFitnessPal app")
  }).pipe(Effect.scoped, Effect.provide(nodePlatform))

export const runEstimate = (flags: LlmFlags & { readonly text: string; readonly json: boolean }) =>
  Effect.gen(function*() {
    yield* requireWords(flags.text)
    const { layer: llm } = yield* llmLayerFor(flags)
    const result = yield* estimate(flags.text).pipe(Effect.provide(Layer.merge(llm, nutritionLayer)))
    const json = estimateJson(result)
    if (flags.json) return yield* Console.log(JSON.stringify(json, null, 2))
    yield* Console.log(`Meal: ${json.meal ?? "(not said)"}`)
    yield* Console.log(summaryTable(json.items.flatMap((i) => (i.food === null || "error" in i ? [] : [{ food: i.food, amount: `${i.grams} g`, kcal: i.kcal, source: i.source }]))))
    // Each amount the rules assumed (a household weight, "1 assumed", a dish built from parts), as `log` shows it before asking.
    // A dish built from parts carries one assumption on every part: shown once.
    const assumed = new Set(json.items.flatMap((i) => ("error" in i || i.food === null || i.assumption === undefined ? [] : [i.assumption])))
    for (const a of assumed) yield* Console.log(`  assumed: ${a}`)
    // A food that is only the closest match to the one named, never a quiet swap: said, with how sure the match is.
    for (const i of json.items) if (i.food !== null && "match" in i && !i.match.named) yield* Console.log(`  ${closestNote(i.text, i.food, i.match.confidence)}`)
    for (const i of json.items) if ("error" in i) yield* Console.log(`Not counted: "${i.text}" — ${i.error}`)
    yield* Console.log(`Total: ${json.total.kcal} kcal, protein ${json.total.protein_g} g, carbs ${json.total.carbs_g} g, fat ${json.total.fat_g} g`)
  })

const decodeDate = Schema.decodeUnknownOption(DiaryDate)

export const runDay = (flags: DiaryFlags & { readonly date: Option.Option<string> }) =>
  Effect.gen(function*() {
    const date = Option.isNone(flags.date) ? Option.some((yield* localToday).date) : decodeDate(flags.date.value)
    if (Option.isNone(date)) return yield* new FitlogUsageError({ message: `"${Option.getOrElse(flags.date, () => "")}" is not a day: a date is YYYY-MM-DD that the calendar has, e.g. 2026-11-22` })
    yield* printDay(date.value).pipe(Effect.provide(diaryLayer(flags)))
  }).pipe(Effect.provide(nodePlatform))

export const runSetGoal = (flags: DiaryFlags & { readonly name: GoalName; readonly value: number }) =>
  Effect.gen(function*() {
    if (!(flags.value > 0 && flags.value < 20_000)) return yield* new FitlogUsageError({ message: "a goal is a positive number below 20000" })
    yield* Effect.flatMap(Diary, (d) => d.setGoal(flags.name, flags.value)).pipe(Effect.provide(diaryLayer(flags)))
    yield* Console.log(`Goal set: ${flags.name} ${flags.value}${flags.name === "calories" ? " kcal" : " g"} a day.`)
  }).pipe(Effect.provide(nodePlatform))

const csvField = (v: string | number | null) => (v === null ? "" : typeof v === "number" ? String(v) : /[",\n]/.test(v) ? `"${v.replace(/"/g, "\"\"")}"` : v)

export const runExport = (flags: DiaryFlags & { readonly from: Option.Option<string>; readonly to: Option.Option<string> }) =>
  Effect.gen(function*() {
    const from = decodeDate(Option.getOrElse(flags.from, () => "0000-01-01"))
    const to = decodeDate(Option.getOrElse(flags.to, () => "9999-12-31"))
    if (Option.isNone(from) || Option.isNone(to)) return yield* new FitlogUsageError({ message: "--from and --to are dates, YYYY-MM-DD" })
    const rows = yield* Effect.flatMap(Diary, (d) => d.range(from.value, to.value)).pipe(Effect.provide(diaryLayer(flags)))
    // Every nutrient after the original columns: the shown ones first, then the rest; an unknown value is an empty field, never 0.
    const nutrients = [...shownNutrients, ...detailKeys.filter((k) => !shownNutrients.includes(k))]
    yield* Console.log(["date,meal,food,grams,kcal,protein_g,carbs_g,fat_g,source,text,proposal_id", ...nutrients].join(","))
    for (const r of rows) {
      yield* Console.log([r.date, r.meal, r.food, r.grams, r.kcal, r.protein_g, r.carbs_g, r.fat_g, r.source, r.text, r.proposalId, ...nutrients.map((k) => r.detail[k])].map(csvField).join(","))
    }
  }).pipe(Effect.provide(nodePlatform))

/** `shoal fitlog pending`: proposals still waiting for a yes (kept across restarts). */
export const runPending = Effect.gen(function*() {
  const store = yield* SessionStore
  const pending = yield* store.list(pendingProposals)
  if (pending.length === 0) return yield* Console.log("No proposals are waiting for confirmation.")
  for (const summary of pending) {
    const proposal = yield* store.load(pendingProposals, summary.id).pipe(Effect.option)
    yield* Console.log(Option.match(proposal, { onNone: () => `${summary.id}: (unreadable)`, onSome: describeProposal }))
    yield* Console.log("")
  }
  yield* Console.log("Log one with: shoal fitlog confirm ID   (or drop it with: shoal fitlog confirm ID --drop)")
}).pipe(Effect.provide(layerFileFromConfigNode))

/** `shoal fitlog confirm ID [--drop]`: commit (or drop) a pending proposal to the local diary. */
export const runConfirm = (flags: DiaryFlags & { readonly id: string; readonly drop: boolean }) =>
  Effect.gen(function*() {
    const store = yield* SessionStore
    const id = Schema.decodeUnknownOption(SessionId)(flags.id)
    const proposal = Option.isNone(id) ? Option.none() : yield* store.load(pendingProposals, id.value).pipe(Effect.option)
    if (Option.isNone(id) || Option.isNone(proposal)) return yield* new FitlogUsageError({ message: `no pending proposal "${flags.id}"; see them with: shoal fitlog pending` })
    if (flags.drop) {
      yield* store.remove(pendingProposals, id.value)
      return yield* Console.log(`Dropped ${flags.id}; nothing logged.`)
    }
    const report = yield* localTarget.commit(proposal.value).pipe(Effect.provide(diaryLayer(flags)))
    yield* store.remove(pendingProposals, id.value).pipe(Effect.ignore)
    yield* printOutcome({ _tag: "Logged", proposal: proposal.value, report }, "local diary")
  }).pipe(Effect.provide(Layer.merge(layerFileFromConfigNode, nodePlatform)))
