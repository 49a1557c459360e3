/**
 * The list file under real use (issue 13 item 6): comments that must not
 * multiply, edits saved while a run writes, files that only look empty,
 * `#404` items, and a run stopped mid-item.
 */
import { FileSystem, Path } from "@effect/platform"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer, Ref } from "effect"
import { ItemId } from "../../../src/domain/shop/item.js"
import type { ShoppingRules } from "../../../src/domain/shop/item.js"
import { makeYamlFileProvider } from "../../../src/services/shopping-list/index.js"
import { failedPatch, notFoundPatch, parseList, patchItem } from "../../../src/services/shopping-list/internal/yaml-list.js"
import { mergeAttempts } from "../../../src/services/shopping-list/yaml-file.js"
import { fsReadOnlyIn, fsWithTempWriteHook } from "../../fakes/file-system.js"

const platform = Layer.merge(NodeFileSystem.layer, NodePath.layer)
const id = (s: string) => ItemId.make(s)

const withList = (content: string | Uint8Array, rules?: ShoppingRules) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const dir = yield* fs.makeTempDirectoryScoped()
    const file = path.join(dir, "list.yaml")
    yield* typeof content === "string" ? fs.writeFileString(file, content) : fs.writeFile(file, content)
    const provider = yield* makeYamlFileProvider(file, rules)
    return { fs, dir, file, provider }
  })

/** Apply a patch `times` times, as a run that records the same item over and over would. */
const patchRepeatedly = (text: string, itemId: string, times: number) => {
  let current = text
  for (let i = 0; i < times; i++) {
    const next = patchItem(current, "list.yaml", id(itemId), i % 2 === 0 ? failedPatch(`try ${i}`) : notFoundPatch(`try ${i}`))
    if (Either.isLeft(next)) throw new Error(next.left.message)
    current = next.right
  }
  return current
}
const count = (text: string, needle: string) => text.split(needle).length - 1

describe("comments survive repeated writes", () => {
  it("a comment line after an item's last field stays once, where it was, however many times the item is written", () => {
    const text = "items:\n  - name: milk\n    aisle: dairy\n    # ask for the 2 L jug\n  # bread from the bakery\n  - bread\n"
    const after = patchRepeatedly(text, "milk", 5)
    // Before the fix the item's trailing comment was rendered with it and also kept outside it: 1, 2, 4, 8… copies.
    expect(count(after, "# ask for the 2 L jug")).toBe(1)
    expect(count(after, "# bread from the bakery")).toBe(1)
    expect(after).toBe(
      "items:\n  - name: milk\n    aisle: dairy\n    tags: [ \"#failed\" ]\n    explanation: try 4\n    # ask for the 2 L jug\n  # bread from the bakery\n  - bread\n"
    )
  })

  it("a comment on the tags line is kept when the tags change; a comment after a bare name moves onto `name:`", () => {
    const text = "items:\n  - name: tea\n    tags: [weekly]   # Sunday shop\n  - eggs   # free range\n"
    const tea = patchRepeatedly(text, "tea", 3)
    expect(tea).toContain("    tags: [ weekly, \"#failed\" ] # Sunday shop\n")
    const eggs = patchRepeatedly(text, "eggs", 3)
    expect(eggs).toContain("  - name: eggs # free range\n    tags: [ \"#failed\" ]\n    explanation: try 2\n")
    expect(count(eggs, "free range")).toBe(1)
  })

  it("a comment at the end of the file, after the last item, is not copied", () => {
    const text = "items:\n  - name: milk\n    aisle: dairy   # fridge\n# end of list\n"
    const after = patchRepeatedly(text, "milk", 4)
    expect(count(after, "# end of list")).toBe(1)
    expect(count(after, "# fridge")).toBe(1)
    expect(after.endsWith("# end of list\n")).toBe(true)
  })
})

