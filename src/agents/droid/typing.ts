/**
 * Typing that tells the truth (issue 15): text goes only into an editable
 * field that has focus, and each result is checked by reading the field
 * back from a fresh dump.
 *
 * - `type(text)` needs a focused field, and says so when there is none.
 * - `type(i, text)` refuses an element that is not a text field (instead of
 *   tapping it, which could navigate away); it taps the field to focus it
 *   when needed and checks that the focus arrived.
 * - `replaceText` (TEXT_TASK) empties the field in one step (Adb.clearText),
 *   checks it is empty, types the new text and checks the final text.
 *
 * A field's shown text is its text unless that equals its hint: many apps
 * dump an empty field with the hint as its text (labels.ts `fieldValue`).
 * Password fields may dump masked text, so for them only the length is
 * compared, and no message ever repeats what was typed into one or what
 * it holds.
 *
 * Where it sits: device.ts's `act({ action: "type" })` and
 * `replaceFocusedText` call these with the list the model last saw.
 */
import { Effect } from "effect"
import type { ElementList, UiElement } from "../../domain/android/elements.js"
import { describeElement, elementAt, elementList, focusedField, isEditable, shortClass } from "../../domain/android/elements.js"
import { fieldValue } from "../../domain/android/labels.js"
import type { AdbError, TextNotTypable, UiDumpError } from "../../domain/android/errors.js"
import type { AdbShape } from "../../services/adb/adb.js"
import { ActionFailed } from "./errors.js"

type TypingError = ActionFailed | AdbError | UiDumpError | TextNotTypable

/** What the field holds, as a user would read it. */
export const fieldText = (e: UiElement): string => fieldValue(e.node)

/** Said of a password field in results and errors, instead of its text; codeact-functions.ts masks the call's text on seeing it. */
export const passwordFieldNote = "(a password field)"

/** The typed text as a message may show it: a password's only by its length. */
const spoken = (field: UiElement, text: string) =>
  field.node.password ? `${Array.from(text).length} characters ${passwordFieldNote}` : JSON.stringify(text)

const squash = (text: string) => text.replace(/\s+/g, " ").trim()

const sameField = (a: UiElement, b: UiElement): boolean =>
  a.path.join(".") === b.path.join(".") || (a.node.resourceId !== undefined && a.node.resourceId === b.node.resourceId && a.node.className === b.node.className)

/** How a field is named in a message: its class and id, never its text (it may be a password). */
const fieldName = (e: UiElement, index?: number) =>
  `${index === undefined ? "" : `[${index}] `}${shortClass(e.node.className)}${e.node.resourceId === undefined ? "" : ` id=${e.node.resourceId.slice(e.node.resourceId.indexOf("/") + 1)}`}`

/** Did `typed` arrive in a field that held `before` and now holds `after`? */
const arrived = (field: UiElement, before: string, after: string, typed: string): boolean => {
  const expected = typed.split("\n")[0] ?? ""
  if (field.node.password) return after.length >= before.length + Array.from(expected).length
  return squash(after).includes(squash(expected)) && (expected.trim().length === 0 || after !== before)
}

export const makeTyping = (adb: AdbShape) => {
  const fresh: Effect.Effect<ElementList, AdbError | UiDumpError> = Effect.map(adb.dumpUi, elementList)
  const fail = (action: string, reason: string) => Effect.fail(new ActionFailed({ action, reason }))

  /** The field to type into: the focused one, or element `index` of `shown`, focused by a tap when it is not yet. */
  const focusFor = (action: string, shown: ElementList, index: number | undefined): Effect.Effect<UiElement, TypingError> =>
    Effect.gen(function*() {
      const screen = yield* fresh
      const focused = focusedField(screen)
      if (index === undefined) {
        if (focused === undefined) {
          return yield* fail(action, "no text field has focus, so nothing was typed; give the field's index: type(index, text)")
        }
        return focused
      }
      const target = elementAt(shown, index)
      if (target === undefined) return yield* fail(action, `there is no element [${index}]; the screen lists ${shown.elements.length}`)
      if (!isEditable(target.node)) {
        return yield* fail(action, `${describeElement(target)} is not a text field, so it was neither tapped nor typed into; use click(${index}) to press it`)
      }
      if (focused !== undefined && sameField(focused, target)) return focused
      yield* adb.tap(target.centre)
      const after = focusedField(yield* fresh)
      if (after === undefined || !sameField(after, target)) {
        return yield* fail(action, `tapping ${fieldName(target, index)} did not give it focus, so nothing was typed`)
      }
      return after
    })

  /** Type into the focused field (or field `index`), then read it back. */
  const typeInto = (action: string, shown: ElementList, index: number | undefined, text: string): Effect.Effect<string, TypingError> =>
    Effect.gen(function*() {
      const field = yield* focusFor(action, shown, index)
      const before = fieldText(field)
      yield* adb.typeText(text)
      const now = (yield* fresh).elements.find((e) => sameField(e, field))
      if (now === undefined) {
        // Enter may have submitted the form and left the screen.
        if (text.includes("\n")) return `typed ${spoken(field, text)}; the field is gone after Enter`
        return yield* fail(action, `${fieldName(field)}${field.node.password ? ` ${passwordFieldNote}` : ""} is gone after typing; look at the screen again`)
      }
      const after = fieldText(now)
      if (!arrived(now, before, after, text)) {
        return yield* fail(action, `the text did not arrive: ${fieldName(now)} ${now.node.password ? `${passwordFieldNote} is unchanged` : `shows ${JSON.stringify(after)}`}`)
      }
      return `typed ${spoken(now, text)} into ${fieldName(now)}`
    })

  /** Replace the focused field's whole text: clear in one step, check, type, check. */
  const replaceText = (text: string): Effect.Effect<string, TypingError> =>
    Effect.gen(function*() {
      const action = "input_text"
      const field = focusedField(yield* fresh)
      if (field === undefined) return yield* fail(action, "no text field has focus")
      if (fieldText(field).length > 0) {
        yield* adb.clearText
        const cleared = (yield* fresh).elements.find((e) => sameField(e, field))
        if (cleared === undefined) return yield* fail(action, `${fieldName(field)} is gone after clearing it`)
        const left = fieldText(cleared)
        if (left.length > 0) {
          return yield* fail(action, `the field could not be cleared: ${left.length} characters are still there (clearing needs the ADBKeyboard IME or Android 12+)`)
        }
      }
      yield* adb.typeText(text)
      const final = (yield* fresh).elements.find((e) => sameField(e, field))
      if (final === undefined) return yield* fail(action, `${fieldName(field)} is gone after typing`)
      const got = fieldText(final)
      const right = final.node.password ? Array.from(got).length === Array.from(text).length : squash(got) === squash(text)
      if (!right) {
        return yield* fail(action, final.node.password ? `the field's new text has the wrong length ${passwordFieldNote}` : `the field shows ${JSON.stringify(got)} instead of the new text`)
      }
      return `replaced the field's text with ${spoken(final, text)}`
    })

  return { typeInto, replaceText }
}
