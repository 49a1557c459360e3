/**
 * `waitOutOutage`: what a durable turn does when its database goes away under
 * it. A failure or a defect (a statement cut mid-flight comes as a defect from
 * the cluster) is tried again while the store cannot be reached, and passed on
 * as it is once the store answers; an interruption is never retried. The
 * outage test (outage.test.ts) shows it against a real Postgres; here each
 * rule is pinned down with a store whose health the test sets, on the TestClock.
 */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Fiber, Option, Ref, TestClock } from "effect"
import type { StoreHealth } from "../../src/serve/store-health.js"
import { waitOutOutage } from "../../src/serve/store-health.js"

/** A store that is down until `up` is set, and an effect that fails (`how`) until then and succeeds after. */
const scene = (how: "fail" | "die") =>
  Effect.gen(function*() {
    const up = yield* Ref.make(false)
    const probes = yield* Ref.make(0)
    const runs = yield* Ref.make(0)
    const health: StoreHealth = {
      check: () => Effect.zipRight(Ref.update(probes, (n) => n + 1), Effect.map(Ref.get(up), (ok) => ok ? Option.none() : Option.some("connection refused")))
    }
    const work = Effect.zipRight(
      Ref.update(runs, (n) => n + 1),
      Effect.flatMap(Ref.get(up), (ok) => ok ? Effect.succeed("saved") : how === "fail" ? Effect.fail("store down" as const) : Effect.die(new Error("Connection terminated unexpectedly")))
    )
    return { up, probes, runs, health, work }
  })

describe("waitOutOutage", () => {
  for (const how of ["fail", "die"] as const) {
    it.effect(`an effect that ${how === "fail" ? "fails" : "dies"} while the store is down is tried again until the store is back`, () =>
      Effect.gen(function*() {
        const { health, runs, up, work } = yield* scene(how)
        const fiber = yield* Effect.fork(waitOutOutage(health)(work))
        yield* TestClock.adjust("5 seconds")
        expect(fiber.unsafePoll()).toBe(null)
        const triedDuringOutage = yield* Ref.get(runs)
        expect(triedDuringOutage).toBeGreaterThan(5)
        yield* Ref.set(up, true)
        yield* TestClock.adjust("1 second")
        expect(yield* Fiber.join(fiber)).toBe("saved")
      }))
  }

  it.effect("once the store answers, a failure is the effect's own and is passed on at once", () =>
    Effect.gen(function*() {
      const { health, probes, up } = yield* scene("fail")
      yield* Ref.set(up, true)
      const runs = yield* Ref.make(0)
      const exit = yield* Effect.exit(waitOutOutage(health)(Effect.zipRight(Ref.update(runs, (n) => n + 1), Effect.fail("the agent refused" as const))))
      expect(exit).toEqual(Exit.fail("the agent refused"))
      expect(yield* Ref.get(runs)).toBe(1)
      expect(yield* Ref.get(probes)).toBe(1)
    }))

  it.effect("a defect while the store answers is passed on as a defect, not retried", () =>
    Effect.gen(function*() {
      const { health, up } = yield* scene("die")
      yield* Ref.set(up, true)
      const exit = yield* Effect.exit(waitOutOutage(health)(Effect.die(new Error("a bug"))))
      expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true)
    }))

  it.effect("an interruption is not retried, even while the store is down", () =>
    Effect.gen(function*() {
      const { health, probes } = yield* scene("fail")
      const exit = yield* Effect.exit(waitOutOutage(health)(Effect.interrupt))
      expect(Exit.isFailure(exit) && Cause.isInterruptedOnly(exit.cause)).toBe(true)
      expect(yield* Ref.get(probes)).toBe(0)
    }))

  it.effect("it gives up after ten minutes of outage, with the last failure", () =>
    Effect.gen(function*() {
      const { health, work } = yield* scene("fail")
      const fiber = yield* Effect.fork(Effect.exit(waitOutOutage(health)(work)))
      yield* TestClock.adjust("9 minutes")
      expect(fiber.unsafePoll()).toBe(null)
      yield* TestClock.adjust("2 minutes")
      expect(yield* Fiber.join(fiber)).toEqual(Exit.fail("store down"))
    }))
})
