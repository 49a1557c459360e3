/**
 * Sessions on one shared Chromium (`layerSharedChromium`,
 * `makePlaywrightSession`), in real headless Debian Chromium against the
 * fixture store: what one session does (signing in, its cookies) the others
 * never see, a session's end leaves Chromium and the other sessions as they
 * were, and Chromium's end is every session's `BrowserCrashed`. The guard on
 * a session is test/services/browser/guard-probe.test.ts's.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Layer, Redacted, Scope } from "effect"
import { layerSharedChromium, makePlaywrightSession, makeSharedChromium, SharedChromium } from "../../../src/services/browser/shared-chromium.js"
import { tempProfileDir } from "../../fakes/store/browser.js"
import { fixtureCredentials, makeFixtureStore } from "../../fakes/store/server.js"

const timeouts = { actionTimeout: "1 second", navigationTimeout: "10 seconds" } as const

describe("sessions on a shared Chromium", () => {
  it.scopedLive("a session signed in shares its cookies with no other; one session closed, Chromium and the others go on", () =>
    Effect.gen(function*() {
      const store = yield* makeFixtureStore
      const chromium = yield* makeSharedChromium({ profileDir: yield* tempProfileDir })
      const session = makePlaywrightSession({ store: store.profile, ...timeouts }).pipe(Effect.provideService(SharedChromium, chromium))
      const first = yield* session
      const second = yield* session
      yield* first.signIn({ username: Redacted.make(fixtureCredentials.username), password: Redacted.make(fixtureCredentials.password) })
      expect(store.logins()).toBe(1)
      expect(yield* first.isAuthenticated).toBe(true)
      yield* second.navigate(store.url)
      expect(yield* second.isAuthenticated).toBe(false)
      // A third session, closed when its own scope closes: the second, and Chromium, are untouched.
      const thirdScope = yield* Scope.make()
      const third = yield* Scope.extend(session, thirdScope)
      yield* third.navigate(store.url)
      expect(yield* third.isAuthenticated).toBe(false)
      yield* Scope.close(thirdScope, Exit.void)
      yield* second.navigate("/deals")
      expect((yield* second.snapshot()).url).toBe(`${store.url}/deals`)
      yield* second.alive
      const fourth = yield* session
      yield* fourth.navigate(store.url)
      expect(yield* fourth.isAuthenticated).toBe(false)
      expect(yield* first.isAuthenticated).toBe(true)
    }), 90_000)

  it.scopedLive("Chromium closing under its sessions is a BrowserCrashed in each of them", () =>
    Effect.gen(function*() {
      const store = yield* makeFixtureStore
      const chromiumScope = yield* Scope.make()
      const chromium = yield* Scope.extend(makeSharedChromium({ profileDir: yield* tempProfileDir }), chromiumScope)
      const session = makePlaywrightSession({ store: store.profile, ...timeouts }).pipe(Effect.provideService(SharedChromium, chromium))
      const sessions = [yield* session, yield* session]
      for (const s of sessions) yield* s.navigate(store.url)
      yield* Scope.close(chromiumScope, Exit.void)
      for (const s of sessions) expect((yield* Effect.flip(s.alive))._tag).toBe("BrowserCrashed")
    }), 90_000)

  it.scopedLive("a missing Chromium executable fails the shared layer with BrowserLaunchFailed, one line saying what to install", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Layer.build(layerSharedChromium({ profileDir: yield* tempProfileDir, executablePath: "/nonexistent/chromium" })))
      expect(error._tag).toBe("BrowserLaunchFailed")
      expect(error.message).toMatch(/^could not start Chromium \(\/nonexistent\/chromium\): .+\. On Debian: apt-get install chromium$/)
      expect(error.message).not.toContain("\n")
    }), 30_000)
})
