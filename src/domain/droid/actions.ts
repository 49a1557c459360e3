/**
 * The Executor's atomic actions (seeds/002 "ExecutorAgent"): one JSON
 * object per subgoal, e.g. `{"action": "click", "index": 5}` or
 * `{"action": "open_app", "text": "Settings"}`, decoded with Schema at the
 * boundary so a malformed action is a typed failure the Manager hears about.
 * Pure.
 */
import { Either, Option, ParseResult, Schema } from "effect"

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

/** Longest schema error a model is shown: one line, enough to name the field and what it needs. */
export const maxErrorChars = 200

const oneLine = (text: string): string => {
  const flat = text.replace(/\s+/g, " ").trim()
  return flat.length <= maxErrorChars ? flat : `${flat.slice(0, maxErrorChars - 1)}…`
}

/**
 * A decoding failure in one short line naming the field and what it needs,
 * e.g. `direction: expected "up" | "down" | "left" | "right", got "north"`,
 * instead of the tree of every union member (1,200+ characters).
 */
export const briefParseError = (error: ParseResult.ParseError): string => {
  const issues = ParseResult.ArrayFormatter.formatErrorSync(error)
  // An optional field's "Expected undefined" says nothing the other issue there does not.
  const useful = issues.filter((i) => !i.message.startsWith("Expected undefined"))
  const first = useful[0] ?? issues[0]
  if (first === undefined) return oneLine(error.message)
  const at = (i: { readonly path: ReadonlyArray<PropertyKey> }) => i.path.map(String).join(".")
  const here = useful.filter((i) => at(i) === at(first))
  const expected = here.map((i) => /^Expected (.+), actual (.+)$/s.exec(i.message))
  const message = expected.length > 1 && expected.every((m) => m !== null)
    ? `expected ${expected.map((m) => m?.[1] ?? "").join(" | ")}, got ${expected[0]?.[2] ?? ""}`
    : first.message.replace(/^Expected (.+), actual (.+)$/s, "expected $1, got $2")
  return oneLine(at(first).length === 0 ? message : `${at(first)}: ${message}`)
}

const actionNames = ["click", "long_press", "type", "swipe", "scroll", "open_app", "back", "home", "enter", "wait"] as const
type ActionName = (typeof actionNames)[number]

/** Why `raw` is not a valid action of this one kind. */
const memberError = (name: ActionName, raw: unknown): Option.Option<ParseResult.ParseError> => {
  const check = <A, I>(schema: Schema.Schema<A, I>) => Either.getLeft(Schema.decodeUnknownEither(schema)(raw))
  switch (name) {
    case "click": return check(Click)
    case "long_press": return check(LongPress)
    case "type": return check(TypeText)
    case "swipe": return check(Swipe)
    case "scroll": return check(Scroll)
    case "open_app": return check(OpenApp)
    case "back": return check(Back)
    case "home": return check(Home)
    case "enter": return check(Enter)
    case "wait": return check(Wait)
  }
}

/**
 * Decode one action; a failure is one short line about the action the model
 * named (its `action` picks the member), never the whole union's schema.
 */
export const decodeAtomicAction = (raw: unknown): Either.Either<AtomicAction, string> => {
  const whole = Schema.decodeUnknownEither(AtomicAction)(raw)
  if (Either.isRight(whole)) return Either.right(whole.right)
  const name = typeof raw === "object" && raw !== null && "action" in raw ? raw.action : undefined
  const known = actionNames.find((n) => n === name)
  if (known === undefined) {
    const got = name === undefined ? "nothing" : JSON.stringify(name) ?? String(name)
    return Either.left(oneLine(`action: expected one of ${actionNames.join(", ")}, got ${got}`))
  }
  const why = Option.getOrElse(memberError(known, raw), () => whole.left)
  return Either.left(oneLine(`${known}: ${briefParseError(why)}`))
}
