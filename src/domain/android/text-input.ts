/**
 * How text becomes keystrokes on a device: the shell commands that type a
 * string exactly, whatever it contains.
 *
 * Two methods, chosen by what the device has:
 *
 * 1. **ADBKeyboard's base64 broadcast** (`am broadcast -a ADB_INPUT_B64 --es
 *    msg <base64 of UTF-8>`), used when the ADBKeyboard IME
 *    (`com.android.adbkeyboard`, the keyboard DroidRun-style tools install) is
 *    present. This is the method that survives `input text`'s limits: the
 *    base64 alphabet `[A-Za-z0-9+/=]` has nothing the device shell could
 *    interpret (`& ; | $ \` ' "`, spaces), and the IME commits the decoded
 *    UTF-8 as one string, so non-ASCII (`crème brûlée`, CJK, emoji) and
 *    newlines arrive intact.
 * 2. **`input text`**, otherwise. It only types characters in the device's
 *    key map (printable ASCII) and reads `%s` as a space, so: each text is
 *    single-quoted for the shell, spaces become `%s`, a literal `%s` is split
 *    across two calls so it is not read as a space, newlines become ENTER key
 *    events, and non-ASCII is refused with `TextNotTypable` instead of being
 *    silently dropped by the device.
 *
 * Clearing a field is one step too, never a DEL per character:
 * ADBKeyboard's `ADB_CLEAR_TEXT` broadcast, or select-all (Ctrl+A through
 * `input keycombination`, Android 12+) then one DEL. Callers read the field
 * back to know it worked.
 *
 * Where it sits: `Adb.typeText` and `Adb.clearText` run the argv lists
 * returned here, each as one `adb shell` call. Pure, so the quoting is
 * tested without a device.
 */
import { Either } from "effect"
import { TextNotTypable } from "./errors.js"
import { Keys } from "./key-codes.js"
import { quoteArg } from "./shell-words.js"

export const adbKeyboardPackage = "com.android.adbkeyboard"
export const adbKeyboardIme = "com.android.adbkeyboard/.AdbIME"

export type TypingMethod = "adb-keyboard" | "input-text"

/** The adb client refuses `shell:` requests over 4096 bytes without shell v2; stay well under. */
const maxChunk = 1000

const utf8Base64 = (text: string): string => {
  let binary = ""
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Chunks by code point, so a surrogate pair is never split. */
const chunks = (text: string, size: number): ReadonlyArray<string> => {
  const points = Array.from(text)
  const out: Array<string> = []
  for (let i = 0; i < points.length; i += size) out.push(points.slice(i, i + size).join(""))
  return out
}

/** The argv of one `adb shell` call each, in order. */
export const planTyping = (text: string, method: TypingMethod): Either.Either<ReadonlyArray<ReadonlyArray<string>>, TextNotTypable> => {
  if (text.length === 0) return Either.right([])
  if (method === "adb-keyboard") {
    // 600 code points encode to at most 2400 bytes → 3200 base64 characters.
    return Either.right(chunks(text, 600).map((c) => ["am", "broadcast", "-a", "ADB_INPUT_B64", "--es", "msg", utf8Base64(c)]))
  }
  const bad = Array.from(text).find((c) => c !== "\n" && (c < " " || c > "~"))
  if (bad !== undefined) {
    const code = bad.codePointAt(0) ?? 0
    return Either.left(new TextNotTypable({
      reason: `"input text" can only type printable ASCII and newlines, and the text has ${JSON.stringify(bad)} (U+${code.toString(16).toUpperCase().padStart(4, "0")}); install the ADBKeyboard IME (${adbKeyboardPackage}) to type any Unicode text`
    }))
  }
  const commands: Array<ReadonlyArray<string>> = []
  text.split("\n").forEach((line, i) => {
    if (i > 0) commands.push(["input", "keyevent", String(Keys.ENTER)])
    // "%s" typed literally must not meet: end a chunk after each '%' that precedes an 's'.
    const pieces = line.split(/(?<=%)(?=s)/)
    for (const piece of pieces) {
      for (const chunk of chunks(piece, maxChunk)) {
        commands.push(["input", "text", quoteArg(chunk.replace(/ /g, "%s"))])
      }
    }
  })
  return Either.right(commands)
}

/** Key codes used to clear a field. */
export const clearKeys = { ctrlLeft: Keys.CTRL_LEFT, a: Keys.A, del: Keys.DEL } as const

/** The argv of one `adb shell` call each that empty the focused field. */
export const planClearing = (method: TypingMethod): ReadonlyArray<ReadonlyArray<string>> =>
  method === "adb-keyboard"
    ? [["am", "broadcast", "-a", "ADB_CLEAR_TEXT"]]
    : [["input", "keycombination", String(clearKeys.ctrlLeft), String(clearKeys.a)], ["input", "keyevent", String(clearKeys.del)]]

/** What `input text` will type for its (already shell-unquoted) argument. */
export const inputTextValue = (arg: string): string => arg.replace(/%s/g, " ")

/** What ADBKeyboard commits for a broadcast's `msg` (the inverse of the encoding above). */
export const decodeAdbKeyboardMessage = (base64: string): Either.Either<string, string> => {
  try {
    const binary = atob(base64)
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
    return Either.right(new TextDecoder("utf-8", { fatal: true }).decode(bytes))
  } catch {
    return Either.left("not base64-encoded UTF-8")
  }
}
