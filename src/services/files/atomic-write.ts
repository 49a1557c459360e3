/**
 * Replace a file so that a reader sees either the old content or the new,
 * never half of either: write a hidden temp file beside it, sync it, rename
 * it over the target. A failed write leaves the old file and (best effort) no
 * temp file; one that cannot be removed is still hidden (dot-prefixed). After
 * the rename the directory is synced too, so the new name survives a power cut.
 *
 * Where it sits: shared by every file-backed service that rewrites a user's
 * file or state (the SessionStore's JSON files, the shopping list).
 */
import type { FileSystem, Path } from "@effect/platform"
import type { PlatformError } from "@effect/platform/Error"
import { Effect, Random } from "effect"

export interface AtomicWriteOptions {
  /**
   * Checked after the temp file is synced, just before the rename: `false`
   * abandons the write (temp removed, target untouched) and the writer
   * returns `false`, so a caller that merged into the file's old text can
   * re-read and merge again instead of overwriting someone's newer save.
   */
  readonly stillCurrent?: Effect.Effect<boolean, PlatformError>
}

/** The writer for a service that already holds its file system and path. Returns whether the target was replaced. */
export const atomicWriter = (fs: FileSystem.FileSystem, path: Path.Path) =>
(target: string, text: string, options: AtomicWriteOptions = {}): Effect.Effect<boolean, PlatformError> =>
  Effect.gen(function*() {
    const nonce = yield* Random.nextIntBetween(0, 2 ** 31 - 1)
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${nonce.toString(36)}.tmp`)
    return yield* Effect.scoped(Effect.gen(function*() {
      const handle = yield* fs.open(temp, { flag: "w" })
      yield* handle.writeAll(new TextEncoder().encode(text))
      yield* handle.sync
    })).pipe(
      Effect.zipRight(options.stillCurrent ?? Effect.succeed(true)),
      Effect.flatMap((current) => current ? Effect.as(fs.rename(temp, target), true) : Effect.as(fs.remove(temp), false)),
      Effect.tapError(() => Effect.ignore(fs.remove(temp)))
    )
    // The rename is durable only once the directory itself is synced (best effort: not every
    // file system lets a directory be opened for it).
    yield* Effect.scoped(Effect.flatMap(fs.open(path.dirname(target), { flag: "r" }), (dir) => dir.sync)).pipe(Effect.ignore)
  })
