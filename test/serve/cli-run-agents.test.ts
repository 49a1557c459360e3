/**
 * `shoal serve`'s run agents as a user starts them: the bundled CLI as a
 * child process. `--device sim` serves droid on the simulated phone (a task
 * posted over HTTP runs with a model on a loopback stand-in for Anthropic's
 * API); `--store FILE` serves shop at the fixture store (127.0.0.1) in one
 * Chromium that goes when serve stops; without them their routes name the flags; a flag or value serve does
 * not know is one clear line and exit 2; `--help` shows the flags.
 */
import { Effect, Exit, Schema, Scope } from "effect"
import { execFileSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BuiltCli } from "../cli/built-cli.js"
import { buildCli } from "../cli/built-cli.js"
import { StoreProfile } from "../../src/domain/shop/store-profile.js"
import { makeFixtureStore } from "../fakes/store/server.js"

/** How many Chromium processes run on a profile under `home` (serve's browser keeps its profile there). */
const chromiumsUnder = (home: string): number => {
  const out = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
  return out.split("\n").filter((l) => /chrom/i.test(l) && l.includes(home)).length
}

let cli: BuiltCli
beforeAll(async () => {
  cli = await buildCli()
}, 300_000)
afterAll(() => cli?.cleanup())

/** `shoal serve --port 0 …args` until `use` ends; its base URL and the line it printed. */
const withServe = async (args: ReadonlyArray<string>, env: Record<string, string>, use: (url: string, line: string) => Promise<void>, stop: NodeJS.Signals = "SIGKILL") => {
  const child = cli.start(["serve", "--port", "0", ...args], { SHOAL_DATA_DIR: join(cli.dir, `data-${args.join("-")}`), ...env })
  let said = ""
  child.stderr.on("data", (chunk: Buffer) => void (said += chunk.toString("utf8")))
  child.on("exit", (code, signal) => void (said += `\n[serve exited: ${code ?? signal}]`))
  try {
    const [url, line] = await new Promise<[string, string]>((resolve, reject) => {
      let seen = ""
      const timer = setTimeout(() => reject(new Error(`serve did not start; saw:\n${seen}\n${said}`)), 60_000)
      child.stdout.on("data", (chunk: Buffer) => {
        seen += chunk.toString("utf8")
        const found = /pages at (http:\/\/127\.0\.0\.1:\d+)\//.exec(seen)?.[1]
        if (found !== undefined) {
          clearTimeout(timer)
          resolve([found, seen])
        }
      })
    })
    await use(url, line).catch((error: unknown) => {
      throw new Error(`${String(error)}; serve's stderr:\n${said.slice(-4000)}`, { cause: error })
    })
  } finally {
    const exited = new Promise<void>((resolve) => child.exitCode !== null || child.signalCode !== null ? resolve() : child.on("exit", () => resolve()))
    child.kill(stop)
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))])
    child.kill("SIGKILL")
  }
}

const call = async (url: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { "content-type": "application/json", connection: "close" },
    // A request that hangs fails the test (and serve is still stopped) instead of outliving it.
    signal: AbortSignal.timeout(60_000),
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  const text = await response.text()
  let json: unknown = text
  try {
    json = JSON.parse(text)
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, json }
}

