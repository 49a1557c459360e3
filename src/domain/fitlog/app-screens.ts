/**
 * The MyFitnessPal screens the deterministic navigator knows, recognised
 * from the parsed UI tree by resource ids (diary, search with its results,
 * food detail, serving-size picker), and the pure choices made on them: which
 * search result, which serving unit and how many servings. Anything else —
 * a dialog, another app — is `Unknown`, for the model-driven loop.
 */
import type { UiElement } from "../android/elements.js"
import { elementList, shortId } from "../android/elements.js"
import type { Point, UiNode, UiTree } from "../android/ui-tree.js"
import { centre, walk } from "../android/ui-tree.js"
import { fold, words } from "./search.js"

export const fitnessAppPackage = "com.myfitnesspal.android"

export interface SearchResult {
  readonly name: string
  readonly description: string
  readonly verified: boolean
  /** Calories of the unit the row shows, and that unit's grams when the label says. */
  readonly kcal: number | undefined
  readonly unitGrams: number | undefined
  readonly at: Point
}

export interface UnitOption {
  readonly label: string
  readonly grams: number | undefined
  readonly at: Point
}

export type AppScreen =
  | { readonly _tag: "Splash" }
  | { readonly _tag: "Diary"; readonly addFood: ReadonlyArray<{ readonly meal: string; readonly at: Point }>; readonly list: Point | undefined }
  | { readonly _tag: "Search"; readonly field: Point; readonly query: string; readonly state: "idle" | "loading" | "empty" | "results"; readonly results: ReadonlyArray<SearchResult> }
  | { readonly _tag: "Detail"; readonly food: string; readonly servingRow: Point; readonly servings: Point; readonly unit: string; readonly meal: string; readonly kcal: number | undefined; readonly add: Point }
  | { readonly _tag: "ServingPicker"; readonly options: ReadonlyArray<UnitOption> }
  | { readonly _tag: "Unknown"; readonly reason: string }

const idOf = (n: UiNode) => shortId(n.resourceId) ?? ""
const descendants = (n: UiNode): ReadonlyArray<UiNode> => [n, ...n.children.flatMap(descendants)]

/** Grams of a serving label: `1 g`, `100 g`, `1 cup (158 g)`, `1 oz`. */
export const unitGrams = (label: string): number | undefined => {
  const paren = /\((\d+(?:\.\d+)?)\s*g\)/.exec(label)
  if (paren !== null) return Number(paren[1])
  const grams = /^(\d+(?:\.\d+)?)\s*g$/.exec(label.trim())
  if (grams !== null) return Number(grams[1])
  const oz = /^(\d+(?:\.\d+)?)\s*oz$/.exec(label.trim())
  if (oz !== null) return Number(oz[1]) * 28.3495
  return undefined
}

const searchResult = (row: UiNode): SearchResult => {
  const parts = descendants(row)
  const name = parts.find((n) => idOf(n) === "food_name")?.text ?? ""
  const description = parts.find((n) => idOf(n) === "food_description")?.text ?? ""
  // "Brand, 1 cup (158 g), 205 cal"
  const kcalMatch = /(\d+(?:\.\d+)?)\s*cal\b/.exec(description)
  const segments = description.split(",").map((s) => s.trim())
  const unit = segments.length >= 3 ? segments.slice(1, -1).join(", ") : ""
  return {
    name,
    description,
    verified: parts.some((n) => idOf(n) === "verified_badge"),
    kcal: kcalMatch === null ? undefined : Number(kcalMatch[1]),
    unitGrams: unitGrams(unit),
    at: centre(row.bounds)
  }
}

