/**
 * An item marked completed and then failed or not found (the cart at the end of the run did not hold it) is open
 * again: no `status: completed` is left beside its `#failed`, in the YAML file and in the memory list alike, so the
 * next run shops it.
 */
import { FileSystem, Path } from "@effect/platform"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { ItemId, ItemName, ShoppingListItem } from "../../../src/domain/shop/item.js"
import { layerMemoryList, makeYamlFileProvider, MemoryShoppingList, ShoppingListProvider } from "../../../src/services/shopping-list/index.js"

const platform = Layer.merge(NodeFileSystem.layer, NodePath.layer)

describe("a completed item failed afterwards is open again", () => {
  it.scoped("in the YAML file: #failed with the reason, no status, and the next run's open items hold it", () =>
    Effect.gen(function*() {
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const file = path.join(yield* fs.makeTempDirectoryScoped(), "list.yaml")
      yield* fs.writeFileString(file, "items:\n  - name: eggs  # free range\n  - milk\n")
      const provider = yield* makeYamlFileProvider(file)
      const [eggs] = yield* provider.uncompletedItems
      expect(eggs?.name).toBe("eggs")
      if (eggs === undefined) return
      yield* provider.markCompleted(eggs.id)
      expect(yield* fs.readFileString(file)).toContain("status: completed")
      yield* provider.markFailed(eggs.id, "not in the cart at the end of the run — check the cart")
      const text = yield* fs.readFileString(file)
      expect(text).not.toContain("status:")
      expect(text).toContain("#failed")
      expect(text).toContain("free range")
      expect((yield* (yield* makeYamlFileProvider(file)).uncompletedItems).map((i) => i.name)).toEqual(["eggs", "milk"])
    }).pipe(Effect.provide(platform)))

  it.effect("in the memory list: needs action again, tagged #failed; and not found, the same", () =>
    Effect.gen(function*() {
      const provider = yield* ShoppingListProvider
      const memory = yield* MemoryShoppingList
      const eggs = ItemId.make("eggs")
      const milk = ItemId.make("milk")
      yield* provider.markCompleted(eggs)
      yield* provider.markCompleted(milk)
      yield* provider.markFailed(eggs, "not in the cart at the end of the run")
      yield* provider.markNotFound(milk, "gone")
      const items = yield* memory.items
      expect(items.map((i) => [i.name, i.status, i.tags])).toEqual([["eggs", "needs_action", ["#failed"]], ["milk", "needs_action", ["#404"]]])
    }).pipe(Effect.provide(layerMemoryList([
      new ShoppingListItem({ id: ItemId.make("eggs"), name: ItemName.make("eggs"), status: "needs_action", tags: [] }),
      new ShoppingListItem({ id: ItemId.make("milk"), name: ItemName.make("milk"), status: "needs_action", tags: [] })
    ]))))
})
