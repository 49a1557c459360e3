/**
 * The databases `shoal serve`'s tests run on: SQLite always, and a real
 * PostgreSQL (test/serve/postgres.ts) when one can be had. A test file calls
 * `serveBackends()` once at its top level and runs its suite for each:
 *
 *   describe.each(serveBackends())("… on $name", ({ db }) => { … db() … })
 *
 * `db()` gives a fresh database each time (a SQLite file in a temp dir, or a
 * new Postgres database on the file's one server, started before its tests and
 * deleted after). When Postgres cannot be had, the reason is printed and only
 * SQLite runs.
 */
import { afterAll, beforeAll } from "@effect/vitest"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Postgres } from "./postgres.js"
import { postgresSkipReason, startPostgres } from "./postgres.js"

export interface ServeBackend {
  readonly name: "SQLite" | "Postgres"
  /** A fresh, empty database: a SQLite file path or a postgres:// URL. */
  readonly db: () => string
}

export const sqliteDb = () => join(mkdtempSync(join(tmpdir(), "shoal-serve-")), "serve.sqlite")

let databases = 0

/** The file's Postgres server, started before its tests and deleted after (register at the top level). */
export const usePostgres = (): { readonly current: () => Postgres } => {
  let pg: Postgres | undefined
  beforeAll(async () => {
    pg = await startPostgres()
  }, 120_000)
  afterAll(() => pg?.destroy())
  return {
    current: () => {
      if (pg === undefined) throw new Error("the test Postgres is not started")
      return pg
    }
  }
}

export const serveBackends = (): ReadonlyArray<ServeBackend> => {
  const sqlite: ServeBackend = { name: "SQLite", db: sqliteDb }
  const reason = postgresSkipReason()
  if (reason !== undefined) {
    console.log(`[skip] shoal serve on Postgres: ${reason}`)
    return [sqlite]
  }
  const pg = usePostgres()
  return [sqlite, {
    name: "Postgres",
    db: () => {
      const name = `shoal_${process.pid}_${++databases}`
      pg.current().createDatabase(name)
      return pg.current().url(name)
    }
  }]
}
