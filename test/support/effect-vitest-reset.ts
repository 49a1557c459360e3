/**
 * Every test file ends with @effect/vitest's `it` as it was before any file ran.
 *
 * @effect/vitest 0.30's `it.layer(L)(…)` assigns its layer-bound `effect`, `scoped`, … onto the one shared `it`
 * (vitest's own). Test files share their worker's modules here (vitest.config.ts), so every file after one that
 * used `it.layer` ran its `it.effect` tests on that layer's single runtime: one TestClock for all of them, moved
 * on by earlier tests, and a scope already closed. (The Effect 4 line of @effect/vitest no longer mutates `it`.)
 */
import { it } from "@effect/vitest"
import { afterAll } from "vitest"

const methods = ["effect", "scoped", "live", "scopedLive", "flakyTest", "layer", "prop", "scopedFixtures"] as const
type Methods = Pick<typeof it, (typeof methods)[number]>

const pristineKey = Symbol.for("shoal/test/effect-vitest-it")
const store = globalThis as { [pristineKey]?: Methods }
// Taken once per worker, when this file first runs: before any test file has been collected.
const pristine: Methods = (store[pristineKey] ??= Object.fromEntries(methods.map((name) => [name, it[name]])) as unknown as Methods)

afterAll(() => {
  Object.assign(it, pristine)
})
