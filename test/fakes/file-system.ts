/**
 * File systems that misbehave in one chosen way, over the real one: the
 * tests run as root in CI, where `chmod` cannot make a directory unwritable,
 * so an unwritable directory is simulated at the FileSystem service instead.
 */
import { FileSystem } from "@effect/platform"
import { SystemError } from "@effect/platform/Error"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import { Effect, Layer } from "effect"

/** The real file system, except that every write into `dir` fails with EACCES, as an unwritable directory does. */
export const fsReadOnlyIn = (dir: string): Layer.Layer<FileSystem.FileSystem> =>
  Layer.effect(
    FileSystem.FileSystem,
    Effect.map(FileSystem.FileSystem, (fs): FileSystem.FileSystem => {
      const inside = (path: string) => path === dir || path.startsWith(`${dir}/`)
      const denied = (path: string, method: string) =>
        new SystemError({ reason: "PermissionDenied", module: "FileSystem", method, pathOrDescriptor: path, description: "EACCES: permission denied" })
      return {
        ...fs,
        writeFile: (path, data, options) => (inside(path) ? Effect.fail(denied(path, "writeFile")) : fs.writeFile(path, data, options)),
        writeFileString: (path, data, options) =>
          inside(path) ? Effect.fail(denied(path, "writeFileString")) : fs.writeFileString(path, data, options),
        open: (path, options) => (inside(path) && options?.flag !== "r" ? Effect.fail(denied(path, "open")) : fs.open(path, options)),
        rename: (from, to) => (inside(to) ? Effect.fail(denied(to, "rename")) : fs.rename(from, to))
      }
    })
  ).pipe(Layer.provide(NodeFileSystem.layer))

/** The real file system, except that `onTempWrite` runs each time a `.tmp` file is opened (an atomic write has begun). */
export const fsWithTempWriteHook = (onTempWrite: (fs: FileSystem.FileSystem) => Effect.Effect<void>): Layer.Layer<FileSystem.FileSystem> =>
  Layer.effect(
    FileSystem.FileSystem,
    Effect.map(FileSystem.FileSystem, (fs): FileSystem.FileSystem => ({
      ...fs,
      open: (path, options) => (path.endsWith(".tmp") ? Effect.zipRight(onTempWrite(fs), fs.open(path, options)) : fs.open(path, options))
    }))
  ).pipe(Layer.provide(NodeFileSystem.layer))
