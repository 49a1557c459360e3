/**
 * `layerYamlFile`: the shopping list is a YAML file the user keeps editing.
 *
 * Where it sits: the live ShoppingListProvider of `shoal shop`. Every update
 * re-reads the file (so an item the user added or edited mid-run is kept),
 * patches only the one item (yaml-list.ts), and replaces the file atomically
 * — temp file in the same directory, synced, renamed over — so a crash
 * leaves either the old list or the new one, never half of one. A malformed
 * list is reported with its line and never written. The summary goes to
 * `<list name>.summary.md` beside the list.
 */
import { FileSystem, Path } from "@effect/platform"
import type { PlatformError } from "@effect/platform/Error"
import { Effect, Either, Layer } from "effect"
import type { ItemId } from "../../domain/shop/item.js"
import { renderSummary } from "../../domain/shop/summary.js"
import { ShoppingListUnavailable } from "./errors.js"
import { ShoppingListProvider } from "./shopping-list-provider.js"
import type { ShoppingListProviderShape } from "./shopping-list-provider.js"
import type { ItemPatch } from "./yaml-list.js"
import { completedPatch, failedPatch, notFoundPatch, parseList, patchItem } from "./yaml-list.js"
import { atomicWriter } from "../files/atomic-write.js"

export const makeYamlFileProvider = (
  file: string
): Effect.Effect<ShoppingListProviderShape, never, FileSystem.FileSystem | Path.Path> =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const unavailable = (operation: string) => (error: PlatformError) =>
      new ShoppingListUnavailable({ location: file, operation, reason: error.message })

    const read = fs.readFileString(file).pipe(Effect.mapError(unavailable("read")))

    const writeFileAtomically = atomicWriter(fs, path)
    const writeAtomically = (target: string, text: string) =>
      Effect.gen(function*() {
        yield* writeFileAtomically(target, text)
      }).pipe(Effect.mapError(unavailable("write")))

    const update = (id: ItemId, patch: ItemPatch) =>
      Effect.gen(function*() {
        const text = yield* read
        const next = yield* Either.match(patchItem(text, file, id, patch), {
          onLeft: Effect.fail,
          onRight: Effect.succeed
        })
        if (next !== text) yield* writeAtomically(file, next)
      })

    const summaryFile = path.join(path.dirname(file), `${path.basename(file, path.extname(file))}.summary.md`)

    return {
      location: file,
      uncompletedItems: Effect.flatMap(read, (text) =>
        Either.match(parseList(text, file), {
          onLeft: Effect.fail,
          onRight: ({ entries }) => Effect.succeed(entries.map((e) => e.item).filter((i) => i.status === "needs_action"))
        })),
      markCompleted: (id) => update(id, completedPatch),
      markNotFound: (id, explanation) => update(id, notFoundPatch(explanation)),
      markFailed: (id, error) => update(id, failedPatch(error)),
      sendSummary: (summary) => Effect.as(writeAtomically(summaryFile, renderSummary(summary)), summaryFile)
    } satisfies ShoppingListProviderShape
  })

export const layerYamlFile = (
  file: string
): Layer.Layer<ShoppingListProvider, never, FileSystem.FileSystem | Path.Path> =>
  Layer.effect(ShoppingListProvider, makeYamlFileProvider(file))
