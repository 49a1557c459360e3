/**
 * A real, throwaway PostgreSQL for the tests: Debian's `postgresql` package
 * (`/usr/lib/postgresql/<version>/bin`, installed by `npm test`'s pretest),
 * `initdb` into a temp dir, `pg_ctl start -w` on a free loopback port, a
 * database per test (`createdb`), and `pg_ctl stop` + the dir removed at the
 * end. initdb refuses to run as root, so as root the server runs as the
 * `postgres` user the package creates, in a dir it owns.
 *
 * `postgresSkipReason` says, once, why Postgres cannot be had here (no
 * package, no `postgres` user); tests print it and skip only then.
 */
import { execFile, execFileSync } from "node:child_process"
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"

/** The newest installed server's bin dir, if any. */
export const postgresBin = (): string | undefined => {
  const base = "/usr/lib/postgresql"
  if (!existsSync(base)) return undefined
  const versions = readdirSync(base).filter((v) => existsSync(join(base, v, "bin", "initdb"))).sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : join(base, versions[0], "bin")
}

const isRoot = process.getuid?.() === 0

const postgresUser = (): { readonly uid: number; readonly gid: number } | undefined => {
  try {
    const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim())
    return { uid: id("-u"), gid: id("-g") }
  } catch {
    return undefined
  }
}

/** Why Postgres cannot be started here, or undefined when it can. */
export const postgresSkipReason = (): string | undefined => {
  if (postgresBin() === undefined) {
    return "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); `npm test`'s pretest installs Debian's postgresql package as root"
  }
  if (isRoot && postgresUser() === undefined) return "running as root and there is no `postgres` user to run initdb and the server as"
  return undefined
}

/** A free port on 127.0.0.1 (asked of the kernel, then released). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

export interface Postgres {
  readonly port: number
  /** `postgres://…/<name>` for a database made by `createDatabase`. */
  readonly url: (database: string) => string
  /** A new empty database (`createdb`). */
  readonly createDatabase: (name: string) => void
  /** `pg_ctl stop -m fast`: the server goes away, connections are cut. */
  readonly stop: () => void
  /** Started again on the same port and data dir. */
  readonly start: () => void
  /** Stopped and its dir deleted. */
  readonly destroy: () => void
}

/** A new server on a free loopback port; throws with `postgresSkipReason` when there is none to be had. */
export const startPostgres = async (): Promise<Postgres> => {
  const reason = postgresSkipReason()
  const bin = postgresBin()
  if (reason !== undefined || bin === undefined) throw new Error(reason ?? "no PostgreSQL")
  const user = isRoot ? postgresUser() : undefined
  const dir = mkdtempSync(join(tmpdir(), "shoal-pg-"))
  const data = join(dir, "data")
  if (user !== undefined) chownSync(dir, user.uid, user.gid)
  chmodSync(dir, 0o700)
  // As root, every server tool runs as `postgres` (initdb and postgres refuse root).
  const command = (tool: string, args: ReadonlyArray<string>): [string, Array<string>] =>
    [isRoot ? "runuser" : join(bin, tool), isRoot ? ["-u", "postgres", "--", join(bin, tool), ...args] : [...args]]
  const run = (tool: string, args: ReadonlyArray<string>) =>
    execFileSync(...command(tool, args), { cwd: dir, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" })
  // The first start, the slow part, keeps the worker's event loop free (a worker blocked for a minute misses vitest's calls).
  const runAsync = (tool: string, args: ReadonlyArray<string>) => promisify(execFile)(...command(tool, args), { cwd: dir, encoding: "utf8" })
  await runAsync("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync", "--no-instructions"])
  const port = await freePort()
  const startArgs = [
    "-D", data, "-l", join(dir, "server.log"), "-w", "-t", "60",
    "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    "start"
  ]
  const start = () => void run("pg_ctl", startArgs)
  const stop = () => void run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"])
  await runAsync("pg_ctl", startArgs)
  let running = true
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    createDatabase: (name) => void run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", name]),
    stop: () => {
      stop()
      running = false
    },
    start: () => {
      start()
      running = true
    },
    destroy: () => {
      if (running) stop()
      running = false
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
