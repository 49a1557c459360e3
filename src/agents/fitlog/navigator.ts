/**
 * The deterministic navigator (DESIGN "fitlog", Android target): logs one
 * confirmed food in MyFitnessPal by recognising each screen from the UI tree
 * and acting on it — diary → ADD FOOD for the meal → search → choose a
 * result → serving unit and amount → add. The model is asked only to choose
 * among results (rules when offline), and takes over through the Chat ↔ Tool
 * loop only on a screen the navigator does not know.
 */
import { Effect, Option, Schema } from "effect"
import { Keys } from "../../domain/android/key-codes.js"
import type { AppScreen, SearchResult } from "../../domain/fitlog/app-screens.js"
import { chooseResult, chooseUnit, fallbackQueries, recognise } from "../../domain/fitlog/app-screens.js"
import type { ProposalLine } from "../../domain/fitlog/proposal.js"
import { formatGrams } from "../../domain/fitlog/proposal.js"
import type { Meal } from "../../domain/fitlog/types.js"
import { saidYes, yesNoQuestion } from "../../domain/question.js"
import { Adb } from "../../services/adb/adb.js"
import { extract } from "../../services/llm/extract.js"
import { requireModel } from "../../services/llm/llm.js"
import { QuestionUI } from "../../services/question-ui/question-ui.js"
import { entryDifference } from "../../domain/fitlog/app-entry.js"
import { parseItem } from "../../domain/fitlog/parse.js"
import { recoverUnknownScreen } from "./fallback-loop.js"

export type FoodOutcome =
  | { readonly _tag: "Added"; readonly food: string; readonly amount: string; readonly kcal: number | null; readonly modelCalls: number }
  | { readonly _tag: "NotAdded"; readonly reason: string; readonly modelCalls: number }

/** Steps (screens read) at most for one food, and model fallbacks at most. */
const maxSteps = 40
const maxFallbacks = 2

export const readScreen = Effect.flatMap(Adb, (adb) => Effect.map(adb.waitForIdle({ interval: "100 millis", maxDumps: 8 }), (s) => recognise(s.tree)))

const Choice = Schema.Struct({ index: Schema.Int.annotations({ description: "1-based number of the best result, or 0 if none fits" }) })

/**
 * Which result to open: the model when one is configured, else name similarity
 * and kcal plausibility. Offline it decides before calling: no call is made.
 */
const pickResult = (results: ReadonlyArray<SearchResult>, wanted: string, kcalPer100g: number | undefined) => {
  const rules = chooseResult(results, wanted, kcalPer100g)
  return Effect.gen(function*() {
    yield* requireModel
    const listed = results.map((r, i) => `${i + 1}. ${r.name} — ${r.description}${r.verified ? " (verified)" : ""}`).join("\n")
    const chosen = yield* extract(Choice, {
      system: "You choose the MyFitnessPal search result that best matches a food the user ate: same food and preparation, plausible calories, verified preferred, and a unit in grams if possible.",
      prompt: `The user ate: ${wanted}${kcalPer100g === undefined ? "" : ` (about ${Math.round(kcalPer100g)} kcal per 100 g)`}.\nResults:\n${listed}`,
      toolName: "choose_result"
    }).pipe(Effect.option)
    const index = Option.flatMap(chosen, (c) => (c.index >= 1 && c.index <= results.length ? Option.some(c.index - 1) : Option.none()))
    return { index: Option.getOrElse(index, () => rules), modelCalls: 1 }
  }).pipe(Effect.catchTag("Offline", () => Effect.succeed({ index: rules, modelCalls: 0 })))
}

const capitalised = (meal: Meal) => `${meal[0]?.toUpperCase() ?? ""}${meal.slice(1)}`

/** Get to the diary from wherever the app is (BACK from search and detail). */
/** Ask whether to add an app entry that differs from the proposed food; the unattended answer is no. */
const approveDifferent = (line: ProposalLine, appFood: string, difference: string) =>
  Effect.flatMap(QuestionUI, (ui) =>
    ui.ask(yesNoQuestion({
      id: "app-entry",
      prompt: `For "${line.text}" (${line.food}, ${line.kcal ?? "?"} kcal) the app offers "${appFood}": ${difference}. Add it anyway?`,
      yes: `Yes, add "${appFood}"`,
      no: "No, skip this food"
    }))).pipe(Effect.map(saidYes))

