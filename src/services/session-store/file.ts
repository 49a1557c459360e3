/**
 * `layerFile`: sessions as JSON files, `<dir>/sessions/<kind>/<id>.json`.
 *
 * Where it sits: the live SessionStore of the CLI. Writes are atomic — the
 * text goes to a hidden temp file in the same directory, is synced, then
 * renamed over the old file — so a crash or a full disk mid-save leaves the
 * previous session intact. Temp files start with a dot, which no session id
 * may, so `load` and `list` never see one.
 */
import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import type { PlatformError } from "@effect/platform/Error"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import { Clock, Config, Duration, Effect, Layer, Option, Schedule, Schema } from "effect"
import type { ConfigError } from "effect"
import { SessionStoreError } from "./errors.js"
import { SessionId } from "./session-kind.js"
import { SessionStore } from "./session-store.js"
import { makeSessionStore } from "./store.js"
import type { SessionTexts } from "./store.js"
import { atomicWriter } from "../files/atomic-write.js"

const storeError = (operation: string, location: string) => (error: PlatformError) =>
  new SessionStoreError({ operation, location, reason: error.message })

const isNotFound = (error: PlatformError): boolean => error._tag === "SystemError" && error.reason === "NotFound"

const isSessionId = Schema.is(SessionId)

/** The file-backed texts under `dir`, using whatever FileSystem is provided. */
export const fileTexts = (dir: string): Effect.Effect<SessionTexts, never, FileSystem.FileSystem | Path.Path> =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const kindDir = (kind: string) => path.join(dir, "sessions", kind)
    const locate = (kind: string, id: SessionId) => path.join(kindDir(kind), `${id}.json`)

    const writeFileAtomically = atomicWriter(fs, path)
    const writeAtomically = (kind: string, id: SessionId, text: string) =>
      Effect.gen(function*() {
        yield* fs.makeDirectory(kindDir(kind), { recursive: true })
        yield* writeFileAtomically(locate(kind, id), text)
      }).pipe(Effect.mapError(storeError("save", locate(kind, id))))

    /** Remove the temp files in `folder` that `belongs` picks; best effort, each one logged. */
    const removeTemps = (folder: string, belongs: (name: string) => boolean) =>
      fs.readDirectory(folder).pipe(
        Effect.map((names) => names.filter((name) => name.startsWith(".") && name.endsWith(".tmp") && belongs(name))),
        Effect.flatMap(Effect.forEach((name) =>
          fs.remove(path.join(folder, name)).pipe(
            Effect.zipRight(Effect.logDebug(`removed a temp file left by an interrupted save: ${name}`))
          ))),
        Effect.ignore
      )

    /** Temp files older than `staleAfter` (by the Clock) cannot belong to a save still running. */
    const removeStaleTemps = (folder: string) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        fs.readDirectory(folder).pipe(
          Effect.flatMap(Effect.filter((name) =>
            name.startsWith(".") && name.endsWith(".tmp")
              ? fs.stat(path.join(folder, name)).pipe(
                Effect.map((info) => Option.exists(info.mtime, (m) => now - m.getTime() > Duration.toMillis(staleAfter))),
                Effect.orElseSucceed(() => false)
              )
              : Effect.succeed(false)
          )),
          Effect.flatMap((stale) => removeTemps(folder, (name) => stale.includes(name))),
          Effect.ignore
        ))

    // One writer at a time within this process; the lock file keeps other processes out.
    const writers = yield* Effect.makeSemaphore(1)
    const lockOf = (kind: string, id: SessionId) => path.join(kindDir(kind), `.${id}.lock`)
    const exclusive = <A, E>(kind: string, id: SessionId, body: Effect.Effect<A, E>) =>
      writers.withPermits(1)(Effect.scoped(Effect.gen(function*() {
        yield* fs.makeDirectory(kindDir(kind), { recursive: true }).pipe(Effect.mapError(storeError("create", kindDir(kind))))
        yield* acquireLock(fs, lockOf(kind, id))
        // Holding the lock, any temp file of this session was left by a writer that died mid-save.
        yield* removeTemps(kindDir(kind), (name) => name.startsWith(`.${id}.json.`))
        return yield* body
      })))

    return {
      locate,
      exclusive,
      read: (kind, id) =>
        fs.readFileString(locate(kind, id)).pipe(
          Effect.map(Option.some),
          Effect.catchIf(isNotFound, () => Effect.succeedNone),
          Effect.mapError(storeError("read", locate(kind, id)))
        ),
      write: writeAtomically,
      ids: (kind) =>
        removeStaleTemps(kindDir(kind)).pipe(Effect.zipRight(fs.readDirectory(kindDir(kind)))).pipe(
          Effect.map((names) =>
            names.flatMap((name) => {
              const stem = name.endsWith(".json") ? name.slice(0, -".json".length) : ""
              return isSessionId(stem) ? [stem] : []
            })
          ),
          Effect.catchIf(isNotFound, () => Effect.succeed([])),
          Effect.mapError(storeError("list", kindDir(kind)))
        ),
      remove: (kind, id) =>
        fs.remove(locate(kind, id)).pipe(
          Effect.as(true),
          Effect.catchIf(isNotFound, () => Effect.succeed(false)),
          Effect.mapError(storeError("remove", locate(kind, id)))
        )
    } satisfies SessionTexts
  })

