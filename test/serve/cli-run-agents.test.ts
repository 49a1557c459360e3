/**
 * `shoal serve`'s run agents as a user starts them: the bundled CLI as a
 * child process. `--device sim` serves droid on the simulated phone (a task
 * posted over HTTP runs with a model on a loopback stand-in for Anthropic's
 * API); without it droid's routes name the flag; a flag or value serve does
 * not know is one clear line and exit 2; `--help` shows the flags.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BuiltCli } from "../cli/built-cli.js"
import { buildCli } from "../cli/built-cli.js"

let cli: BuiltCli
beforeAll(async () => {
  cli = await buildCli()
}, 300_000)
afterAll(() => cli?.cleanup())

/** `shoal serve --port 0 …args` until `use` ends; its base URL and the line it printed. */
const withServe = async (args: ReadonlyArray<string>, env: Record<string, string>, use: (url: string, line: string) => Promise<void>) => {
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

/** A loopback stand-in for Anthropic's Messages API that answers every call with `text`, counting the calls. */
const fakeAnthropic = async (text: string) => {
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
        content: [{ type: "text", text }],
        stop_reason: "end_turn",
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

  it("a flag or value serve does not know is one clear line and exit 2 (usage); --help shows the flags", () => {
    const badDevice = cli.run(["serve", "--device", "my phone!"])
    expect(badDevice.code).toBe(2)
    expect(badDevice.stderr).toContain("--device my phone! is not a device")
    const unknown = cli.run(["serve", "--devise", "sim"])
    expect(unknown.code).not.toBe(0)
    expect(unknown.stderr + unknown.stdout).toContain("--devise")
    const help = cli.run(["serve", "--help"])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain("--device")
  }, 120_000)
})
