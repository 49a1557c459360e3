/**
 * Before the diary opens its SQLite file: is the path usable, and may we
 * write to it? Each problem is a `DiaryError` naming the path, so the user
 * reads one line ("--db /x/y.sqlite: the folder /x does not exist"), never a
 * driver's stack trace. A database we may read but not write opens
 * read-only: `today` still shows it, logging says why it cannot.
 */
import { Effect } from "effect"
import { DiaryError } from "./diary.js"

/**
 * `read-only-copy`: readable, but neither the file nor its folder writable.
 * SQLite cannot read a WAL-mode database there (it needs its shared-memory
 * file beside it), so a private copy is read instead (`readableCopy`).
 */
export type OpenMode = "read-write" | "read-only" | "read-only-copy"

export interface OpenOptions {
  /** Create a missing folder (the default data dir) or refuse (a path the user gave with --db). */
  readonly createDirectory: boolean
}

const sqliteHeader = "SQLite format 3\u0000"

const problem = (filename: string, reason: string) => new DiaryError({ operation: `open ${filename}`, reason })

/** Check `filename` and say how it can be opened. */
export const checkDiaryFile = (filename: string, options: OpenOptions): Effect.Effect<OpenMode, DiaryError> =>
  Effect.tryPromise({
    try: async () => {
      const fs = await import("node:fs")
      const { dirname } = await import("node:path")
      const dir = dirname(filename)
      const writable = (p: string) => {
        try {
          fs.accessSync(p, fs.constants.W_OK)
          return true
        } catch {
          return false
        }
      }
      const stat = fs.statSync(filename, { throwIfNoEntry: false })
      if (stat === undefined) {
        const dirStat = fs.statSync(dir, { throwIfNoEntry: false })
        if (dirStat === undefined) {
          if (!options.createDirectory) return problem(filename, `the folder ${dir} does not exist (create it first, or choose another --db path)`)
          try {
            fs.mkdirSync(dir, { recursive: true })
          } catch (e) {
            return problem(filename, `its folder ${dir} could not be created (${e instanceof Error ? e.message : String(e)})`)
          }
        } else if (!dirStat.isDirectory()) return problem(filename, `${dir} is not a folder`)
        if (!writable(dir)) return problem(filename, `the folder ${dir} is not writable, so the diary cannot be created there`)
        return "read-write" as const
      }
      if (stat.isDirectory()) return problem(filename, "it is a folder, not a diary file")
      try {
        fs.accessSync(filename, fs.constants.R_OK)
      } catch {
        return problem(filename, "the file is not readable (check its permissions)")
      }
      if (stat.size > 0) {
        const fd = fs.openSync(filename, "r")
        const head = Buffer.alloc(sqliteHeader.length)
        try {
          fs.readSync(fd, head, 0, head.length, 0)
        } finally {
          fs.closeSync(fd)
        }
        if (head.toString("latin1") !== sqliteHeader) return problem(filename, "the file is not a SQLite database (is --db pointing at the right file?)")
      }
      // SQLite writes a journal beside the file: both must be writable to log.
      return writable(dir) ? (writable(filename) ? "read-write" as const : "read-only" as const) : "read-only-copy" as const
    },
    catch: (e) => problem(filename, e instanceof Error ? e.message : String(e))
  }).pipe(Effect.flatMap((r) => (r instanceof DiaryError ? Effect.fail(r) : Effect.succeed(r))))

/** A private copy of the diary (and its write-ahead log, if any) to read; removed when the scope closes. */
export const readableCopy = (filename: string) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        const fs = await import("node:fs")
        const { tmpdir } = await import("node:os")
        const { join } = await import("node:path")
        const dir = fs.mkdtempSync(join(tmpdir(), "shoal-diary-"))
        const copy = join(dir, "diary.sqlite")
        fs.copyFileSync(filename, copy)
        if (fs.existsSync(`${filename}-wal`)) fs.copyFileSync(`${filename}-wal`, `${copy}-wal`)
        return { dir, copy }
      },
      catch: (e) => problem(filename, `it is read-only and could not be copied to read it (${e instanceof Error ? e.message : String(e)})`)
    }),
    ({ dir }) => Effect.promise(() => import("node:fs").then((fs) => fs.rmSync(dir, { recursive: true, force: true })))
  )
