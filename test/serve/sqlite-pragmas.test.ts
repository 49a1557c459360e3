/** serve's SQLite connection: WAL, and commits without an fsync each (synchronous = NORMAL, 1), as server.ts says. */
import { SqlClient } from "@effect/sql"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { layerSql } from "../../src/serve/server.js"

const Rows = Schema.Array(Schema.Record({ key: Schema.String, value: Schema.Union(Schema.String, Schema.Number) }))

describe("serve's SQLite", () => {
  it.effect("runs in WAL mode with synchronous = NORMAL", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const journal = yield* Effect.flatMap(sql.unsafe("PRAGMA journal_mode"), Schema.decodeUnknown(Rows))
      const synchronous = yield* Effect.flatMap(sql.unsafe("PRAGMA synchronous"), Schema.decodeUnknown(Rows))
      expect(journal).toEqual([{ journal_mode: "wal" }])
      expect(synchronous).toEqual([{ synchronous: 1 }])
    }).pipe(Effect.provide(layerSql(join(mkdtempSync(join(tmpdir(), "shoal-serve-")), "serve.sqlite")))))
})
