/**
 * `layerYamlFile`: the shopping list is a YAML file the user keeps editing.
 *
 * Where it sits: the live ShoppingListProvider of `shoal shop`. The file is
 * UTF-8 (list-text.ts says so plainly otherwise). Every update re-reads the
 * file, patches only the one item (yaml-list.ts), and replaces the file
 * atomically — temp file in the same directory, synced, renamed over — so a
 * crash leaves either the old list or the new one. Just before the rename
 * the file is read once more: if the user saved it meanwhile, the patch is
 * merged into their newer text instead (up to `mergeAttempts` times, then
 * the write is refused with a message), so an edit made during a run is
 * never overwritten. A malformed list is reported with its line and never
 * written. The summary goes to `<list name>.summary.md` beside the list.
 */
import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import type { PlatformError } from "@effect/platform/Error"
import { Effect, Either, Layer } from "effect"
import { heldBack } from "../../domain/shop/item.js"
import type { ItemId, ShoppingRules } from "../../domain/shop/item.js"
import { renderSummary } from "../../domain/shop/summary.js"
import { atomicWriter } from "../files/atomic-write.js"
import { ShoppingListUnavailable } from "./errors.js"
import { decodeListBytes } from "./internal/list-text.js"
import { ShoppingListProvider } from "./shopping-list-provider.js"
import type { HeldBackItem, ShoppingListProviderShape } from "./shopping-list-provider.js"
import type { ItemPatch } from "./internal/yaml-list.js"
import { completedPatch, failedPatch, notFoundPatch, parseList, patchItem, startedPatch } from "./internal/yaml-list.js"

/** How often an update re-merges into a file that keeps changing under it before it gives up. */
export const mergeAttempts = 5

export const defaultShoppingRules: ShoppingRules = { retryNotFound: false }

export const makeYamlFileProvider = (
  file: string,
  rules: ShoppingRules = defaultShoppingRules
): Effect.Effect<ShoppingListProviderShape, never, FileSystem.FileSystem | Path.Path> =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const unavailable = (operation: string) => (error: PlatformError) =>
      new ShoppingListUnavailable({ location: file, operation, reason: error.message })

    const readBytes = fs.readFile(file).pipe(Effect.mapError(unavailable("read")))
    const decode = (bytes: Uint8Array) => Either.match(decodeListBytes(bytes, file), { onLeft: Effect.fail, onRight: Effect.succeed })
    const read = Effect.flatMap(readBytes, decode)
    const writeFileAtomically = atomicWriter(fs, path)
    const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

    const update = (id: ItemId, patch: ItemPatch) =>
      Effect.gen(function*() {
        for (let attempt = 0; attempt < mergeAttempts; attempt++) {
          const before = yield* readBytes
          const { bom, text } = yield* decode(before)
          const next = yield* Either.match(patchItem(text, file, id, patch), { onLeft: Effect.fail, onRight: Effect.succeed })
          if (next === text) return
          const stillCurrent = Effect.map(fs.readFile(file), (now) => sameBytes(now, before))
          const written = yield* writeFileAtomically(file, bom + next, { stillCurrent }).pipe(Effect.mapError(unavailable("write")))
          if (written) return
          yield* Effect.logDebug(`${file} changed while writing item "${id}"; merging into the newer text`)
        }
        return yield* new ShoppingListUnavailable({
          location: file,
          operation: "write",
          reason: `it kept changing while item "${id}" was being recorded (${mergeAttempts} tries); the result was not written so your edits are kept`
        })
      })

    const parsed = Effect.flatMap(read, ({ text }) => Either.match(parseList(text, file), { onLeft: Effect.fail, onRight: Effect.succeed }))
    const open = Effect.map(parsed, ({ entries }) => entries.map((e) => e.item).filter((i) => i.status === "needs_action"))

    const summaryFile = path.join(path.dirname(file), `${path.basename(file, path.extname(file))}.summary.md`)

    // Results are written by renaming a temp file in the list's directory, and the summary lands there too:
    // prove both are possible by doing it once, before any shopping.
    const checkWritable = Effect.gen(function*() {
      yield* parsed
      const dir = path.dirname(file)
      const probe = path.join(dir, `.${path.basename(file)}.write-check.tmp`)
      yield* fs.writeFileString(probe, "").pipe(
        Effect.zipRight(fs.remove(probe)),
        Effect.mapError((e) =>
          new ShoppingListUnavailable({
            location: file,
            operation: "write",
            reason: `its directory ${dir} is not writable (${e.message}); results could not be recorded, so nothing was shopped`
          })
        )
      )
    })

    return {
      location: file,
      uncompletedItems: Effect.map(open, (items) => items.filter((i) => heldBack(i, rules) === undefined)),
      itemCount: Effect.map(parsed, ({ entries }) => entries.length),
      heldBackItems: Effect.map(open, (items) =>
        items.flatMap((item): Array<HeldBackItem> => {
          const why = heldBack(item, rules)
          return why === undefined ? [] : [{ item, why }]
        })),
      checkWritable,
      markStarted: (id) => update(id, startedPatch),
      markCompleted: (id) => update(id, completedPatch),
      markNotFound: (id, explanation) => update(id, notFoundPatch(explanation)),
      markFailed: (id, error) => update(id, failedPatch(error)),
      sendSummary: (summary) =>
        Effect.as(writeFileAtomically(summaryFile, renderSummary(summary)).pipe(Effect.mapError(unavailable("write"))), summaryFile)
    } satisfies ShoppingListProviderShape
  })

export const layerYamlFile = (
  file: string,
  rules: ShoppingRules = defaultShoppingRules
): Layer.Layer<ShoppingListProvider, never, FileSystem.FileSystem | Path.Path> =>
  Layer.effect(ShoppingListProvider, makeYamlFileProvider(file, rules))
