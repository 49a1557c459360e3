/**
 * The Executor's atomic actions (seeds/002 "ExecutorAgent"): one JSON
 * object per subgoal, e.g. `{"action": "click", "index": 5}` or
 * `{"action": "open_app", "text": "Settings"}`, decoded with Schema at the
 * boundary so a malformed action is a typed failure the Manager hears about.
 * Pure.
 */
import { Schema } from "effect"

export const ElementIndex = Schema.Int.pipe(Schema.positive(), Schema.brand("ElementIndex"))
export type ElementIndex = typeof ElementIndex.Type

export const Direction = Schema.Literal("up", "down", "left", "right")
export type Direction = typeof Direction.Type

/** A target named by index in the element list, or by its visible text. */
const targeted = <T extends string>(action: T) =>
  Schema.Struct({
    action: Schema.Literal(action),
    index: Schema.optional(ElementIndex),
    text: Schema.optional(Schema.String)
  }).pipe(Schema.filter((a) => a.index !== undefined || (a.text !== undefined && a.text.trim().length > 0) || `${action} needs an "index" or a "text"`))

export const Click = targeted("click")
export const LongPress = targeted("long_press")
export const TypeText = Schema.Struct({ action: Schema.Literal("type"), text: Schema.String, index: Schema.optional(ElementIndex) })
export const Swipe = Schema.Struct({ action: Schema.Literal("swipe"), direction: Direction })
export const Scroll = Schema.Struct({ action: Schema.Literal("scroll"), direction: Direction })
export const OpenApp = Schema.Struct({ action: Schema.Literal("open_app"), text: Schema.String.pipe(Schema.nonEmptyString()) })
export const Back = Schema.Struct({ action: Schema.Literal("back") })
export const Home = Schema.Struct({ action: Schema.Literal("home") })
export const Enter = Schema.Struct({ action: Schema.Literal("enter") })
export const Wait = Schema.Struct({ action: Schema.Literal("wait"), ms: Schema.optionalWith(Schema.Int.pipe(Schema.between(0, 60_000)), { default: () => 1_000 }) })

export const AtomicAction = Schema.Union(Click, LongPress, TypeText, Swipe, Scroll, OpenApp, Back, Home, Enter, Wait)
export type AtomicAction = typeof AtomicAction.Type

/** The signatures the Executor's prompt lists. */
export const atomicActionHelp = [
  "{\"action\": \"click\", \"index\": N} or {\"action\": \"click\", \"text\": \"visible text\"}",
  "{\"action\": \"long_press\", \"index\": N}",
  "{\"action\": \"type\", \"text\": \"...\", \"index\": N}  (index optional: types into the focused field)",
  "{\"action\": \"swipe\", \"direction\": \"up|down|left|right\"}",
  "{\"action\": \"scroll\", \"direction\": \"up|down\"}",
  "{\"action\": \"open_app\", \"text\": \"App name\"}",
  "{\"action\": \"back\"}  {\"action\": \"home\"}  {\"action\": \"enter\"}",
  "{\"action\": \"wait\", \"ms\": 1000}"
].join("\n")
