/**
 * List files as a new user might write them, none from the repo's fixtures,
 * each of which broke the list before its fix: a flow list that a write
 * corrupted, two items sharing an id (a result written into the wrong item),
 * and an alias that crashed the write with an untyped exception.
 */
import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { ItemId } from "../../../src/domain/shop/item.js"
import { completedPatch, failedPatch, parseList, patchItem, startedPatch } from "../../../src/services/shopping-list/internal/yaml-list.js"

const ids = (text: string) => {
  const parsed = parseList(text, "list.yaml")
  return Either.isRight(parsed) ? parsed.right.entries.map((e) => e.item.id) : parsed.left.reason
}
const patchAll = (text: string, id: string) =>
  [startedPatch, failedPatch("timeout: 30 s # again"), startedPatch, completedPatch].reduce<Either.Either<string, unknown>>(
    (acc, patch) => Either.flatMap(acc, (t) => patchItem(t, "list.yaml", ItemId.make(id), patch)),
    Either.right(text)
  )

describe("list files a new user writes", () => {
  it("a flow list (`items: [milk, eggs]`) stays valid YAML through every write", () => {
    const text = "items: [milk, eggs]  # this week\n"
    const after = patchAll(text, "milk")
    expect(Either.isRight(after)).toBe(true)
    const written = Either.getOrElse(after, () => "")
    expect(ids(written)).toEqual(["milk", "eggs"])
    const parsed = parseList(written, "list.yaml")
    expect(Either.isRight(parsed) && parsed.right.entries.map((e) => e.item.status)).toEqual(["completed", "needs_action"])
    expect(written).toContain("# this week")
  })

  it("two items with one id are an error, not a result written into the first", () => {
    for (const text of ["items:\n  - id: a\n    name: milk\n  - id: a\n    name: eggs\n", "items:\n  - milk\n  - id: milk\n    name: eggs\n"]) {
      const parsed = parseList(text, "list.yaml")
      expect(Either.isLeft(parsed), text).toBe(true)
      if (Either.isLeft(parsed)) expect(parsed.left.reason).toMatch(/two items have the id/)
    }
    // Two items named alike without ids are still told apart.
    expect(ids("items:\n  - milk\n  - milk\n")).toEqual(["milk", "milk (2)"])
  })

  it("an alias or merge key in an item is a clear error, never a crash at write time", () => {
    for (const text of [
      "base: &b\n  tags: [weekly]\nitems:\n  - <<: *b\n    name: bread\n",
      "common: &t [weekly]\nitems:\n  - name: milk\n    tags: *t\n",
      "items:\n  - &m\n    name: milk\n  - *m\n"
    ]) {
      const parsed = parseList(text, "list.yaml")
      expect(Either.isLeft(parsed), text).toBe(true)
      if (Either.isLeft(parsed)) expect(parsed.left.reason, text).toMatch(/aliases/)
      expect(() => patchItem(text, "list.yaml", ItemId.make("bread"), completedPatch), text).not.toThrow()
    }
    // An anchor outside the items, unused by them, is the user's own business.
    expect(ids("defaults: &d {store: metro}\nitems:\n  - milk\n")).toEqual(["milk"])
  })

  it("names with a colon, a hash or an emoji survive a write", () => {
    const text = "items:\n  - \"milk: 2%\"\n  - 'eggs #large'\n  - 🍌 bananas\n"
    let written = text
    for (const id of ["milk: 2%", "eggs #large", "🍌 bananas"]) written = Either.getOrElse(patchAll(written, id), () => "")
    expect(ids(written)).toEqual(["milk: 2%", "eggs #large", "🍌 bananas"])
  })
})
