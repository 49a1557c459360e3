/**
 * The list file's bytes as text. The list is UTF-8 (a UTF-8 byte-order mark
 * is allowed and kept); anything else is an error that names the encoding,
 * because decoding UTF-16 as UTF-8 yields a document with no items and a run
 * that says "nothing to shop" when the list is full.
 *
 * Where it sits: pure, under `layerYamlFile`, between the bytes it reads and
 * the YAML parser (yaml-list.ts).
 */
import { Either } from "effect"
import { ShoppingListMalformed } from "../errors.js"

export interface ListText {
  readonly text: string
  /** "\uFEFF" when the file began with a UTF-8 byte-order mark, so a rewrite keeps it; else "". */
  readonly bom: string
}

const utf16Advice = "save it as UTF-8 (most editors: \"Save with encoding\" → UTF-8)"

export const decodeListBytes = (bytes: Uint8Array, location: string): Either.Either<ListText, ShoppingListMalformed> => {
  const malformed = (reason: string) => Either.left(new ShoppingListMalformed({ location, reason }))
  const at = (i: number) => bytes[i] ?? -1
  if (at(0) === 0xff && at(1) === 0xfe) return malformed(`the file is UTF-16 (little-endian), not UTF-8; ${utf16Advice}`)
  if (at(0) === 0xfe && at(1) === 0xff) return malformed(`the file is UTF-16 (big-endian), not UTF-8; ${utf16Advice}`)
  const nul = bytes.indexOf(0)
  if (nul >= 0) {
    // ASCII text saved as UTF-16 without a byte-order mark: every other byte is NUL.
    const looksUtf16 = bytes.length >= 2 && (at(0) === 0 || at(1) === 0)
    return malformed(
      looksUtf16
        ? `the file looks like UTF-16 without a byte-order mark, not UTF-8; ${utf16Advice}`
        : `the file holds a NUL byte at offset ${nul}; a shopping list is UTF-8 text`
    )
  }
  const hasBom = at(0) === 0xef && at(1) === 0xbb && at(2) === 0xbf
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(hasBom ? bytes.subarray(3) : bytes)
    return Either.right({ text, bom: hasBom ? "\uFEFF" : "" })
  } catch {
    return malformed(`the file is not valid UTF-8 text; ${utf16Advice}`)
  }
}
