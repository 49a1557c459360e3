/**
 * The SR28 nutrition table for tests, read, parsed and indexed once per test worker rather than once per
 * `Effect.provide`: building `layerSr28` takes most of a second, and the offline estimator's tests ran it for
 * every phrase. The table is immutable (its lazily built word sets are the same whoever builds them first), so
 * sharing it changes no result. Test files share their worker's modules (vitest.config.ts), hence one per worker.
 */
import { Effect, Layer } from "effect"
import { layerOffline } from "../../src/services/llm/offline.js"
import type { Llm } from "../../src/services/llm/llm.js"
import type { NutritionTable } from "../../src/services/nutrition-table/nutrition-table.js"
import type { NutritionDataUnavailable } from "../../src/services/nutrition-table/sr28-file.js"
import { layerSr28 } from "../../src/services/nutrition-table/sr28-file.js"

/** `layerSr28`, built the first time it is used and then reused. */
export const sr28Table: Layer.Layer<NutritionTable, NutritionDataUnavailable> = Layer.memoize(layerSr28).pipe(Effect.scoped, Effect.runSync)

/** The table and the offline model: the estimator's rule-based path. */
export const sr28Offline: Layer.Layer<NutritionTable | Llm, NutritionDataUnavailable> = Layer.merge(sr28Table, layerOffline)