/**
 * The lock file of one session, held for the scope: created exclusively (`wx`),
 * removed on release. Another process holding it makes us wait a little (it
 * saves in milliseconds); a lock older than `staleAfter` was left by a killed
 * process and is taken over.
 */
const staleAfter = Duration.seconds(30)
const acquireLock = (fs: FileSystem.FileSystem, lock: string) =>
  Effect.acquireRelease(
    Effect.scoped(fs.open(lock, { flag: "wx" })).pipe(
      Effect.asVoid,
      Effect.catchIf(isAlreadyExists, (error: PlatformError) =>
        Effect.gen(function*() {
          const info = yield* fs.stat(lock)
          const now = yield* Clock.currentTimeMillis
          const age = Option.match(info.mtime, { onNone: () => 0, onSome: (m) => now - m.getTime() })
          if (age > Duration.toMillis(staleAfter)) {
            yield* Effect.logWarning(`taking over a stale session lock ${lock}`)
            return yield* fs.writeFileString(lock, "")
          }
          return yield* Effect.fail(error)
        })),
      Effect.retry({ while: isAlreadyExists, schedule: Schedule.spaced("25 millis").pipe(Schedule.upTo("5 seconds")) }),
      Effect.mapError((error) =>
        new SessionStoreError({
          operation: "lock",
          location: lock,
          reason: isAlreadyExists(error) ? "another process is saving this session (remove the .lock file if none is)" : error.message
        })
      )
    ),
    () => Effect.ignore(fs.remove(lock))
  )

const isAlreadyExists = (error: PlatformError): boolean => error._tag === "SystemError" && error.reason === "AlreadyExists"

/** Sessions under `dir` (files at `<dir>/sessions/<kind>/<id>.json`). */
export const layerFile = (dir: string): Layer.Layer<SessionStore, never, FileSystem.FileSystem | Path.Path> =>
  Layer.effect(SessionStore, Effect.flatMap(fileTexts(dir), makeSessionStore))

/**
 * Where Shoal keeps its data: `SHOAL_DATA_DIR`, else `$XDG_DATA_HOME/shoal`
 * (only if absolute, as the XDG spec says), else `~/.local/share/shoal`.
 */
export const resolveDataDir: Effect.Effect<string, ConfigError.ConfigError, Path.Path> = Effect.gen(function*() {
  const path = yield* Path.Path
  const explicit = yield* Config.option(Config.nonEmptyString("SHOAL_DATA_DIR"))
  if (Option.isSome(explicit)) return explicit.value
  const xdg = yield* Config.option(Config.nonEmptyString("XDG_DATA_HOME"))
  if (Option.isSome(xdg) && path.isAbsolute(xdg.value)) return path.join(xdg.value, "shoal")
  const home = yield* Config.nonEmptyString("HOME")
  return path.join(home, ".local", "share", "shoal")
})

/** `layerFile` at the data dir resolved from config. */
export const layerFileFromConfig: Layer.Layer<SessionStore, ConfigError.ConfigError, FileSystem.FileSystem | Path.Path> = Layer.unwrapEffect(
  Effect.map(resolveDataDir, layerFile)
)

/** `layerFileFromConfig` on Node's file system, for the CLI. */
export const layerFileFromConfigNode: Layer.Layer<SessionStore, ConfigError.ConfigError> = layerFileFromConfig.pipe(
  Layer.provide(Layer.merge(NodeFileSystem.layer, NodePath.layer))
)
