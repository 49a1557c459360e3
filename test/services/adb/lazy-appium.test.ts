/**
 * appium-adb (and the @appium/support tree under it) is loaded only when a
 * live Adb layer is built, so `shoal --help` and every non-Android run never
 * pay for it. This reads the sources, like lazy-sdk.test.ts does for the
 * model SDKs, because a static import would not make any other test fail.
 */
import { describe, expect, it } from "@effect/vitest"
import { readdirSync, readFileSync } from "node:fs"

const src = new URL("../../../src/", import.meta.url)
const sources = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))
const staticImport = /^\s*import\s+(?!type\b)[^;'"]*?from\s+["'](appium-adb|@appium\/[^"']+)["']/gm
const sideEffectImport = /^\s*import\s+["'](appium-adb|@appium\/[^"']+)["']/gm

describe("appium-adb loading", () => {
  it.each(sources)("%s imports appium-adb for types only", (file) => {
    const text = readFileSync(new URL(file, src), "utf8")
    expect([...(text.match(staticImport) ?? []), ...(text.match(sideEffectImport) ?? [])]).toEqual([])
  })

  it("the live layer loads it inside its construction effect", () => {
    const live = readFileSync(new URL("services/adb/live.ts", src), "utf8")
    // through importPeer, so a missing appium-adb names its install command (test/services/optional-peer.test.ts)
    expect(live).toMatch(/yield\* importPeer\("appium-adb", "[^"]+", \(\) => import\("appium-adb"\)\)/)
  })
})
