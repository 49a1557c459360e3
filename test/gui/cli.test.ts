/**
 * `shoal tidy --gui` as a user starts it: the bundled CLI serves the page on
 * 127.0.0.1, saves sessions in the data directory, and stops on Ctrl-C.
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
      const url = /Tidy is open at (http:\/\/127\.0\.0\.1:\d+)/.exec(seen)?.[1]
      if (url !== undefined) {
        clearTimeout(timer)
        resolve(url)
      }
    })
  })

describe("shoal tidy --gui", () => {
  it("serves the page and a session on 127.0.0.1, and stops on Ctrl-C", async () => {
    const child = cli.start(["tidy", "--gui", "--port", "0"], { SHOAL_DATA_DIR: `${cli.dir}/gui-data` })
    try {
      const url = await addressOf(child)
      const page = await fetch(url)
      expect(page.headers.get("content-type")).toContain("text/html")
      expect(await page.text()).toContain("<title>Tidy</title>")
      const created = await fetch(`${url}/api/sessions`, { method: "POST" })
      expect(created.status).toBe(201)
      const { id } = (await created.json()) as { id: string }
      const view = (await (await fetch(`${url}/api/sessions/${id}`)).json()) as { phase: string }
      expect(view.phase).toBe("Surveying")
      // A page left open (its event stream) must not keep the server from stopping.
      const events = await fetch(`${url}/api/sessions/${id}/events`)
      const reader = events.body?.getReader()
      expect(new TextDecoder().decode((await reader?.read())?.value)).toContain("retry:")
    } finally {
      child.kill("SIGINT")
    }
    const started = Date.now()
    const [code] = await once(child, "exit")
    expect(code === 0 || code === 130).toBe(true)
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it("refuses a port that is not one", async () => {
    const { code, stderr } = await cli.run(["tidy", "--gui", "--port", "70000"])
    expect(code).not.toBe(0)
    expect(stderr).toContain("--port 70000 is not a port")
  })
})
