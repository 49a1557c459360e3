/**
 * Issue 18 item 3: the CLI's `--resume`/`--list` read the store `shoal serve`
 * uses — by default serve's SQLite file under the data directory — and
 * today's JSON sessions are imported on the first start. Real processes: the
 * bundled CLI for `shoal tidy` and for `shoal serve --port 0`, on one data
 * directory, with serve running while the terminal reads and writes.
 */
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import { Effect, Layer, Schema } from "effect"
import { existsSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { tidyAgent } from "../../src/agents/tidy/agent.js"
import { layerFile } from "../../src/services/session-store/file.js"
import { SessionId } from "../../src/services/session-store/session-kind.js"
import { SessionStore } from "../../src/services/session-store/session-store.js"
import type { BuiltCli } from "../cli/built-cli.js"
import { buildCli } from "../cli/built-cli.js"

let cli: BuiltCli
beforeAll(async () => {
  cli = await buildCli()
}, 300_000)
afterAll(() => cli.cleanup())

/** `shoal serve --port 0` on `data` until `use` ends; its base URL from the line it prints. */
const withServe = async (data: string, use: (url: string) => Promise<void>) => {
  const child = cli.start(["serve", "--port", "0"], { SHOAL_DATA_DIR: data })
  // What serve said, shown when a request to it fails (e.g. it exited).
  let said = ""
  child.stderr.on("data", (chunk: Buffer) => void (said += chunk.toString("utf8")))
  child.on("exit", (code, signal) => void (said += `\n[serve exited: ${code ?? signal}]`))
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let seen = ""
      const timer = setTimeout(() => reject(new Error(`serve did not start; saw:\n${seen}`)), 60_000)
      child.stdout.on("data", (chunk: Buffer) => {
        seen += chunk.toString("utf8")
        const found = /pages at (http:\/\/127\.0\.0\.1:\d+)\//.exec(seen)?.[1]
        if (found !== undefined) {
          clearTimeout(timer)
          resolve(found)
        }
      })
    })
    await use(url).catch((error: unknown) => {
      throw new Error(`${String(error)}; serve's stderr:\n${said.slice(-4000)}`, { cause: error })
    })
  } finally {
    child.kill("SIGKILL")
  }
}

const call = async (url: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${url}${path}`, {
    method,
    // A fresh connection per request: serve closes its idle keep-alive sockets, and a pooled socket reused after
    // that fails with "other side closed".
    headers: { "content-type": "application/json", connection: "close" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  const text = await response.text()
  return { status: response.status, json: (text === "" ? null : JSON.parse(text)) as unknown }
}

const Listed = Schema.Struct({ sessions: Schema.Array(Schema.Struct({ id: Schema.String, describe: Schema.String })) })
const Viewed = Schema.Struct({ describe: Schema.String })
const savedAs = (stdout: string) => /Saved as (\S+)\./.exec(stdout)?.[1] ?? ""

describe("the CLI and shoal serve share one session store", () => {
  it("a session started in the terminal is listed and continued by serve; one started over HTTP is listed and resumed in the terminal", async () => {
    const data = join(cli.dir, "shared")
    const started = await cli.run(["tidy"], { input: "it is my bedroom\nthe bed stays\n", env: { SHOAL_DATA_DIR: data } })
    expect(started.code).toBe(0)
    const fromCli = savedAs(started.stdout)
    expect(fromCli).not.toBe("")
    // Saved in serve's database, not as a JSON file.
    expect(existsSync(join(data, "serve", "serve.sqlite"))).toBe(true)
    expect(existsSync(join(data, "sessions", "tidy", `${fromCli}.json`))).toBe(false)

    await withServe(data, async (url) => {
      const listed = Schema.decodeUnknownSync(Listed)((await call(url, "GET", "/api/agents/tidy/sessions")).json)
      expect(listed.sessions).toEqual([{ id: fromCli, describe: "Sorting, 0 items sorted" }])
      // serve goes on with it: the item's card, then the answer sorts it.
      const asked = await call(url, "POST", `/api/agents/tidy/sessions/${fromCli}/input`, { text: "socks" })
      expect(asked.status).toBe(202)
      const qid = Schema.decodeUnknownSync(Schema.Struct({ waitingFor: Schema.Struct({ id: Schema.String }) }))(asked.json).waitingFor.id
      const kept = await call(url, "POST", `/api/agents/tidy/sessions/${fromCli}/questions/${qid}`, {
        answer: { _tag: "DispositionAnswer", disposition: { _tag: "Keep" } }
      })
      expect(kept).toMatchObject({ status: 200, json: { reply: "It stays. Next?" } })

      // Over HTTP, while serve runs, then in the terminal.
      const fromServe = Schema.decodeUnknownSync(Schema.Struct({ id: Schema.String }))((await call(url, "POST", "/api/agents/tidy/sessions")).json).id
      expect((await call(url, "POST", `/api/agents/tidy/sessions/${fromServe}/input`, { text: "it is my garage" })).status).toBe(200)

      const list = await cli.run(["tidy", "--list"], { env: { SHOAL_DATA_DIR: data } })
      expect(list.code).toBe(0)
      expect(list.stdout).toContain(`${fromCli}  `)
      expect(list.stdout).toMatch(new RegExp(`${fromCli} .*Sorting, 1 item sorted`))
      expect(list.stdout).toMatch(new RegExp(`${fromServe} .*Surveying, 0 items sorted`))

      const resumed = await cli.run(["tidy", "--resume", fromServe], { input: "the car stays\n", env: { SHOAL_DATA_DIR: data } })
      expect(resumed.code).toBe(0)
      expect(resumed.stdout).toContain(`Saved as ${fromServe}.`)
      // And serve sees the terminal's turn, and goes on from it.
      expect(Schema.decodeUnknownSync(Viewed)((await call(url, "GET", `/api/agents/tidy/sessions/${fromServe}`)).json).describe).toBe("Sorting, 0 items sorted")
      expect((await call(url, "POST", `/api/agents/tidy/sessions/${fromServe}/input`, { text: "a broom" })).status).toBe(202)
    })
  }, 240_000)

  it("today's JSON sessions are imported on the first start, once", async () => {
    const data = join(cli.dir, "legacy")
    mkdirSync(data, { recursive: true })
    const id = SessionId.make("2026-01-02-0304-abcd")
    await Effect.runPromise(
      Effect.flatMap(SessionStore, (store) => store.save(tidyAgent.session, id, tidyAgent.initial)).pipe(
        Effect.provide(layerFile(data).pipe(Layer.provide(Layer.merge(NodeFileSystem.layer, NodePath.layer))))
      )
    )
    expect(existsSync(join(data, "sessions", "tidy", `${id}.json`))).toBe(true)
    const listed = await cli.run(["tidy", "--list"], { env: { SHOAL_DATA_DIR: data } })
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain(id)
    expect(listed.stderr).toContain("imported 1 JSON session into the session database")
    // Removed over HTTP, it stays removed: the import is not done again.
    await withServe(data, async (url) => {
      expect((await call(url, "DELETE", `/api/agents/tidy/sessions/${id}`)).status).toBe(204)
    })
    expect((await cli.run(["tidy", "--list"], { env: { SHOAL_DATA_DIR: data } })).stdout).toContain("No saved tidy sessions yet")
  }, 240_000)
})
