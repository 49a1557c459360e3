/**
 * Where a turn's workflow runs: on its session's runner.
 *
 * The cluster places an entity by hashing its id into a shard; a session's
 * entity id is the session id, a workflow's is its execution id, a hash of
 * the workflow's name and idempotency key. With several runners the two
 * ids hash to different shards, so a turn would hop from the session's runner
 * to another one for its workflow (and back for the reply): a message saved,
 * sent, read from storage and answered across processes per turn. The key
 * therefore carries a small number, `placement`, the first for which the
 * execution id falls on the session's shard (about one try in
 * `shardsPerGroup`, a SHA-256 of a short string each). It depends only on
 * the session, the turn and the sharding's shard count, so a redelivered turn
 * finds the same execution, on any runner. One runner alone owns every
 * shard and needs none of this: its turns keep placement 0. The placement is
 * chosen when a turn is sent and kept in its persisted message, so a turn in
 * flight while its database moves from one runner to several (or back) keeps
 * its key and finds its journal (test/serve/placement-move.test.ts).
 *
 * Where it sits: served-agent.ts keys its turn workflow with `turnKey`, asks
 * `placementFor` when it sends a turn, and clears both possible keys' journals.
 */
import type { ShardId } from "@effect/cluster"
import { EntityId } from "@effect/cluster"
import { createHash } from "node:crypto"

/** The turn workflow's idempotency key; placement 0 is the key from before placement existed. */
export const turnKey = (sessionId: string, turnId: string, placement: number) =>
  placement === 0 ? `${sessionId}/${turnId}` : `${sessionId}/${turnId}#${placement}`

/** The execution id @effect/workflow derives from a workflow's name and key: SHA-256's first 16 bytes in hex. */
export const executionIdOf = (workflowName: string, key: string) =>
  createHash("sha256").update(`${workflowName}-${key}`).digest("hex").slice(0, 32)

/** Past this many tries (never reached with 300 shards: the chance is (299/300)^4096) the turn keeps placement 0. */
const maxTries = 4096

/**
 * The first placement whose execution id `shardOf` puts on `target` (the
 * session's shard), or 0 when none within `maxTries`.
 */
export const placementFor = (
  workflowName: string,
  sessionId: string,
  turnId: string,
  target: ShardId.ShardId,
  shardOf: (entityId: EntityId.EntityId) => ShardId.ShardId
): number => {
  for (let placement = 0; placement < maxTries; placement++) {
    const id = executionIdOf(workflowName, turnKey(sessionId, turnId, placement))
    const shard = shardOf(EntityId.make(id))
    if (shard.id === target.id && shard.group === target.group) return placement
  }
  return 0
}