describe("files that are not a list are errors, not an empty list", () => {
  it("`item:` (or any map without `items:`) names the keys it found", () => {
    for (const text of ["item:\n", "item:\n  - milk\n", "Items:\n  - milk\n"]) {
      const parsed = parseList(text, "list.yaml")
      expect(Either.isLeft(parsed), text).toBe(true)
      if (Either.isLeft(parsed)) expect(parsed.left.message).toMatch(/no `items:` list here \(top-level key: `(item|Items):`\)/)
    }
    // An empty `items:` is a list with nothing on it, which is not a mistake.
    expect(Either.map(parseList("items:\n", "list.yaml"), (l) => l.entries.length)).toEqual(Either.right(0))
  })

  const utf16le = (s: string) => new Uint8Array([...s].flatMap((c) => [c.charCodeAt(0), 0]))
  it.scoped("a UTF-16 file, with or without a byte-order mark, is an error naming the encoding", () =>
    Effect.gen(function*() {
      const text = "items:\n  - milk\n"
      for (const bytes of [new Uint8Array([0xff, 0xfe, ...utf16le(text)]), utf16le(text), new Uint8Array([0xfe, 0xff, ...utf16le(text).reverse()])]) {
        const { provider } = yield* withList(bytes)
        const error = yield* Effect.flip(provider.uncompletedItems)
        expect(error._tag).toBe("ShoppingListMalformed")
        expect(error.message).toMatch(/UTF-16.*save it as UTF-8/)
      }
      const { provider } = yield* withList(new Uint8Array([0x69, 0x74, 0xe9, 0x6d, 0x73]))
      expect((yield* Effect.flip(provider.uncompletedItems)).message).toMatch(/not valid UTF-8/)
    }).pipe(Effect.provide(platform)))

  it.scoped("a UTF-8 byte-order mark is read through and kept on write", () =>
    Effect.gen(function*() {
      const { file, fs, provider } = yield* withList(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("items:\n  - milk\n")]))
      expect((yield* provider.uncompletedItems).map((i) => i.name)).toEqual(["milk"])
      yield* provider.markCompleted(id("milk"))
      const bytes = yield* fs.readFile(file)
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      expect(new TextDecoder().decode(bytes.subarray(3))).toBe("items:\n  - name: milk\n    status: completed\n")
    }).pipe(Effect.provide(platform)))
})

describe("which open items a run shops", () => {
  const list = "items:\n  - milk\n  - name: saffron\n    tags: [\"#404\"]\n    explanation: none in store\n  - name: bread\n    tags: [\"#failed\"]\n"

  it.scoped("a #404 item is held back unless the run retries not-found items; a #failed one is retried", () =>
    Effect.gen(function*() {
      const { provider } = yield* withList(list)
      expect((yield* provider.uncompletedItems).map((i) => i.id)).toEqual(["milk", "bread"])
      expect((yield* provider.heldBackItems).map((h) => [h.item.id, h.why])).toEqual([["saffron", "not_found"]])
      const retrying = yield* withList(list, { retryNotFound: true })
      expect((yield* retrying.provider.uncompletedItems).map((i) => i.id)).toEqual(["milk", "saffron", "bread"])
      expect(yield* retrying.provider.heldBackItems).toEqual([])
    }).pipe(Effect.provide(platform)))

  it.scoped("an item marked started and never finished is held back as interrupted on the next run, even with --retry-not-found", () =>
    Effect.gen(function*() {
      const { file, fs, provider } = yield* withList(list)
      yield* provider.markStarted(id("milk"))
      // The run stops here (killed after the add, say). The next run reads the same file:
      const rerun = yield* makeYamlFileProvider(file, { retryNotFound: true })
      expect((yield* rerun.uncompletedItems).map((i) => i.id)).toEqual(["saffron", "bread"])
      expect((yield* rerun.heldBackItems).map((h) => [h.item.id, h.why])).toEqual([["milk", "interrupted"]])
      expect(yield* fs.readFileString(file)).toContain("  - name: milk\n    tags: [ \"#in-progress\" ]\n")
    }).pipe(Effect.provide(platform)))

  it.scoped("a result replaces the in-progress marker, keeping the user's tags", () =>
    Effect.gen(function*() {
      const { file, fs, provider } = yield* withList("items:\n  - name: milk\n    tags: [dairy]\n  - eggs\n")
      yield* provider.markStarted(id("milk"))
      yield* provider.markCompleted(id("milk"))
      yield* provider.markStarted(id("eggs"))
      yield* provider.markNotFound(id("eggs"), "sold out")
      expect(yield* fs.readFileString(file)).toBe(
        "items:\n  - name: milk\n    tags: [ dairy ]\n    status: completed\n  - name: eggs\n    tags: [ \"#404\" ]\n    explanation: sold out\n"
      )
    }).pipe(Effect.provide(platform)))
})

