/**
 * `FoodTables`: USDA FNDDS 2021-2023 and CoFID 2021 as `TableFood`s, read
 * from the package's data/fitlog/*.json (derived from the USDA and Public
 * Health England tables by scripts/build-food-tables.mjs, committed with their
 * credits) and decoded with the Schemas of domain/fitlog/food-table-files.ts.
 *
 * Each table is read on first use and kept for the layer's life: building
 * the layer reads nothing, and a session that never asks for CoFID never
 * reads it. Like `layerSr28`, the files are found from the package, never
 * bundled, and only this layer's code reads them: `shoal --help` loads no food data.
 *
 * Layers: `layerFoodTables` (the package's files), `layerFoodTablesFrom(dir)`
 * (the same files elsewhere), `layerFromFoods` (given foods: tests, embedders).
 */
import { Context, Data, Effect, Layer, ParseResult, Schema } from "effect"
import { CofidFile, cofidFoods, FnddsFile, fnddsFoods } from "../../domain/fitlog/food-table-files.js"
import type { SourceTable, TableFood } from "../../domain/fitlog/table-food.js"

export class FoodTableUnavailable extends Data.TaggedError("FoodTableUnavailable")<{
  readonly table: SourceTable
  readonly reason: string
}> {
  override get message(): string {
    return `The ${this.table} food table could not be read (${this.reason}). Reinstall shoal so that its data/fitlog folder is complete.`
  }
}

export interface FoodTablesShape {
  /** USDA FNDDS 2021-2023: 5,431 foods as people report eating them, with household portions. */
  readonly fndds: Effect.Effect<ReadonlyArray<TableFood>, FoodTableUnavailable>
  /** CoFID 2021: 2,887 UK foods, no portions. */
  readonly cofid: Effect.Effect<ReadonlyArray<TableFood>, FoodTableUnavailable>
}

export class FoodTables extends Context.Tag("shoal/FoodTables")<FoodTables, FoodTablesShape>() {}

/** The files, named as scripts/build-food-tables.mjs writes them under data/fitlog. */
export const foodTableFiles = { fndds: "fndds-2021-2023.json", cofid: "cofid-2021.json" } as const

/** The package's data/fitlog, found through its own package.json (from source, dist/lib and the bundled CLI alike). */
const packageDataDirectory = (table: SourceTable) =>
  Effect.tryPromise({
    try: async () => {
      const { createRequire } = await import("node:module")
      const { dirname, join } = await import("node:path")
      // The bundled CLI is CommonJS (its own `require`); from source or ES modules, resolve relative to this module.
      const resolve = typeof require === "function" && typeof require.resolve === "function" ? require.resolve : createRequire(import.meta.url).resolve
      return join(dirname(resolve("shoal/package.json")), "data", "fitlog")
    },
    catch: (e) => new FoodTableUnavailable({ table, reason: e instanceof Error ? e.message : String(e) })
  })

const readTable = <A, I>(
  table: SourceTable,
  directory: (table: SourceTable) => Effect.Effect<string, FoodTableUnavailable>,
  name: string,
  schema: Schema.Schema<A, I>,
  foods: (file: A) => ReadonlyArray<TableFood>
): Effect.Effect<ReadonlyArray<TableFood>, FoodTableUnavailable> =>
  Effect.gen(function*() {
    const dir = yield* directory(table)
    const text = yield* Effect.tryPromise({
      try: async () => {
        const { readFile } = await import("node:fs/promises")
        const { join } = await import("node:path")
        return readFile(join(dir, name), "utf8")
      },
      catch: (e) => new FoodTableUnavailable({ table, reason: e instanceof Error ? e.message : String(e) })
    })
    const file = yield* Schema.decodeUnknown(Schema.parseJson(schema))(text).pipe(
      Effect.mapError((e) => {
        const [first] = ParseResult.ArrayFormatter.formatErrorSync(e)
        return new FoodTableUnavailable({ table, reason: `${name}: ${first === undefined ? e.message : `${first.path.join(".") || "the file"}: ${first.message}`}` })
      })
    )
    return foods(file)
  }).pipe(Effect.withSpan("fitlog.readFoodTable", { attributes: { table } }))

const make = (directory: (table: SourceTable) => Effect.Effect<string, FoodTableUnavailable>) =>
  Effect.gen(function*() {
    const fndds = yield* Effect.cached(readTable("FNDDS 2021-2023", directory, foodTableFiles.fndds, FnddsFile, fnddsFoods))
    const cofid = yield* Effect.cached(readTable("CoFID 2021", directory, foodTableFiles.cofid, CofidFile, cofidFoods))
    return FoodTables.of({ fndds, cofid })
  })

export const layerFoodTables: Layer.Layer<FoodTables> = Layer.effect(FoodTables, make(packageDataDirectory))

/** The tables read from `directory` instead of the package's data/fitlog (an embedder's copy, a test's broken file). */
export const layerFoodTablesFrom = (directory: string): Layer.Layer<FoodTables> => Layer.effect(FoodTables, make(() => Effect.succeed(directory)))

export const layerFromFoods = (foods: { readonly fndds?: ReadonlyArray<TableFood>; readonly cofid?: ReadonlyArray<TableFood> }): Layer.Layer<FoodTables> =>
  Layer.succeed(FoodTables, FoodTables.of({ fndds: Effect.succeed(foods.fndds ?? []), cofid: Effect.succeed(foods.cofid ?? []) }))