export const logOneFood = (line: ProposalLine, query: string, meal: Meal) =>
  Effect.gen(function*() {
    const preparation = Option.getOrUndefined(Option.flatMap(parseItem(line.text), (r) => Option.fromNullable(r.preparation)))
    const adb = yield* Adb
    const mealLabel = capitalised(meal)
    const queries = [query, ...fallbackQueries(query)]
    const kcalPer100g = line.kcal === null || line.grams <= 0 ? undefined : (line.kcal * 100) / line.grams
    let queryIndex = 0
    let typed: string | undefined
    let servings: number | undefined
    let servingsTyped = false
    let added: { readonly food: string; readonly kcal: number | null } | undefined
    let modelCalls = 0
    let fallbacks = 0
    let scrolls = 0
    // Results opened whose units could not express grams: the next choice skips them.
    const noGramUnit = new Set<string>()
    let opened: string | undefined
    const notAdded = (reason: string): FoodOutcome => ({ _tag: "NotAdded", reason, modelCalls })

    for (let step = 0; step < maxSteps; step++) {
      const screen: AppScreen = yield* readScreen
      switch (screen._tag) {
        case "Splash":
          continue
        case "Unknown": {
          if (fallbacks >= maxFallbacks) return notAdded(`stuck on a screen the navigator does not know (${screen.reason})`)
          fallbacks++
          const recovered = yield* recoverUnknownScreen(screen.reason)
          modelCalls += recovered.modelCalls
          continue
        }
        case "Diary": {
          if (added !== undefined) return { _tag: "Added", food: added.food, amount: formatGrams(line.grams), kcal: added.kcal, modelCalls } satisfies FoodOutcome
          const button = screen.addFood.find((b) => b.meal.toLowerCase() === meal)
          if (button === undefined) {
            if (screen.list === undefined || scrolls >= 6) return notAdded(`no "Add food" button for ${mealLabel} on the diary`)
            scrolls++
            yield* adb.swipe({ x: screen.list.x, y: screen.list.y + 400 }, { x: screen.list.x, y: screen.list.y - 400 })
            continue
          }
          yield* adb.tap(button.at)
          typed = undefined
          continue
        }
        case "Search": {
          const current = queries[queryIndex]
          if (current === undefined) return notAdded(`no results in the app for "${query}"`)
          if (screen.state === "loading") continue
          if (typed !== current || screen.query !== current) {
            yield* adb.tap(screen.field)
            for (let i = 0; i < screen.query.length; i++) yield* adb.keyevent(Keys.DEL)
            yield* adb.typeText(current)
            yield* adb.keyevent(Keys.ENTER)
            typed = current
            continue
          }
          if (screen.state === "idle") {
            yield* adb.keyevent(Keys.ENTER)
            continue
          }
          const candidates = screen.results.filter((r) => !noGramUnit.has(r.name))
          const choice = screen.state === "results" && candidates.length > 0 ? yield* pickResult(candidates, query, kcalPer100g) : { index: undefined, modelCalls: 0 }
          modelCalls += choice.modelCalls
          const result = choice.index === undefined ? undefined : candidates[choice.index]
          if (result === undefined) {
            queryIndex++
            if (queries[queryIndex] === undefined) {
              return notAdded(screen.state === "empty" ? `no results in the app for "${query}"` : `no result in the app matches "${query}"`)
            }
            continue
          }
          yield* adb.tap(result.at)
          opened = result.name
          servings = undefined
          servingsTyped = false
          continue
        }
        case "ServingPicker": {
          const unit = chooseUnit(screen.options, line.grams)
          if (unit === undefined) {
            // Prefer results that support the user's unit: back to the results, and try the next one.
            if (opened === undefined || noGramUnit.has(opened)) return notAdded(`the app offers no unit in grams for this food (${screen.options.map((o) => o.label).join(", ")})`)
            noGramUnit.add(opened)
            yield* adb.keyevent(Keys.BACK)
            yield* adb.keyevent(Keys.BACK)
            continue
          }
          const option = screen.options[unit.index]
          if (option !== undefined) yield* adb.tap(option.at)
          servings = unit.servings
          continue
        }
        case "Detail": {
          if (servings === undefined) {
            yield* adb.tap(screen.servingRow)
            continue
          }
          if (!servingsTyped) {
            yield* adb.tap(screen.servings)
            yield* adb.typeText(String(servings))
            yield* adb.keyevent(Keys.ENTER)
            servingsTyped = true
            continue
          }
          if (screen.meal !== "" && screen.meal.toLowerCase() !== meal) return notAdded(`the app opened ${screen.meal} instead of ${mealLabel}`)
          // What the app logs must be the food proposed: a different one is asked about (unattended: not added).
          const difference = entryDifference({ text: line.text, preparation, proposedKcal: line.kcal, appFood: screen.food, appKcal: screen.kcal ?? null })
          if (difference !== undefined && !(yield* approveDifferent(line, screen.food, difference))) {
            yield* adb.keyevent(Keys.BACK)
            yield* adb.keyevent(Keys.BACK)
            return notAdded(`the app's entry "${screen.food}" is not the food proposed (${difference}); not added — log it by hand, or run again to be asked`)
          }
          added = { food: screen.food, kcal: screen.kcal ?? null }
          yield* adb.tap(screen.add)
          continue
        }
      }
    }
    return notAdded(`gave up after ${maxSteps} screens`)
  })