describe("edits saved during a run", () => {
  it.scoped("a save that lands between the re-read and the rename is merged, not overwritten", () =>
    Effect.gen(function*() {
      const setup = yield* withList("items:\n  - milk\n  - eggs\n").pipe(Effect.provide(platform))
      const saves = yield* Ref.make(0)
      const userSaves = (fs: FileSystem.FileSystem) =>
        Effect.flatMap(Ref.getAndUpdate(saves, (n) => n + 1), (n) =>
          n === 0 ? Effect.orDie(fs.writeFileString(setup.file, "items:\n  - milk\n  - eggs\n  - butter   # added mid-run\n")) : Effect.void)
      const provider = yield* makeYamlFileProvider(setup.file).pipe(Effect.provide(Layer.merge(fsWithTempWriteHook(userSaves), NodePath.layer)))
      yield* provider.markCompleted(id("milk"))
      expect(yield* setup.fs.readFileString(setup.file)).toBe(
        "items:\n  - name: milk\n    status: completed\n  - eggs\n  - butter   # added mid-run\n"
      )
      expect(yield* Ref.get(saves)).toBe(2)
      expect((yield* setup.fs.readDirectory(setup.dir)).filter((f) => f.endsWith(".tmp"))).toEqual([])
    }).pipe(Effect.provide(platform)))

  it.scoped("a file that changes on every try is left as the user saved it, with a message saying the result was not written", () =>
    Effect.gen(function*() {
      const setup = yield* withList("items:\n  - milk\n").pipe(Effect.provide(platform))
      const saves = yield* Ref.make(0)
      const userSaves = (fs: FileSystem.FileSystem) =>
        Effect.flatMap(Ref.updateAndGet(saves, (n) => n + 1), (n) => Effect.orDie(fs.writeFileString(setup.file, `items:\n  - milk\n# save ${n}\n`)))
      const provider = yield* makeYamlFileProvider(setup.file).pipe(Effect.provide(Layer.merge(fsWithTempWriteHook(userSaves), NodePath.layer)))
      const error = yield* Effect.flip(provider.markCompleted(id("milk")))
      expect(error._tag).toBe("ShoppingListUnavailable")
      expect(error.message).toMatch(/kept changing .* your edits are kept/)
      expect(yield* setup.fs.readFileString(setup.file)).toBe(`items:\n  - milk\n# save ${mergeAttempts}\n`)
    }).pipe(Effect.provide(platform)))
})

describe("an unwritable list directory", () => {
  it.scoped("is found by checkWritable, before anything is shopped, and nothing is left behind", () =>
    Effect.gen(function*() {
      const setup = yield* withList("items:\n  - milk\n").pipe(Effect.provide(platform))
      const ok = yield* Effect.either(setup.provider.checkWritable)
      expect(Either.isRight(ok)).toBe(true)
      const locked = yield* makeYamlFileProvider(setup.file).pipe(Effect.provide(Layer.merge(fsReadOnlyIn(setup.dir), NodePath.layer)))
      const error = yield* Effect.flip(locked.checkWritable)
      expect(error.message).toMatch(/^cannot write shopping list .*list\.yaml: its directory .* is not writable/)
      expect(yield* setup.fs.readDirectory(setup.dir)).toEqual(["list.yaml"])
    }).pipe(Effect.provide(platform)))
})
