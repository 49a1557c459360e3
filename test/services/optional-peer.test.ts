/**
 * Optional peers (SDKs, sharp, SQLite, the browser, ADB) are loaded when the
 * layer needing them is built; a missing one is a `MissingOptionalPeer`
 * defect naming the install command, never Node's bare "Cannot find package".
 * (The packed package is checked end to end in test/package/consumer.test.ts.)
 */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit } from "effect"
import { readdirSync, readFileSync } from "node:fs"
import { importPeer, MissingOptionalPeer } from "../../src/services/optional-peer.js"

const absent = "shoal-no-such-package-for-this-test"
const load = (specifier: string) => () => import(specifier)

describe("importPeer", () => {
  it.effect("an absent package dies with MissingOptionalPeer naming the package, the layer and `npm install`", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(importPeer(absent, "Some.layer", load(absent)))
      const defect = Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined
      expect(defect).toBeInstanceOf(MissingOptionalPeer)
      expect(defect instanceof MissingOptionalPeer ? defect.message : "not a MissingOptionalPeer").toBe(`Some.layer needs ${absent}, an optional peer of shoal that is not installed: npm install ${absent}`)
    }))

  it.effect("an installed package loads", () =>
    Effect.gen(function*() {
      const yaml = yield* importPeer("yaml", "test", load("yaml"))
      expect(typeof yaml.parse).toBe("function")
    }))

  it.effect("another package missing beneath an installed one stays the loader's own defect", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(importPeer("yaml", "test", load(absent)))
      expect(Exit.isFailure(exit) && Cause.squash(exit.cause) instanceof MissingOptionalPeer).toBe(false)
    }))
})

describe("every service loads its optional peers through importPeer", () => {
  const root = new URL("../../src/services/", import.meta.url)
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))
  it("no bare Effect.promise(() => import(\"package\")) of a package", () => {
    const bare = files.filter((f) => /Effect\.promise\(\s*\(\)\s*=>\s*import\(\s*"(?!node:|\.)[^"]+"\s*\)/.test(readFileSync(new URL(f, root), "utf8")))
    expect(bare).toEqual([])
  })
})
