/**
 * What a shop run reports, emitted through `Events` as it goes: the run
 * started (or resumed), each item started, skipped, retried and finished
 * with its outcome, the run stopped or finished with its summary. Every
 * event is Schema-encodable, so a page or a log streams it unchanged.
 *
 * Not to be confused with domain/shop/shop-step.ts's `ShopEvent`: that one is
 * the pure `nextStep` decision's input inside one item; this is the run's story.
 */
import { Effect, Option, Schema } from "effect"
import { FailureReason, ItemId, ItemName, ItemOutcome } from "../../domain/shop/item.js"
import { ShoppingSummary } from "../../domain/shop/summary.js"
import { Events } from "../../services/events/events.js"

export const ShopRunEvent = Schema.Union(
  Schema.TaggedStruct("RunStarted", { store: Schema.String, items: Schema.NonNegativeInt, resumed: Schema.Boolean }),
  /** `index` counts from 1 over the whole run (a resumed run goes on counting). */
  Schema.TaggedStruct("ItemStarted", { itemId: ItemId, itemName: ItemName, index: Schema.Int, of: Schema.Int }),
  /** Its in-progress marker could not be written, so nothing was shopped. */
  Schema.TaggedStruct("ItemSkipped", { itemId: ItemId, itemName: ItemName, why: Schema.String }),
  /** A shopper runs again on the same item: with rules (no model), after network trouble, or after signing in again. */
  Schema.TaggedStruct("ShopperRetried", { itemId: ItemId, because: Schema.Literal("offline", "network", "signed_in") }),
  Schema.TaggedStruct("SigningInAgain", { itemId: ItemId }),
  Schema.TaggedStruct("ItemFinished", { outcome: ItemOutcome }),
  /** A resumed run found an item its earlier run stopped in the middle of (#in-progress): not shopped again. */
  Schema.TaggedStruct("ItemHeldBack", { itemId: ItemId, itemName: ItemName, reason: FailureReason }),
  /** Stopped (Ctrl-C): where the summary of what was done went, if it could be written. */
  Schema.TaggedStruct("RunStopped", { summaryAt: Schema.Option(Schema.String) }),
  Schema.TaggedStruct("RunFinished", { summary: ShoppingSummary, summaryAt: Schema.String })
)
export type ShopRunEvent = typeof ShopRunEvent.Type

/** Emitted when someone listens (an `Events` layer is provided); a run without one tells nobody. */
export const emitShopEvent = (event: ShopRunEvent): Effect.Effect<void> =>
  Effect.flatMap(Effect.serviceOption(Events), Option.match({ onNone: () => Effect.void, onSome: (events) => events.emit(event) }))
