/**
 * A sandbox thread that cannot start is the run's typed `SandboxFailed` with
 * a message the user can act on, not a defect; the next run tries again.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { makeQuickJsSandbox } from "../../../src/services/sandbox/quickjs.js"

describe("QuickJS sandbox start-up", () => {
  it.scopedLive("an interpreter that cannot load fails each run with SandboxFailed, and a session can still be opened", () =>
    Effect.gen(function*() {
      const sandbox = makeQuickJsSandbox("/nonexistent/quickjs-emscripten/index.js")
      const error = yield* Effect.flip(sandbox.run("1 + 1"))
      expect(error._tag).toBe("SandboxFailed")
      expect(error.message).toMatch(/^the JavaScript sandbox could not start \(.*nonexistent.*\); .*npm install quickjs-emscripten$/)
      expect(error.message).not.toContain("\n")
      const session = yield* sandbox.session()
      const first = yield* Effect.flip(session.run("1"))
      const second = yield* Effect.flip(session.run("2"))
      expect([first._tag, second._tag]).toEqual(["SandboxFailed", "SandboxFailed"])
    }), 60_000)
})
