/**
 * The `Diary` port: fitlog's local food diary (DESIGN "Services"). Committing
 * a confirmed proposal is idempotent — a proposal id is written once, with
 * all its lines, in one transaction — so re-running a confirmed command never
 * double-logs.
 *
 * Layers: `layerSqlite(file)` (better-sqlite3 through @effect/sql-sqlite-node,
 * loaded only when the layer is built) and `layerSqliteMemory` (tests).
 */
import { Context, Schema } from "effect"
import type { Effect } from "effect"
import type { Proposal, ProposalId } from "../../domain/fitlog/proposal.js"
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
  /** Rows from `from` to `to` inclusive. */
  readonly range: (from: DiaryDate, to: DiaryDate) => Effect.Effect<ReadonlyArray<DiaryRow>, DiaryError>
  readonly goals: Effect.Effect<Goals, DiaryError>
  readonly setGoal: (name: GoalName, value: number) => Effect.Effect<void, DiaryError>
}

export class Diary extends Context.Tag("shoal/Diary")<Diary, DiaryShape>() {}
