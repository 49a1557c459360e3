/**
 * What a view reads as, to a person looking at the screen: its text and
 * description without icon-font glyphs, a field's hint told apart from what
 * was typed, a password never read out, and words made from a resource id
 * when nothing else names a control.
 *
 * Where it sits: elements.ts and element-reader.ts build the model's element
 * list from these; typing.ts reads a field's value with `fieldValue`. Pure.
 */
import type { UiNode } from "./ui-tree.js"

/**
 * Private Use code points (U+E000–U+F8FF and planes 15–16): icon fonts draw
 * their glyphs there, so in a dump they are unreadable boxes.
 */
const privateUse = /[\uE000-\uF8FF\u{F0000}-\u{FFFFD}\u{100000}-\u{10FFFD}]/gu

export const hasPrivateUse = (text: string): boolean => new RegExp(privateUse.source, "u").test(text)

/** The text without Private Use glyphs, on one line, trimmed. */
export const readable = (text: string): string => text.replace(privateUse, " ").replace(/\s+/g, " ").trim()

export const isEditable = (node: UiNode): boolean => /EditText|AutoCompleteTextView|SearchView/.test(node.className)

/**
 * Whether an editable field shows its hint rather than typed text. Android
 * before 8.0 (and many apps since) report an empty field's hint as its text;
 * a dump that writes the `hint` attribute lets us tell the two apart.
 */
export const showsHint = (node: UiNode): boolean =>
  isEditable(node) && (node.text.length === 0 || (node.hint.length > 0 && node.text === node.hint))

/** The text a field holds, as a user would read it: empty when it only shows its hint. */
export const fieldValue = (node: UiNode): string => (showsHint(node) ? "" : node.text)

/**
 * The node's own readable text, never a password's, never an empty field's hint.
 * A password field's text (even masked) is not part of what the model reads.
 */
export const ownText = (node: UiNode): string => (node.password ? "" : readable(fieldValue(node)))

export const ownDescription = (node: UiNode): string => readable(node.contentDesc)

/** The view's own label: its readable text, else its description; "" when it has neither. */
export const ownLabel = (node: UiNode): string => {
  const text = ownText(node)
  return text.length > 0 ? text : ownDescription(node)
}

const fold = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, " ").trim()

export const sameWords = (a: string, b: string): boolean => fold(a) === fold(b)

/** Whether `outer` already says `inner` (ignoring case and spacing). */
export const says = (outer: string, inner: string): boolean => {
  const i = fold(inner)
  return i.length > 0 && fold(outer).includes(i)
}

/** Leading words of an id that only name the kind of view (`btn_send`, `iv_avatar`, `tvTitle`). */
const viewKindWords = new Set([
  "btn", "button", "ib", "ibtn", "iv", "img", "image", "imageview", "tv", "txt", "text", "textview", "et", "edit", "edittext",
  "ic", "icon", "fab", "ll", "rl", "cl", "fl", "lv", "rv", "sv", "cb", "chk", "checkbox", "sw", "switch", "tb", "toggle", "view", "layout", "container"
])

/**
 * An id's last segment as words, without a leading view-kind prefix:
 * `com.x:id/btn_send` → "send", `action_search` → "action search",
 * `menuitem_overflow` → "menuitem overflow", `tvUserName` → "user name".
 */
export const idWords = (resourceId: string | undefined): string => {
  if (resourceId === undefined) return ""
  const segment = resourceId.slice(resourceId.lastIndexOf("/") + 1)
  const words = segment
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 0)
  const rest = words.length > 1 && viewKindWords.has(words[0] ?? "") ? words.slice(1) : words
  // `layout`, `iv_icon`: words that name only the kind of view say nothing.
  return rest.every((w) => viewKindWords.has(w)) ? "" : rest.join(" ")
}
