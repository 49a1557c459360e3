/**
 * The `NutritionTable` over fitlog's three tables, searched with a full-text
 * engine (domain/fitlog/food-search.ts): USDA FNDDS 2021-2023 first (foods as
 * people eat them, with their household portions), USDA SR28 for the
 * ingredients FNDDS lacks, CoFID 2021 for UK foods.
 *
 * `layerFoodSearch` reads the three tables and builds the index when the layer
 * is first built — a fitlog command, never `shoal --help` — and keeps them for
 * the process: the CLI's commands, the bench's runs and a test worker's files
 * share one index (building it costs about a second).
 */
import { Effect, Layer } from "effect"
import { makeFoodIndex } from "../../domain/fitlog/food-search.js"
import { fromSr28, type TableFood } from "../../domain/fitlog/table-food.js"
import type { FoodRecord, HouseholdWeight } from "../../domain/fitlog/types.js"
import { validate } from "../../domain/fitlog/validate.js"
import { FoodTables, layerFoodTables } from "./food-tables.js"
import type { FoodTableUnavailable } from "./food-tables.js"
import { NutritionTable, type NutritionTableShape } from "./nutrition-table.js"
import { readSr28Records, type NutritionDataUnavailable } from "./sr28-file.js"

/** "1 cup" → 1 × "cup"; "1/2 cup" → 0.5; "Quantity not specified" → 1 × itself. */
export const householdOf = (description: string, grams: number): HouseholdWeight => {
  const m = /^(\d+(?:\.\d+)?)(?:\s*\/\s*(\d+))?\s+(.*)$/.exec(description)
  if (m === null) return { amount: 1, description, grams }
  const amount = Number(m[1]) / Number(m[2] ?? 1)
  return amount > 0 ? { amount, description: m[3] ?? description, grams } : { amount: 1, description, grams }
}

/** A table's food as the matcher's record: its portions as household weights, its table kept. */
export const recordOf = (food: TableFood): FoodRecord => {
  const more: Record<string, number | null> = {}
  food.nutrients.names.forEach((name, i) => {
    if (!(name in food.per100g)) more[name] = food.nutrients.amounts[i] ?? null
  })
  return {
    id: food.id,
    source: food.source,
    ...(food.source === "FNDDS 2021-2023" && food.category !== undefined ? { category: food.category } : {}),
    description: food.description,
    common: false,
    per100g: food.per100g,
    more,
    household: food.portions.map((p) => householdOf(p.description, p.grams))
  }
}

/**
 * Whether a record's own values hold together (energy within tolerance of its macros, nothing negative, energy
 * known): the validator refuses one that does not whatever the amount, so it ranks after one that names as much.
 * Some tables' records do not (CoFID's "Beef, minced, stewed with onions, extra lean": 113 kcal from macros giving 90).
 */
const trusted = new WeakMap<FoodRecord, boolean>()
const isTrusted = (record: FoodRecord): boolean => {
  const known = trusted.get(record)
  if (known !== undefined) return known
  const issues = validate({ food: record.description, grams: 100, per100g: record.per100g, ...(record.source === "CoFID 2021" ? { carbohydrate: "available" as const } : {}) })
  const ok = !issues.some((i) => i._tag === "EnergyInconsistent" || i._tag === "EnergyUnknown" || i._tag === "Negative")
  trusted.set(record, ok)
  return ok
}

/** The matcher's table over `foods` (any mix of the three tables), searched by the engine. */
export const makeSearchTable = (foods: ReadonlyArray<TableFood>, sr28Records: ReadonlyArray<FoodRecord> = []): NutritionTableShape => {
  const index = makeFoodIndex(foods)
  const sr28 = new Map(sr28Records.map((r) => [r.id, r] as const))
  // SR28 records keep their own shape (its household weights as SR28 gives them); the others are converted once.
  const records = foods.map((f) => (f.source === "SR28" ? sr28.get(f.id) ?? recordOf(f) : recordOf(f)))
  const at = new Map(foods.map((f, i) => [f, i] as const))
  const byId = new Map(records.map((r) => [r.id, r] as const))
  let words: ReadonlySet<string> | undefined
  return {
    records,
    search: (name, preparation, limit = 10) => {
      // A few more than asked, so a record the validator would refuse can give way to the next that names as much.
      const hits = index.search(name, preparation, limit + 5).flatMap((hit) => {
        const record = records[at.get(hit.food) ?? -1]
        return record === undefined ? [] : [{ record, score: hit.score, matched: hit.matched, named: hit.asked === 0 ? 1 : hit.matched / hit.asked }]
      })
      return hits
        .map((h, i) => ({ h, i, trusted: isTrusted(h.record) }))
        .sort((a, b) => b.h.matched - a.h.matched || Number(b.trusted) - Number(a.trusted) || a.i - b.i)
        .slice(0, limit)
        .map(({ h }) => ({ record: h.record, score: h.score, named: h.named }))
    },
    // Typos are matched by the engine (fuzzily); the name is searched as written.
    correct: (name) => name,
    byId: (id) => byId.get(id),
    isFoodWord: (word) =>
      (words ??= new Set(foods.flatMap((f) => (f.description.split(",")[0] ?? "").toLowerCase().split(/[^a-z]+/).filter((w) => w.length > 2)))).has(word.toLowerCase())
  }
}

const build = Effect.gen(function*() {
  const tables = yield* FoodTables
  const [fndds, cofid, sr28] = yield* Effect.all([tables.fndds, tables.cofid, readSr28Records])
  return makeSearchTable([...fndds, ...sr28.map(fromSr28), ...cofid], sr28)
})

let built: NutritionTableShape | undefined

/** FNDDS, SR28 and CoFID from the package, indexed once per process on first use. */
export const layerFoodSearch: Layer.Layer<NutritionTable, NutritionDataUnavailable | FoodTableUnavailable> = Layer.effect(
  NutritionTable,
  Effect.suspend(() => (built === undefined ? Effect.tap(build, (t) => Effect.sync(() => (built = t))) : Effect.succeed(built)))
).pipe(Layer.provide(layerFoodTables))
