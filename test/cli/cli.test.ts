/**
 * The command line as a user meets it: the bundled CLI, run as a child
 * process with no TTY and no keys.
 */
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { externalPackages } from "../../scripts/cli-bundle.mjs"
import type { BuiltCli } from "./built-cli.js"
import { buildCli, root } from "./built-cli.js"

let cli: BuiltCli
beforeAll(async () => {
  cli = await buildCli()
})
afterAll(() => cli.cleanup())

const run = (args: ReadonlyArray<string>, env: Record<string, string> = {}, nodeArgs: ReadonlyArray<string> = []) =>
  cli.run(args, { env, nodeArgs })

describe("shoal CLI", () => {
  it("--help lists the four subcommands and the version", async () => {
    const { code, stdout } = await run(["--help"])
    expect(code).toBe(0)
    for (const command of ["tidy", "fitlog", "droid", "shop"]) expect(stdout).toMatch(new RegExp(`^\\s*-?\\s*${command}\\b`, "m"))
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }
    expect((await run(["--version"])).stdout.trim()).toContain(pkg.version)
  })

  it.each([["--help"], ["shop", "--help"], ["tidy", "--help"]])("%s %s loads no provider SDK, browser or image library", async (...args) => {
    const trace = join(cli.dir, `imports-${args.join("-")}.txt`)
    const { code } = await run(args, { SHOAL_TRACE_IMPORTS: trace }, ["--import", join(root, "scripts/trace-imports.mjs")])
    expect(code).toBe(0)
    const loaded = readFileSync(trace, "utf8").split("\n").filter(Boolean)
    expect(loaded.length).toBeGreaterThan(0)
    const heavy = loaded.filter((url) => externalPackages.some((p) => url.includes(`/node_modules/${p}/`)))
    expect(heavy).toEqual([])
  })

  it("--help runs the bundle with no command's code, an agent the one without the server's (bin/bundles.js)", () => {
    const bundle = (name: string) => readFileSync(join(cli.installDir, "dist/cli", name), "utf8")
    // A line of the tidy coach, and one of serve's runtime: where each command's own code went.
    const tidyCode = "What do you need to DO in this space?"
    const serveCode = "(once, in the browser)"
    expect(bundle("shoal.cjs")).not.toContain(tidyCode)
    expect(bundle("shoal-agents.cjs")).toContain(tidyCode)
    expect(bundle("shoal-agents.cjs")).not.toContain(serveCode)
    expect(bundle("shoal-serve.cjs")).toContain(serveCode)
    expect(bundle("shoal.cjs").length).toBeLessThan(bundle("shoal-agents.cjs").length / 2)
  })

  it("the NLP library (compromise, the text layer's tagger) loads when a command first reads text, not at start", async () => {
    const loads = async (args: ReadonlyArray<string>) => {
      const trace = join(cli.dir, `imports-${args.length}-${args[1] ?? ""}.txt`)
      const { code } = await run(args, { SHOAL_TRACE_IMPORTS: trace }, ["--import", join(root, "scripts/trace-imports.mjs")])
      expect(code).toBe(0)
      return readFileSync(trace, "utf8").split("\n").some((url) => url.includes("/node_modules/compromise/"))
    }
    expect(await loads(["--help"])).toBe(false)
    expect(await loads(["fitlog", "today", "--db", join(cli.dir, "nlp.sqlite")])).toBe(false)
    expect(await loads(["fitlog", "estimate", "2 eggs and toast"])).toBe(true)
  })

  it("each subcommand has its own help with the shared model flags", async () => {
    const { code, stdout } = await run(["tidy", "--help"])
    expect(code).toBe(0)
    for (const flag of ["--provider", "--model", "--base-url", "--fallback-model"]) expect(stdout).toContain(flag)
  })

  it("shoal tidy runs offline with no key, saying so once on stderr", async () => {
    const { code, stdout, stderr } = await run(["tidy"])
    expect(code).toBe(0)
    expect(stderr.match(/Offline mode/g)).toHaveLength(1)
    expect(stdout).toContain("What do you need to DO in this space?")
  })

  it("a provider without its key is a clear error, not a stack trace", async () => {
    const { code, stderr } = await run(["tidy", "--provider", "anthropic"])
    expect(code).toBe(1)
    expect(stderr).toContain("ANTHROPIC_API_KEY")
    expect(stderr).not.toMatch(/at .*\.js:\d+/)
  })

  it("a bad flag value is rejected with the valid choices", async () => {
    const { code, stdout, stderr } = await run(["tidy", "--provider", "gemini"])
    expect(code).not.toBe(0)
    expect(stdout + stderr).toMatch(/anthropic.*openai.*offline/s)
  })

  it("the built command loads ES-module-only packages when it runs (droid on the simulated phone: appium-adb, QuickJS)", async () => {
    const script = join(cli.dir, "wifi.js")
    writeFileSync(script, [
      "open_app('Settings')",
      "click('Network & internet')",
      "click('Wi-Fi')",
      "click('Use Wi-Fi')",
      "click('HomeNet')",
      "complete(true, 'Wi-Fi is on')"
    ].join("\n"))
    // Twice: the second run compiles the bundle from its V8 code cache, which once lost dynamic imports.
    for (let i = 0; i < 2; i++) {
      const { code, stdout, stderr } = await run(["droid", "--script", script, "--device", "sim"])
      expect(stderr).not.toMatch(/ERR_|TypeError|internal error/)
      expect(code).toBe(0)
      expect(stdout + stderr).toContain("Wi-Fi is on")
    }
  })

  it("the built command logs food to the local SQLite diary from the shipped USDA table (fitlog)", async () => {
    const env = { SHOAL_DATA_DIR: join(cli.dir, "fitlog-data") }
    const meal = "113g fried minced beef, 135g white rice cooked, 50g greek yogurt for lunch"
    const logged = await cli.run(["fitlog", "log", meal, "--yes"], { env })
    expect(logged.stderr).not.toMatch(/ERR_|TypeError|internal error/)
    expect(logged.code).toBe(0)
    const today = await cli.run(["fitlog", "today"], { env })
    expect(today.code).toBe(0)
    expect(today.stdout.toLowerCase()).toMatch(/beef[\s\S]*rice[\s\S]*yogurt/)
    const estimate = await cli.run(["fitlog", "estimate", "2 eggs for breakfast", "--json"], { env })
    expect(estimate.code).toBe(0)
    expect(JSON.parse(estimate.stdout)).toMatchObject({ meal: "breakfast", items: [{ grams: expect.any(Number) }] })
  })
})
