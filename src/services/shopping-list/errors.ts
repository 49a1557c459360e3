/** What can go wrong with a shopping list: it is malformed, it cannot be read or written, or an item vanished. */
import { Schema } from "effect"

/** The list does not parse or does not have the expected shape. `line` is 1-based. Nothing was written. */
export class ShoppingListMalformed extends Schema.TaggedError<ShoppingListMalformed>()("ShoppingListMalformed", {
  location: Schema.String,
  line: Schema.optional(Schema.Int),
  reason: Schema.String
}) {
  override get message(): string {
    return `shopping list ${this.location}${this.line === undefined ? "" : ` line ${this.line}`}: ${this.reason}`
  }
}

export class ShoppingListUnavailable extends Schema.TaggedError<ShoppingListUnavailable>()("ShoppingListUnavailable", {
  location: Schema.String,
  operation: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `cannot ${this.operation} shopping list ${this.location}: ${this.reason}`
  }
}

/** The user deleted or renamed the item while it was being shopped for; the update is skipped. */
export class ShoppingListItemMissing extends Schema.TaggedError<ShoppingListItemMissing>()("ShoppingListItemMissing", {
  location: Schema.String,
  itemId: Schema.String
}) {
  override get message(): string {
    return `item "${this.itemId}" is no longer in ${this.location}; its result was not written`
  }
}

export type ShoppingListError = ShoppingListMalformed | ShoppingListUnavailable | ShoppingListItemMissing
