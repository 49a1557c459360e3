/**
 * `shoal shop` on the run host: the shop agent (agents/shop/orchestrator.ts)
 * run item by item, saved after each, `--resume` going on with a stopped
 * run of the same list and `--sessions` listing the runs of a list.
 *
 * Where it sits: imported by shop-run.ts when the command runs.
 */
import { Console, DateTime, Effect, Option, Schema } from "effect"
import { makeShopAgent } from "../agents/shop/orchestrator.js"
import type { ShopOptions } from "../agents/shop/orchestrator.js"
import { describeShopRun, shopRuns } from "../agents/shop/run-state.js"
import type { ShopRun } from "../agents/shop/run-state.js"
import { ShoppingListProvider } from "../services/shopping-list/shopping-list-provider.js"
import { newSessionId, SessionId } from "../services/session-store/session-kind.js"
import { SessionStore } from "../services/session-store/session-store.js"
import type { RunWatcher } from "../agents/run-steps.js"
import { hostRun } from "./host-run.js"
import { ShopUsageError } from "./shop-store.js"

export interface SavedRun {
  readonly sessionId: SessionId
  readonly state: ShopRun
}

/** The saved runs of this list, newest first. */
const runsOf = (listFile: string) =>
  Effect.gen(function*() {
    const store = yield* SessionStore
    const out: Array<SavedRun & { readonly updatedAt: DateTime.Utc }> = []
    for (const saved of yield* store.list(shopRuns)) {
      const state = yield* store.load(shopRuns, saved.id).pipe(Effect.option)
      if (Option.isSome(state) && state.value.list === listFile) out.push({ sessionId: saved.id, state: state.value, updatedAt: saved.updatedAt })
    }
    return out
  })

/** `--resume [RUN]`: the run named, else the newest of this list that did not finish. */
export const findShopRun = (listFile: string, requested: Option.Option<string>) =>
  Effect.gen(function*() {
    const runs = yield* runsOf(listFile)
    const found = Option.match(requested, {
      onNone: () => Option.fromNullable(runs.find((r) => r.state.phase !== "done")),
      onSome: (id) => Option.fromNullable(runs.find((r) => r.sessionId === id))
    })
    if (Option.isNone(found)) {
      return yield* new ShopUsageError({
        message: Option.match(requested, {
          onNone: () => `no stopped run of ${listFile} to resume (see them with --sessions)`,
          onSome: (id) => `no saved run "${id}" of ${listFile} (see them with --sessions)`
        })
      })
    }
    if (found.value.state.phase === "done") return yield* new ShopUsageError({ message: `run ${found.value.sessionId} already finished; shop the list again without --resume` })
    return { sessionId: found.value.sessionId, state: found.value.state }
  })

/** `--sessions`: this list's saved runs, newest first. */
export const listShopRuns = (listFile: string) =>
  Effect.gen(function*() {
    const runs = yield* runsOf(listFile)
    if (runs.length === 0) return yield* Console.log(`No saved runs of ${listFile} yet.`)
    for (const run of runs) {
      yield* Console.log(`${run.sessionId}  ${DateTime.formatIso(run.updatedAt).slice(0, 16).replace("T", " ")}  ${describeShopRun(run.state)}`)
    }
  })

/** A run id given on the command line, checked. */
export const runId = (text: string) =>
  Schema.decodeUnknown(SessionId)(text).pipe(Effect.mapError(() => new ShopUsageError({ message: `"${text}" is not a run id (see them with --sessions)` })))

export type ShopAgent = Effect.Effect.Success<ReturnType<typeof makeShopAgent>>["agent"]

/** Someone to watch the run about to start (`--gui`: its page), made once the run's id and first state are known. */
export type WatchShopRun<E, R> = (agent: ShopAgent, sessionId: SessionId, state: ShopRun) => Effect.Effect<RunWatcher<ShopRun>, E, R>

/** Shop the list (or go on with a saved run), saved after each item; the summary. */
export const shopRun = <WE = never, WR = never>(options: ShopOptions, resumed: Option.Option<SavedRun>, watch?: WatchShopRun<WE, WR>) =>
  Effect.gen(function*() {
    const list = yield* ShoppingListProvider
    const { agent, stopped } = yield* makeShopAgent(options)
    const sessionId = Option.isSome(resumed) ? resumed.value.sessionId : yield* newSessionId
    // A resumed run starts over from its "start" turn: a new browser checks the session and reads the cart again.
    const state = Option.match(resumed, { onNone: () => agent.initial, onSome: (r): ShopRun => ({ ...r.state, phase: "start" }) })
    const watcher = watch === undefined ? undefined : yield* watch(agent, sessionId, state)
    const last = yield* hostRun(agent, list, { sessionId, state, stopped: stopped(list), resumable: true, ...(watcher === undefined ? {} : { watcher }) })
    return yield* Option.match(last.summary, {
      onNone: () => Effect.dieMessage("shop: the run ended without a summary"),
      onSome: Effect.succeed
    })
  })
