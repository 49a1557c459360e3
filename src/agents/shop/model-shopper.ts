/**
 * One item, shopped by the model: the task prompt with the first page, the
 * tool loop over the browser and report tools, and the loop's end read as
 * an `Attempt`.
 *
 * Where it sits: called by the orchestrator, which bounds it with the time
 * budget. The loop is raced against the item's signal, so a report or an
 * expired session ends the run even in the middle of a turn. A model that
 * stops talking without reporting is reminded once (within the turn limit).
 */
import { Deferred, Effect, Option, Ref } from "effect"
import type { Message } from "../../domain/llm.js"
import { isLlmDown, userText } from "../../domain/llm.js"
import type { ShoppingListItem } from "../../domain/shop/item.js"
import { Browser } from "../../services/browser/browser.js"
import * as ToolLoop from "../../services/llm/tool-loop.js"
import type { ToolLoopResult } from "../../services/llm/tool-loop.js"
import { Attempt } from "./attempt.js"
import { parseSnapshot } from "../../domain/shop/page-snapshot.js"
import { badgeText, dismissConsent } from "./page-reading.js"
import { nudge, systemPrompt, taskPrompt } from "./prompts.js"
import type { ItemRun } from "./tools.js"
import { checkSession, shopTools } from "./tools.js"

export interface ShopperOptions {
  readonly watchAuth: boolean
  readonly maxTurns: number
}

/** Open the store's start page for an item; a failure here is the store being unreachable. */
export const openStore = Effect.fn("shop.openStore")(function*() {
  const browser = yield* Browser
  return yield* browser.navigate(browser.store.baseUrl).pipe(
    Effect.zipRight(Effect.provideService(dismissConsent, Browser, browser)),
    Effect.zipRight(browser.snapshot()),
    Effect.mapError((e) =>
      Attempt.Failed({
        reason: e._tag === "BrowserActionFailed" && e.network ? "network" : "agent_error",
        error: `opening ${browser.store.baseUrl}: ${e.message}`
      })
    )
  )
})

export const shopWithModel = Effect.fn("shop.shopWithModel")(function*(item: ShoppingListItem, options: ShopperOptions) {
  const browser = yield* Browser
  const opened = yield* Effect.either(openStore())
  if (opened._tag === "Left") return opened.left
  const run: ItemRun = {
    item,
    signal: yield* Deferred.make<Attempt>(),
    watchAuth: options.watchAuth,
    networkErrors: yield* Ref.make(0),
    badgeAtStart: badgeText(parseSnapshot(opened.right.text))
  }
  yield* checkSession(run, browser)
  const early = yield* Deferred.poll(run.signal)
  if (Option.isSome(early)) return yield* early.value

  const tools = shopTools(run)
  const system = systemPrompt(browser.store)
  const loop = (messages: ReadonlyArray<Message>, maxIterations: number) =>
    ToolLoop.run({ system, messages, tools, maxIterations, maxTokens: 1024 })

  const converse = Effect.gen(function*() {
    let result = yield* loop([userText(taskPrompt(browser.store, item, opened.right))], options.maxTurns)
    let turns = result.iterations
    if (result.turn._tag === "Parsed" && turns < options.maxTurns && Option.isNone(yield* Deferred.poll(run.signal))) {
      result = yield* loop([...result.messages, userText(nudge)], options.maxTurns - turns)
      turns += result.iterations
    }
    const reported = yield* Deferred.poll(run.signal)
    if (Option.isSome(reported)) return yield* reported.value
    return yield* endedWithoutReport(result, turns, options.maxTurns, yield* Ref.get(run.networkErrors))
  })
  return yield* Effect.raceFirst(converse, Deferred.await(run.signal))
})

const endedWithoutReport = (
  result: ToolLoopResult,
  turns: number,
  maxTurns: number,
  networkErrors: number
): Effect.Effect<Attempt> => {
  const turn = result.turn
  switch (turn._tag) {
    case "Unavailable":
      return Effect.succeed(
        turn.error._tag === "Offline"
          ? Attempt.Offline()
          : isLlmDown(turn.error)
          ? Attempt.Failed({ reason: "model_unavailable", error: turn.error.message })
          : Attempt.Failed({ reason: "agent_error", error: turn.error.message })
      )
    case "ToolBroke":
      if (networkErrors > 0) return Effect.succeed(Attempt.Failed({ reason: "network", error: `the store stopped answering (${networkErrors} network error(s))` }))
      return Effect.succeed(Attempt.Failed({ reason: "max_turns", error: `no result after ${maxTurns} model turns` }))
    case "Parsed":
    case "ParseFailed": {
      const said = turn._tag === "Parsed" ? turn.value : turn.raw
      if (turns >= maxTurns) return Effect.succeed(Attempt.Failed({ reason: "max_turns", error: `no result after ${maxTurns} model turns` }))
      return Effect.succeed(
        Attempt.Failed({ reason: networkErrors > 0 ? "network" : "no_report", error: `the model stopped without reporting: ${said.slice(0, 200)}` })
      )
    }
  }
}
