/**
 * placement.ts: a turn's workflow is keyed so its execution id lands on its
 * session's shard, and the id matches the one @effect/workflow derives itself.
 */
import { ShardId } from "@effect/cluster"
import { describe, expect, it } from "@effect/vitest"
import { Workflow } from "@effect/workflow"
import { Effect, Schema } from "effect"
import { executionIdOf, placementFor, turnKey } from "../../src/serve/placement.js"

/** A stand-in for the cluster's shard function: any deterministic spread over 300 shards. */
const shardOf = (id: string) => {
  let h = 0
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) | 0
  return ShardId.make("default", (Math.abs(h) % 300) + 1)
}

describe("turn placement", () => {
  it.effect("the execution id is the one the workflow engine derives from the same name and key", () =>
    Effect.gen(function*() {
      const workflow = Workflow.make({
        name: "ShoalTurn/echo",
        payload: { sessionId: Schema.String, turnId: Schema.String, placement: Schema.Number },
        idempotencyKey: ({ placement, sessionId, turnId }) => turnKey(sessionId, turnId, placement)
      })
      for (const placement of [0, 1, 17]) {
        expect(yield* workflow.executionId({ sessionId: "s-1", turnId: "t-9", placement })).toBe(executionIdOf("ShoalTurn/echo", turnKey("s-1", "t-9", placement)))
      }
    }))

  it("puts each turn's execution on its session's shard, the same placement every time", () => {
    for (let n = 0; n < 20; n++) {
      const sessionId = `session-${n}`
      const target = shardOf(sessionId)
      const placement = placementFor("ShoalTurn/echo", sessionId, `turn-${n}`, target, shardOf)
      expect(shardOf(executionIdOf("ShoalTurn/echo", turnKey(sessionId, `turn-${n}`, placement)))).toEqual(target)
      expect(placementFor("ShoalTurn/echo", sessionId, `turn-${n}`, target, shardOf)).toBe(placement)
    }
  })

  it("placement 0 keeps the key turns had before placement", () => {
    expect(turnKey("s", "t", 0)).toBe("s/t")
    expect(turnKey("s", "t", 3)).not.toBe("s/t")
  })
})
