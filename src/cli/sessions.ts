/**
 * Where a run's sessions are kept, if anywhere: runs (droid, shop) are saved
 * where conversations are (SHOAL_DATA_DIR, else $XDG_DATA_HOME/shoal, else
 * ~/.local/share/shoal). Without a data directory a run still runs and is
 * not saved (cli/host-run.ts looks the store up with `serviceOption`).
 */
import type { FileSystem, Path } from "@effect/platform"
import { Effect, Layer, Option } from "effect"
import { layerFile, resolveDataDir } from "../services/session-store/file.js"

export const sessionStoreOrNone = Effect.gen(function*() {
  const dir = yield* Effect.option(resolveDataDir)
  return Option.match(dir, { onNone: (): Layer.Layer<never, never, FileSystem.FileSystem | Path.Path> => Layer.empty, onSome: layerFile })
})
