/**
 * The diary's recipe store in SQLite: one row per recipe name (case-
 * insensitive), with its servings, text and one serving's weight and
 * nutrients. Rows are decoded back through `SavedRecipe`.
 */
import type { SqlClient } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Effect, Option, Schema } from "effect"
import { SavedRecipe } from "../../domain/fitlog/recipe.js"
import { DiaryError } from "./diary.js"
import type { DiaryShape } from "./diary.js"

export const recipesSchema = [
  `CREATE TABLE IF NOT EXISTS recipes (name TEXT PRIMARY KEY COLLATE NOCASE, servings REAL NOT NULL, text TEXT NOT NULL,
     grams REAL NOT NULL, kcal REAL NOT NULL, protein_g REAL NOT NULL, carbs_g REAL NOT NULL, fat_g REAL NOT NULL, created TEXT NOT NULL)`
]

const Row = Schema.Struct({
  name: Schema.String,
  servings: Schema.Number,
  text: Schema.String,
  grams: Schema.Number,
  kcal: Schema.Number,
  protein_g: Schema.Number,
  carbs_g: Schema.Number,
  fat_g: Schema.Number,
  created: Schema.String
})

const decodeRecipes = (raw: ReadonlyArray<unknown>) =>
  Schema.decodeUnknown(Schema.Array(Row))(raw).pipe(
    Effect.flatMap((rows) =>
      Schema.decodeUnknown(Schema.Array(SavedRecipe))(rows.map((r) => ({
        name: r.name, servings: r.servings, text: r.text, created: r.created,
        perServing: { grams: r.grams, kcal: r.kcal, protein_g: r.protein_g, carbs_g: r.carbs_g, fat_g: r.fat_g }
      })))
    ),
    Effect.mapError((e) => new DiaryError({ operation: "read recipes", reason: e.message }))
  )

const fail = (operation: string) => (e: SqlError) => new DiaryError({ operation, reason: e.message })

export const makeRecipeStore = (sql: SqlClient): Pick<DiaryShape, "saveRecipe" | "searchRecipes" | "getRecipe"> => ({
  saveRecipe: (r) =>
    sql`INSERT INTO recipes ${sql.insert({
      name: r.name, servings: r.servings, text: r.text, grams: r.perServing.grams, kcal: r.perServing.kcal,
      protein_g: r.perServing.protein_g, carbs_g: r.perServing.carbs_g, fat_g: r.perServing.fat_g, created: r.created
    })} ON CONFLICT(name) DO UPDATE SET name = excluded.name, servings = excluded.servings, text = excluded.text, grams = excluded.grams,
      kcal = excluded.kcal, protein_g = excluded.protein_g, carbs_g = excluded.carbs_g, fat_g = excluded.fat_g, created = excluded.created`.pipe(
      Effect.asVoid,
      Effect.mapError(fail("save a recipe"))
    ),
  searchRecipes: (query) =>
    sql`SELECT * FROM recipes WHERE instr(lower(name), lower(${query.trim()})) > 0 ORDER BY name COLLATE NOCASE`.pipe(
      Effect.mapError(fail("search recipes")),
      Effect.flatMap(decodeRecipes)
    ),
  getRecipe: (name) =>
    sql`SELECT * FROM recipes WHERE name = ${name.trim()}`.pipe(
      Effect.mapError(fail("read a recipe")),
      Effect.flatMap(decodeRecipes),
      Effect.map((rs) => Option.fromNullable(rs[0]))
    )
})
