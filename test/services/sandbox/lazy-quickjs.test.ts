/**
 * quickjs-emscripten is loaded only when the Sandbox layer is built, so
 * `shoal --help` never pays for it. Reads the sources, because a static
 * import would not make any other test fail.
 */
import { describe, expect, it } from "@effect/vitest"
import { readdirSync, readFileSync } from "node:fs"

const src = new URL("../../../src/", import.meta.url)
const sources = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))
const staticImport = /^\s*import\s+(?!type\b)[^;'"]*?from\s+["'](quickjs-emscripten[^"']*|@jitl\/[^"']+)["']/gm

describe("quickjs-emscripten loading", () => {
  it.each(sources)("%s imports quickjs-emscripten for types only", (file) => {
    const text = readFileSync(new URL(file, src), "utf8")
    expect(text.match(staticImport) ?? []).toEqual([])
  })

  it("the QuickJS layer only resolves its path when built; the sandbox's worker thread loads it", () => {
    const layer = readFileSync(new URL("services/sandbox/quickjs.ts", src), "utf8")
    expect(layer).toMatch(/const resolveQuickJs = Effect\.tryPromise\([\s\S]*resolve\("quickjs-emscripten"\)/)
    expect(layer).toContain("const quickjsPath = yield* resolveQuickJs")
    expect(readFileSync(new URL("services/sandbox/worker.ts", src), "utf8")).toContain("require(setup.quickjsPath)")
  })

  it("the droid command module imports neither the agent nor the sandbox", () => {
    const text = readFileSync(new URL("cli/droid.ts", src), "utf8")
    expect(text).not.toMatch(/from\s+["'][^"']*(agents|sandbox|services\/adb)[^"']*["']/)
  })
})
