/**
 * Break-test of `shoal serve`'s flags (issue 18), by a non-author.
 *
 * `--host ::1` (IPv6 loopback) printed its address as `http://::1:8024/`,
 * which no browser or curl takes: the address said must be one to open.
 *
 * `--token` with a non-ASCII character (`pässwörd`): a header carries bytes,
 * which the server reads as Latin-1, so `Authorization: Bearer pässwörd` as
 * curl sends it (UTF-8) never matched: every API request was a 401.
 *
 * `--device sim` with no model key served droid, offline, and every task was
 * a 500: "shoal droid needs a model … only --script FILE runs", a flag serve
 * does not have.
 *
 * Two `shoal serve` on one data dir (a second terminal, another --port):
 * both ran as the one runner of the same SQLite file. A turn sent to the
 * second answered nothing for 20 s (its turn ran and completed meanwhile),
 * and it logged "Could not read messages from storage".
 *
 * `--token`: an empty token. `--token ""` (an unset variable: `--token "$SHOAL_TOKEN"`) was
 * taken, even with `--host 0.0.0.0`, whose guard is "needs --token"; then a
 * request with an empty cookie (`Cookie: shoal_token=`) was let in, and
 * `/?token=` handed out that cookie: a server open to anyone who can reach it.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import type { BuiltCli } from "../cli/built-cli.js"
import { buildCli } from "../cli/built-cli.js"
import { startServe } from "./harness.js"

const freshDb = () => join(mkdtempSync(join(tmpdir(), "shoal-serve-break-token-")), "serve.sqlite")
const model = Layer.orDie(ScriptedLlm.layer([]))

describe("shoal serve break-test: an empty token", () => {
  it.live("a server given an empty token lets no request in: not an empty cookie, not /?token=, not an empty bearer", () =>
    Effect.gen(function*() {
      const served = yield* startServe({ db: freshDb(), llm: model, token: Redacted.make("") })
      expect((yield* served.request("GET", "/api/agents", undefined, { cookie: "shoal_token=" })).status).toBe(401)
      expect((yield* served.request("POST", "/api/agents/echo/sessions", undefined, { cookie: "shoal_token=" })).status).toBe(401)
      expect((yield* served.request("GET", "/api/agents", undefined, { authorization: "Bearer  " })).status).toBe(401)
      const opened = yield* Effect.promise(() => fetch(`${served.url}/?token=`, { redirect: "manual" }))
      expect(opened.status).toBe(401)
      expect(opened.headers.get("set-cookie")).toBeNull()
    }).pipe(Effect.scoped), 60_000)
})

describe("shoal serve break-test: --token, --host and --device on the command line", () => {
  let cli: BuiltCli
  beforeAll(async () => {
    cli = await buildCli()
  }, 300_000)
  afterAll(() => cli.cleanup())

  it("--token \"\" or a blank one is refused at start (exit 2, saying so), also with --host 0.0.0.0: it does not serve", async () => {
    for (const args of [["--token", ""], ["--token", "   "], ["--host", "0.0.0.0", "--token", ""]]) {
      const result = await cli.run(["serve", "--port", "0", ...args], { env: { SHOAL_PROVIDER: "offline" } })
      expect(result.stdout).not.toContain("Shoal serves")
      expect(result.stderr).toContain("--token")
      expect(result.stderr).not.toContain("internal error")
      expect(result.code).toBe(2)
    }
  }, 200_000)

  it("a --token with characters a header cannot carry (é, ü…) is refused at start: its Bearer header could never match", async () => {
    const result = await cli.run(["serve", "--port", "0", "--token", "pässwörd"], { env: { SHOAL_PROVIDER: "offline" } })
    expect(result.stdout).not.toContain("Shoal serves")
    expect(result.stderr).toContain("--token")
    expect(result.stderr).not.toContain("pässwörd")
    expect(result.code).toBe(2)
  }, 120_000)

  it("--device with no model (offline) is refused at start, saying droid needs one: not served to answer every task with a 500 that points at `--script`", async () => {
    const result = await cli.run(["serve", "--port", "0", "--device", "sim"], { env: { SHOAL_PROVIDER: "offline" } })
    expect(result.stdout).not.toContain("Shoal serves")
    expect(result.stderr).toContain("--device")
    expect(result.stderr).toMatch(/needs a model/)
    expect(result.stderr).not.toContain("--script")
    expect(result.code).toBe(2)
  }, 120_000)

  it("a second serve on the same data dir (another --port) is refused at start, naming the first; once that one is gone (even by kill -9), serve starts", async () => {
    const data = mkdtempSync(join(tmpdir(), "shoal-serve-break-twice-"))
    const env = { SHOAL_PROVIDER: "offline", SHOAL_DATA_DIR: data }
    const first = cli.start(["serve", "--port", "0"], env)
    try {
      await new Promise<void>((resolve, reject) => {
        let seen = ""
        const timer = setTimeout(() => reject(new Error(`serve did not start; saw:\n${seen}`)), 60_000)
        first.stdout.on("data", (chunk: Buffer) => {
          seen += chunk.toString("utf8")
          if (seen.includes("Shoal serves")) {
            clearTimeout(timer)
            resolve()
          }
        })
      })
      const second = await cli.run(["serve", "--port", "0"], { env })
      expect(second.stdout).not.toContain("Shoal serves")
      expect(second.stderr).toContain(String(first.pid))
      expect(second.stderr).toContain("serve.sqlite")
      expect(second.stderr).not.toContain("internal error")
      expect(second.code).toBe(1)
    } finally {
      first.kill("SIGKILL")
    }
    await new Promise<void>((resolve) => (first.exitCode !== null || first.signalCode !== null ? resolve() : void first.once("exit", () => resolve())))
    const after = cli.start(["serve", "--port", "0"], env)
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let seen = ""
        const timer = setTimeout(() => reject(new Error(`serve did not start after the first was killed; saw:\n${seen}`)), 60_000)
        const look = (chunk: Buffer) => {
          seen += chunk.toString("utf8")
          if (seen.includes("Shoal serves")) {
            clearTimeout(timer)
            resolve(seen)
          }
        }
        after.stdout.on("data", look)
        after.stderr.on("data", look)
      })
      expect(line).toContain("Shoal serves")
    } finally {
      after.kill("SIGKILL")
    }
  }, 200_000)

  it("--host ::1 prints an address that opens (http://[::1]:PORT/), and the API answers there", async () => {
    const child = cli.start(["serve", "--host", "::1", "--port", "0"], { SHOAL_PROVIDER: "offline" })
    try {
      const printed = await new Promise<string>((resolve, reject) => {
        let seen = ""
        const timer = setTimeout(() => reject(new Error(`serve did not start; saw:\n${seen}`)), 60_000)
        child.stderr.on("data", (chunk: Buffer) => void (seen += chunk.toString("utf8")))
        child.stdout.on("data", (chunk: Buffer) => {
          seen += chunk.toString("utf8")
          const found = /pages at (\S+?\/)[ ,]/.exec(seen)?.[1]
          if (found !== undefined) {
            clearTimeout(timer)
            resolve(found)
          }
        })
      })
      expect(printed).toMatch(/^http:\/\/\[::1\]:\d+\/$/)
      const response = await fetch(new URL("api/agents", printed))
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ agents: ["tidy", "fitlog-chat"] })
    } finally {
      child.kill("SIGKILL")
    }
  }, 120_000)
})
