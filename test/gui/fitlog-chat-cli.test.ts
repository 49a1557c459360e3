/**
 * `shoal fitlog chat --gui` as a user starts it: the bundled CLI serves the
 * chat page on 127.0.0.1, a message there is answered (offline) and the
 * session is kept in the data directory; Ctrl-C stops it at once. `--help`
 * names the option.
 */
import { once } from "node:events"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BuiltCli } from "../cli/built-cli.js"
import { buildCli } from "../cli/built-cli.js"

let cli: BuiltCli
beforeAll(async () => {
  cli = await buildCli()
})
afterAll(() => cli.cleanup())

const addressOf = (child: ReturnType<BuiltCli["start"]>) =>
  new Promise<string>((resolve, reject) => {
    let seen = ""
    const timer = setTimeout(() => reject(new Error(`no address printed; saw:\n${seen}`)), 20_000)
    child.stdout.on("data", (chunk: Buffer) => {
      seen += chunk.toString("utf8")
      const url = /Fitlog chat is open at (http:\/\/127\.0\.0\.1:\d+)/.exec(seen)?.[1]
      if (url !== undefined) {
        clearTimeout(timer)
        resolve(url)
      }
    })
  })

const viewWhen = async (url: string, id: string, ready: (v: { messages: ReadonlyArray<{ text: string }> }) => boolean) => {
  for (let i = 0; i < 100; i++) {
    const view = (await (await fetch(`${url}/api/sessions/${id}`)).json()) as { messages: ReadonlyArray<{ text: string }>; busy: boolean }
    if (ready(view)) return view
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error("the view never got there")
}

describe("shoal fitlog chat --gui", () => {
  it("serves the chat page on 127.0.0.1, answers a message, keeps the session, and stops on Ctrl-C", async () => {
    const child = cli.start(["fitlog", "chat", "--gui", "--port", "0"], { SHOAL_DATA_DIR: `${cli.dir}/chat-data` })
    try {
      const url = await addressOf(child)
      const page = await fetch(url)
      expect(await page.text()).toContain("<title>Fitlog chat</title>")
      const { id } = (await (await fetch(`${url}/api/sessions`, { method: "POST" })).json()) as { id: string }
      const said = await fetch(`${url}/api/sessions/${id}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text: "log 2 eggs" })
      })
      expect(said.status).toBe(202)
      const view = await viewWhen(url, id, (v) => v.messages.some((m) => m.text.includes("Log it? (yes / no)")))
      expect(view.messages.at(-1)?.text).toContain("Egg, whole")
      const listed = (await (await fetch(`${url}/api/sessions`)).json()) as { sessions: ReadonlyArray<{ id: string; describe: string }> }
      expect(listed.sessions.find((s) => s.id === id)?.describe).toBe("1 turn, waiting for a yes or no")
    } finally {
      child.kill("SIGINT")
    }
    const started = Date.now()
    const [code] = await once(child, "exit")
    expect(code === 0 || code === 130).toBe(true)
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it("names --gui in its help, and refuses a port that is not one", async () => {
    expect((await cli.run(["fitlog", "chat", "--help"])).stdout).toContain("--gui")
    const { code, stderr } = await cli.run(["fitlog", "chat", "--gui", "--port", "70000"])
    expect(code).not.toBe(0)
    expect(stderr).toContain("--port 70000 is not a port")
  })
})