/** A loopback stand-in for Anthropic's Messages API that answers every call with `content` (text, or blocks), counting the calls. */
const fakeAnthropic = async (content: string | ReadonlyArray<unknown>) => {
  let calls = 0
  const server = createServer((request, response) => {
    request.resume()
    request.on("end", () => {
      calls += 1
      response.writeHead(200, { "content-type": "application/json" })
      response.end(JSON.stringify({
        id: `msg_${calls}`,
        type: "message",
        role: "assistant",
        model: "claude-test",
        content: typeof content === "string" ? [{ type: "text", text: content }] : content,
        stop_reason: typeof content === "string" ? "end_turn" : "tool_use",
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 10 }
      }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, calls: () => calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describe("shoal serve's run agents from the command line", () => {
  it("--device sim serves droid: a posted task runs on the simulated phone and the reply is its result", async () => {
    const model = await fakeAnthropic("Opening it.\n```js\nopen_app(\"Settings\")\ncomplete(true, \"Settings is open\")\n```")
    try {
      await withServe(["--device", "sim", "--provider", "anthropic", "--base-url", model.url], { ANTHROPIC_API_KEY: "sk-ant-test-key" }, async (url, line) => {
        expect(line).toContain("droid")
        expect(await call(url, "GET", "/api/agents")).toMatchObject({ status: 200, json: { agents: expect.arrayContaining(["droid"]) } })
        const created = await call(url, "POST", "/api/agents/droid/sessions")
        expect(created.status).toBe(201)
        const id = (created.json as { id: string }).id
        const turn = await call(url, "POST", `/api/agents/droid/sessions/${id}/input`, { text: "open the settings" })
        expect(turn).toMatchObject({ status: 200, json: { reply: "done after 1 step: Settings is open" } })
        expect(model.calls()).toBe(1)
        const got = await call(url, "GET", `/api/agents/droid/sessions/${id}`)
        expect(got.json).toMatchObject({ state: { goal: "open the settings", steps: [{ step: 1, action: expect.stringContaining("Settings"), ok: true }] } })
      })
    } finally {
      await model.close()
    }
  }, 120_000)

  it("without --device droid's routes answer 404 with the line naming the flag", async () => {
    await withServe([], {}, async (url) => {
      const refused = await call(url, "POST", "/api/agents/droid/sessions")
      expect(refused.status).toBe(404)
      expect(JSON.stringify(refused.json)).toContain("shoal serve --device sim")
    })
  }, 120_000)

  it("--store FILE serves shop: a posted list is shopped at the store in one Chromium, closed when serve stops", async () => {
    const scope = Effect.runSync(Scope.make())
    try {
      const store = await Effect.runPromise(Scope.extend(makeFixtureStore, scope))
      const profileFile = join(cli.dir, "store.json")
      writeFileSync(profileFile, JSON.stringify(Schema.encodeSync(StoreProfile)(store.profile)))
      const model = await fakeAnthropic([
        { type: "tool_use", id: "toolu_1", name: "report_item_not_found", input: { item_name: "saffron", explanation: "The store has no saffron." } }
      ])
      const home = mkdtempSync(join(cli.dir, "home-"))
      try {
        await withServe(["--store", profileFile, "--provider", "anthropic", "--base-url", model.url], { ANTHROPIC_API_KEY: "sk-ant-test-key", HOME: home }, async (url, line) => {
          expect(line).toContain("shop")
          expect(chromiumsUnder(home)).toBeGreaterThan(0)
          const id = ((await call(url, "POST", "/api/agents/shop/sessions")).json as { id: string }).id
          const turn = await call(url, "POST", `/api/agents/shop/sessions/${id}/input`, { text: "saffron" })
          expect(turn.status).toBe(200)
          expect(JSON.stringify(turn.json)).toContain("Not found (1)")
          expect(JSON.stringify(turn.json)).toContain("The store has no saffron.")
          expect(store.hits().some((h) => h.path === "/cart")).toBe(true)
        }, "SIGTERM")
        // Chromium went with it.
        for (let i = 0; i < 50 && chromiumsUnder(home) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 200))
        expect(chromiumsUnder(home)).toBe(0)
      } finally {
        await model.close()
      }
    } finally {
      await Effect.runPromise(Scope.close(scope, Exit.void))
    }
  }, 180_000)

  it("a flag or value serve does not know is one clear line and exit 2 (usage); --help shows the flags", async () => {
    const badDevice = await cli.run(["serve", "--device", "my phone!"])
    expect(badDevice.code).toBe(2)
    expect(badDevice.stderr).toContain("--device my phone! is not a device")
    const badStore = await cli.run(["serve", "--store", "nosuchstore"])
    expect(badStore.code).toBe(2)
    expect(badStore.stderr).toContain("unknown store \"nosuchstore\"")
    const unknown = await cli.run(["serve", "--devise", "sim"])
    expect(unknown.code).not.toBe(0)
    expect(unknown.stderr + unknown.stdout).toContain("--devise")
    const help = await cli.run(["serve", "--help"])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain("--device")
    expect(help.stdout).toContain("--store")
  }, 120_000)
})
