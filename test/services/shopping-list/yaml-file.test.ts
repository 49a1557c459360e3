/** The YAML list as the user keeps it: comments, their own fields and edits made mid-run survive every update. */
import { FileSystem, Path } from "@effect/platform"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { summarize } from "../../../src/domain/shop/summary.js"
import { Cents, ItemAdded, ItemId, ItemName } from "../../../src/domain/shop/item.js"
import { makeYamlFileProvider } from "../../../src/services/shopping-list/index.js"

const platform = Layer.merge(NodeFileSystem.layer, NodePath.layer)

const listText = `# Groceries for the week — written by hand
owner: sam   # who shops
budget_cents: 5000
items:
  - id: milk-1
    name: milk   # 2% please
    status: needs_action
    aisle: dairy        # my own field
  # bread from the bakery if they have it
  - name: bread
    tags: [weekly]
  - eggs
  - name: coffee
    status: completed
extra:
  keep: "this"
`

const withList = (text: string) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const dir = yield* fs.makeTempDirectoryScoped()
    const file = path.join(dir, "list.yaml")
    yield* fs.writeFileString(file, text)
    const provider = yield* makeYamlFileProvider(file)
    return { fs, dir, file, provider, path }
  })

const id = (s: string) => ItemId.make(s)

describe("YAML shopping list", () => {
  it.scoped("reads the open items in order, ids derived from names where the user wrote none", () =>
    Effect.gen(function*() {
      const { provider } = yield* withList(listText)
      const items = yield* provider.uncompletedItems
      expect(items.map((i) => [i.id, i.name, i.tags])).toEqual([
        ["milk-1", "milk", []],
        ["bread", "bread", ["weekly"]],
        ["eggs", "eggs", []]
      ])
    }).pipe(Effect.provide(platform)))

  it.scoped("updates change only the item concerned; comments and the user's fields stay byte for byte", () =>
    Effect.gen(function*() {
      const { fs, file, provider } = yield* withList(listText)
      yield* provider.markCompleted(id("milk-1"))
      yield* provider.markNotFound(id("bread"), "No bakery bread; only sliced loaves.")
      yield* provider.markFailed(id("eggs"), "timed out after 5m")
      const after = yield* fs.readFileString(file)
      expect(after).toBe(`# Groceries for the week — written by hand
owner: sam   # who shops
budget_cents: 5000
items:
  - id: milk-1
    name: milk # 2% please
    status: completed
    aisle: dairy # my own field
  # bread from the bakery if they have it
  - name: bread
    tags: [ weekly, "#404" ]
    explanation: No bakery bread; only sliced loaves.
  - name: eggs
    tags: [ "#failed" ]
    explanation: timed out after 5m
  - name: coffee
    status: completed
extra:
  keep: "this"
`)
      // Outside the changed items, every line is the original's.
      const unchanged = ["# Groceries for the week — written by hand", "owner: sam   # who shops", "  # bread from the bakery if they have it", "  - name: coffee", "extra:", "  keep: \"this\""]
      for (const line of unchanged) expect(after.split("\n")).toContain(line)
      // bread is now #404: the store said it has none, so it waits for --retry-not-found (list-file.test.ts).
      expect((yield* provider.uncompletedItems).map((i) => i.id)).toEqual(["eggs"])
    }).pipe(Effect.provide(platform)))

  it.scoped("an item later added to the cart loses shopping's #404 tag and explanation, keeping the user's tags", () =>
    Effect.gen(function*() {
      const { fs, file, provider } = yield* withList(listText)
      yield* provider.markNotFound(id("bread"), "none")
      yield* provider.markCompleted(id("bread"))
      const after = yield* fs.readFileString(file)
      expect(after).toContain("  - name: bread\n    tags: [ weekly ]\n    status: completed\n")
      expect(after).not.toContain("explanation")
    }).pipe(Effect.provide(platform)))

  it.scoped("re-reads before each update, so an item the user added mid-run is kept", () =>
    Effect.gen(function*() {
      const { fs, file, provider } = yield* withList(listText)
      yield* provider.uncompletedItems
      yield* fs.writeFileString(file, listText.replace("extra:", "  - name: butter   # added while shopping\nextra:"))
      yield* provider.markCompleted(id("milk-1"))
      const after = yield* fs.readFileString(file)
      expect(after).toContain("  - name: butter   # added while shopping\n")
      expect(after).toContain("status: completed\n    aisle: dairy")
    }).pipe(Effect.provide(platform)))

  it.scoped("a malformed list fails naming the line, and the file is left exactly as it was", () =>
    Effect.gen(function*() {
      const broken = "items:\n  - name: milk\n  - name: [bread\n  - eggs\n"
      const { fs, file, provider } = yield* withList(broken)
      const error = yield* Effect.flip(provider.uncompletedItems)
      expect(error._tag).toBe("ShoppingListMalformed")
      expect(error.message).toMatch(/line [34]/)
      const update = yield* Effect.flip(provider.markCompleted(id("milk")))
      expect(update._tag).toBe("ShoppingListMalformed")
      expect(yield* fs.readFileString(file)).toBe(broken)
    }).pipe(Effect.provide(platform)))

  it.scoped("an item without a name is malformed at its own line", () =>
    Effect.gen(function*() {
      const { provider } = yield* withList("items:\n  - milk\n  - status: needs_action\n    tags: []\n")
      const error = yield* Effect.flip(provider.uncompletedItems)
      expect(error.message).toContain("line 3")
      expect(error.message).toContain("name")
    }).pipe(Effect.provide(platform)))

  it.scoped("an item the user deleted mid-run is reported missing, and nothing is written", () =>
    Effect.gen(function*() {
      const { fs, file, provider } = yield* withList(listText)
      yield* fs.writeFileString(file, "items:\n  - bread\n")
      const error = yield* Effect.flip(provider.markCompleted(id("milk-1")))
      expect(error._tag).toBe("ShoppingListItemMissing")
      expect(yield* fs.readFileString(file)).toBe("items:\n  - bread\n")
    }).pipe(Effect.provide(platform)))

  it.scoped("the summary goes beside the list as Markdown, with the total in cents", () =>
    Effect.gen(function*() {
      const { fs, dir, path, provider } = yield* withList(listText)
      const added = new ItemAdded({
        itemId: id("milk-1"), itemName: ItemName.make("milk"), productName: "Lactantia 2% Milk", priceText: "$5.49",
        priceCents: Cents.make(549), url: "http://store/p/milk", quantity: 2
      })
      const where = yield* provider.sendSummary(summarize([added], "http://store/cart"))
      expect(where).toBe(path.join(dir, "list.summary.md"))
      const text = yield* fs.readFileString(where)
      expect(text).toContain("Lactantia 2% Milk")
      expect(text).toContain("**Estimated total: $10.98**")
    }).pipe(Effect.provide(platform)))
})
