/**
 * The `Diary` port: fitlog's local food diary (DESIGN "Services"). Committing
 * a confirmed proposal is idempotent — a proposal id is written once, with
 * all its lines, in one transaction — so re-running a confirmed command never
 * double-logs. The same database keeps the user's goals, body profile and
 * saved recipes.
 *
 * Layers: `layerSqlite(file)` (better-sqlite3 through @effect/sql-sqlite-node,
 * loaded only when the layer is built) and `layerSqliteMemory` (tests).
 */
import { Context, Schema } from "effect"
import type { Effect, Option } from "effect"
import type { NutrientDetail } from "../../domain/fitlog/nutrients.js"
import type { PartialProfile } from "../../domain/fitlog/profile.js"
import type { Proposal, ProposalId, ProposalLine } from "../../domain/fitlog/proposal.js"
import type { SavedRecipe } from "../../domain/fitlog/recipe.js"
import type { DiaryDate, Meal } from "../../domain/fitlog/types.js"

export class DiaryError extends Schema.TaggedError<DiaryError>()("DiaryError", {
  operation: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `The food diary could not ${this.operation}: ${this.reason}`
  }
}

export interface DiaryRow {
  /** The entry's own id in the diary (to remove or change this one entry). */
  readonly entry: number
  readonly proposalId: ProposalId
  readonly date: DiaryDate
  readonly meal: Meal
  readonly text: string
  readonly food: string
  readonly foodId: string
  readonly grams: number
  readonly kcal: number | null
  readonly protein_g: number | null
  readonly carbs_g: number | null
  readonly fat_g: number | null
  readonly source: string
  /** Every other SR28 nutrient of the entry; null where unknown (rows logged before nutrients were kept are all null). */
  readonly detail: NutrientDetail
}

export const goalNames = ["calories", "protein", "carbs", "fat"] as const
export type GoalName = (typeof goalNames)[number]
export type Goals = { readonly [K in GoalName]?: number }

export type CommitOutcome = "committed" | "already-committed"

export interface DiaryShape {
  readonly commit: (proposal: Proposal) => Effect.Effect<CommitOutcome, DiaryError>
  readonly isCommitted: (id: ProposalId) => Effect.Effect<boolean, DiaryError>
  /** One day's rows, in the order they were logged. */
  readonly day: (date: DiaryDate) => Effect.Effect<ReadonlyArray<DiaryRow>, DiaryError>
  /**
   * Take one entry out of the diary; false when there is no such entry (already removed).
   * The proposal's last entry gone, the proposal is no longer logged: the same food may be logged again.
   */
  readonly removeEntry: (entry: number) => Effect.Effect<boolean, DiaryError>
  /** Put `line` in the place of one entry (same meal and day): a new amount; false when there is no such entry. */
  readonly replaceEntry: (entry: number, line: ProposalLine) => Effect.Effect<boolean, DiaryError>
  /** Rows from `from` to `to` inclusive. */
  readonly range: (from: DiaryDate, to: DiaryDate) => Effect.Effect<ReadonlyArray<DiaryRow>, DiaryError>
  readonly goals: Effect.Effect<Goals, DiaryError>
  readonly setGoal: (name: GoalName, value: number) => Effect.Effect<void, DiaryError>
  /** What the user has told us of themselves (age, sex, height, weight, activity); fields never given are absent. */
  readonly profile: Effect.Effect<PartialProfile, DiaryError>
  /** Save the given fields of the profile; fields not given keep their value. */
  readonly updateProfile: (fields: PartialProfile) => Effect.Effect<void, DiaryError>
  /** Save a recipe; one of the same name (case-insensitive) is replaced. */
  readonly saveRecipe: (recipe: SavedRecipe) => Effect.Effect<void, DiaryError>
  /** Saved recipes whose name contains `query` (case-insensitive), by name; an empty query lists them all. */
  readonly searchRecipes: (query: string) => Effect.Effect<ReadonlyArray<SavedRecipe>, DiaryError>
  /** The saved recipe of that name (case-insensitive). */
  readonly getRecipe: (name: string) => Effect.Effect<Option.Option<SavedRecipe>, DiaryError>
}

export class Diary extends Context.Tag("shoal/Diary")<Diary, DiaryShape>() {}