export const recognise = (tree: UiTree): AppScreen => {
  const nodes = walk(tree).map((w) => w.node)
  const foreign = nodes.find((n) => n.packageName !== fitnessAppPackage && n.packageName !== "")
  if (foreign !== undefined && nodes.some((n) => idOf(n) === "alertTitle" && n.packageName !== fitnessAppPackage)) {
    return { _tag: "Unknown", reason: `a dialog from ${foreign.packageName}: "${nodes.find((n) => idOf(n) === "alertTitle")?.text ?? ""}"` }
  }
  if (!nodes.some((n) => n.packageName === fitnessAppPackage)) return { _tag: "Unknown", reason: "MyFitnessPal is not in front" }
  const byId = (id: string) => nodes.filter((n) => idOf(n) === id)
  const first = (id: string) => byId(id)[0]
  if (first("splash_logo") !== undefined) return { _tag: "Splash" }
  const picker = byId("unit_option")
  if (first("serving_size_picker") !== undefined && picker.length > 0) {
    return { _tag: "ServingPicker", options: picker.map((n) => ({ label: n.text, grams: unitGrams(n.text), at: centre(n.bounds) })) }
  }
  const add = first("action_add")
  const servings = first("number_of_servings")
  const servingRow = first("serving_size_row")
  if (add !== undefined && servings !== undefined && servingRow !== undefined) {
    return {
      _tag: "Detail", food: first("food_title")?.text ?? "", servingRow: centre(servingRow.bounds), servings: centre(servings.bounds),
      unit: first("serving_size")?.text ?? "", meal: first("meal_name")?.text ?? "", add: centre(add.bounds),
      kcal: Number.isFinite(Number(first("calories")?.text)) ? Number(first("calories")?.text) : undefined
    }
  }
  const field = first("search_edit_text")
  if (field !== undefined) {
    const rows = byId("search_result_item")
    const state = first("progress") !== undefined ? "loading" : first("empty_state_text") !== undefined ? "empty" : rows.length > 0 ? "results" : "idle"
    return { _tag: "Search", field: centre(field.bounds), query: field.text, state, results: rows.map(searchResult) }
  }
  const buttons = byId("add_food_button")
  if (first("diary_list") !== undefined || buttons.length > 0) {
    return {
      _tag: "Diary",
      addFood: buttons.map((b) => ({ meal: b.contentDesc.replace(/^Add food to /i, ""), at: centre(b.bounds) })),
      list: pointOf(first("diary_list"))
    }
  }
  return { _tag: "Unknown", reason: "a MyFitnessPal screen the navigator does not know" }
}

const pointOf = (n: UiNode | undefined): Point | undefined => (n === undefined ? undefined : centre(n.bounds))

/** Listed elements, for tests and the fallback loop's prompt. */
export const screenElements = (tree: UiTree): ReadonlyArray<UiElement> => elementList(tree).elements

const similarity = (a: string, b: string): number => {
  const wa = new Set(words(a).map(stemWord))
  const wb = new Set(words(b).map(stemWord))
  if (wa.size === 0 || wb.size === 0) return 0
  let shared = 0
  for (const w of wa) if (wb.has(w)) shared++
  return shared / wa.size
}
const stemWord = (w: string) => (w.length > 3 && w.endsWith("s") ? w.slice(0, -1) : w)

/**
 * The rule choice among results: the name closest to what was asked, with
 * calories per 100 g near the expected (from USDA) when the row says, and
 * verified items preferred. Undefined when nothing is close enough.
 */
export const chooseResult = (results: ReadonlyArray<SearchResult>, wanted: string, expectedKcalPer100g: number | undefined): number | undefined => {
  let best: number | undefined
  let bestScore = -Infinity
  results.forEach((r, i) => {
    const sim = similarity(wanted, r.name)
    if (sim === 0) return
    let score = 3 * sim + (r.verified ? 1 : 0)
    if (expectedKcalPer100g !== undefined && expectedKcalPer100g > 0 && r.kcal !== undefined && r.unitGrams !== undefined && r.unitGrams > 0) {
      const per100 = (r.kcal * 100) / r.unitGrams
      score -= 2 * Math.abs(Math.log(Math.max(per100, 1) / expectedKcalPer100g))
    }
    if (score > bestScore) [best, bestScore] = [i, score]
  })
  return best
}

/** The unit to log grams with, and how many of it: `1 g` best, then `100 g`, then any unit whose grams are known. */
export const chooseUnit = (options: ReadonlyArray<UnitOption>, grams: number): { readonly index: number; readonly servings: number } | undefined => {
  const ranked = options
    .map((o, index) => ({ o, index }))
    .filter(({ o }) => o.grams !== undefined && o.grams > 0)
    .sort((a, b) => rank(a.o.label) - rank(b.o.label))
  const pick = ranked[0]
  if (pick === undefined || pick.o.grams === undefined) return undefined
  return { index: pick.index, servings: Math.round((grams / pick.o.grams) * 100) / 100 }
}
const rank = (label: string) => (fold(label) === "1 g" ? 0 : fold(label) === "100 g" ? 1 : 2)

/** Other searches to try when one finds nothing: singular words, then without the first word, then the last word alone, then it singular. */
export const fallbackQueries = (query: string): ReadonlyArray<string> => {
  const w = query.split(/\s+/).filter((x) => x.length > 0)
  const singularWords = w.map((x) => (x.length > 3 && /[^s]s$/i.test(x) ? x.slice(0, -1) : x))
  return [...new Set([singularWords.join(" "), w.slice(1).join(" "), w.at(-1) ?? "", singularWords.at(-1) ?? ""])].filter((q) => q.length > 0 && q !== query)
}
