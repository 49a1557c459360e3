/**
 * shop as a served agent (`shoal serve --store …`): one input is a list, one
 * item a line ("milk", "2 bread", "eggs x12"), and one turn shops it to its
 * end. Inside the turn the run is shop's own agent (orchestrator.ts: each item
 * a turn of `runSteps`), so the events are the same as in the terminal —
 * RunStarted, ItemStarted and ItemFinished per item, RunFinished with the
 * summary — and the reply is the summary as the CLI prints it. The list is
 * kept in memory for the turn; the state is the run (`ShopRun`). Each of the
 * run's turns is a journaled step (`journaledTurns`), so a turn replayed after
 * a crash neither shops a finished item again nor the one it was cut off in.
 *
 * One browser serves every session, so runs take turns on it: a second list
 * posted meanwhile waits for the first to finish.
 *
 * Where it sits: above orchestrator.ts; the CLI's serve-run.ts provides the
 * browser (one Chromium for the server) and the model.
 */
import { Context, Effect, Layer, Option, Random, Schema } from "effect"
import type { Semaphore } from "effect/Effect"
import { ItemId, ItemName, ShoppingListItem } from "../../domain/shop/item.js"
import { renderSummary } from "../../domain/shop/summary.js"
import { layerMemoryList } from "../../services/shopping-list/memory.js"
import { ShoppingListProvider } from "../../services/shopping-list/shopping-list-provider.js"
import { once } from "../../services/steps/steps.js"
import type { Browser } from "../../services/browser/browser.js"
import type { Events } from "../../services/events/events.js"
import type { Llm } from "../../services/llm/llm.js"
import type { Agent } from "../agent.js"
import { TurnFailed } from "../agent.js"
import { defineAgent, runSteps } from "../run-steps.js"
import type { ShopList, ShopOptions } from "./orchestrator.js"
import { makeShopAgent } from "./orchestrator.js"
import { emitShopEvent, ShopRunEvent } from "./run-events.js"
import { describeShopRun, initialShopRun, ShopRun, shopRuns } from "./run-state.js"
import { failedOutcome } from "./shop-item.js"

/** The list's items, one a line; blank lines and a leading "- " or "* " left out; a repeated name gets its own id ("milk (2)"). */
export const itemsOfLines = (text: string): ReadonlyArray<ShoppingListItem> => {
  const seen = new Map<string, number>()
  return text.split(/\r?\n/).map((l) => l.trim().replace(/^[-*]\s+/, "").trim()).filter((l) => l.length > 0).map((name) => {
    const count = (seen.get(name) ?? 0) + 1
    seen.set(name, count)
    return new ShoppingListItem({
      id: ItemId.make(count === 1 ? name : `${name} (${count})`),
      name: ItemName.make(name),
      status: "needs_action",
      tags: []
    })
  })
}

const TurnResult = Schema.Struct({ reply: Schema.String, state: ShopRun, ended: Schema.Boolean, degraded: Schema.Boolean })

/**
 * The run's turns as steps of the host's journal (`Steps`; on `shoal serve`
 * each is an activity). A turn replayed after a crash gets every finished
 * turn back — start, items, finish — without the browser or the model. The
 * item the crash cut off is held back, as the terminal's `#in-progress` tag
 * holds it back: each item's turn first journals which run began it, and a
 * run that finds it begun by another, with no result journaled, records it
 * "interrupted" instead of shopping it again, since its add may be in the
 * cart. Outside serve, `Steps` runs each step as it comes and nothing changes.
 */
const journaledTurns = <E, R>(agent: Agent<ShopRun, ShopList, ShopRunEvent, R, typeof ShopRun.Encoded, typeof ShopRunEvent.Encoded, E>) =>
  Effect.map(Random.nextIntBetween(0, Number.MAX_SAFE_INTEGER), (n) => {
    const thisRun = n.toString(36)
    return {
      ...agent,
      turn: (state: ShopRun, list: ShopList) =>
        Effect.gen(function*() {
          const item = state.phase === "items" ? state.items[state.next] : undefined
          if (item === undefined) return yield* once("shop/turn", TurnResult, agent.turn(state, list))
          const begunBy = yield* once("shop/item-begun", Schema.String, Effect.succeed(thisRun))
          // Begun by an earlier run: its journaled result if it finished, else held back (never shopped twice).
          return yield* once("shop/turn", TurnResult, begunBy === thisRun ? agent.turn(state, list) : interrupted(state, item))
        })
    }
  })

const interrupted = (state: ShopRun, item: ShoppingListItem) =>
  Effect.gen(function*() {
    const error = "the server stopped while shopping it: it may be in the cart — check it; it was not tried again"
    const outcome = failedOutcome(item, "interrupted", error)
    yield* emitShopEvent({ _tag: "ItemHeldBack", itemId: item.id, itemName: item.name, reason: "interrupted" })
    return {
      reply: `${item.name}: ${error}`,
      // The cart is read again before the next item: the cut-off add may have changed it.
      state: { ...state, next: state.next + 1, outcomes: [...state.outcomes, outcome], cart: Option.none() },
      ended: false,
      degraded: false
    }
  })

/** What a served shop turn needs from its host: the model, the events and the browser. */
export type ShopListNeeds = Llm | Events | Browser

export const shopListAgent = (
  oneAtATime: Semaphore,
  options: ShopOptions = {}
): Agent<ShopRun, ReadonlyArray<ShoppingListItem>, ShopRunEvent, ShopListNeeds, typeof ShopRun.Encoded, typeof ShopRunEvent.Encoded> => {
  const run = (items: ReadonlyArray<ShoppingListItem>) =>
    Effect.scoped(Effect.gen(function*() {
      const list = yield* Layer.build(layerMemoryList(items))
      const { agent } = yield* makeShopAgent(options)
      const state = yield* runSteps(yield* journaledTurns(agent), Context.get(list, ShoppingListProvider), { state: agent.initial }).pipe(Effect.provide(list))
      return { state, reply: Option.match(state.summary, { onNone: () => describeShopRun(state), onSome: renderSummary }) }
    }))
  return defineAgent({
    name: "shop",
    session: shopRuns,
    initial: initialShopRun,
    events: ShopRunEvent,
    input: (text: string) => Effect.succeed(itemsOfLines(text)),
    turn: (_state: ShopRun, items: ReadonlyArray<ShoppingListItem>) =>
      oneAtATime.withPermits(1)(run(items)).pipe(
        Effect.map(({ reply, state }) => ({ reply, state, ended: false, degraded: false })),
        Effect.mapError((e) => new TurnFailed({ message: e.message }))
      ),
    view: {
      opening: () => "Send the list, one item a line; the items go into the store's cart and the summary comes back.",
      welcomeBack: describeShopRun,
      status: (state: ShopRun) => Option.some(`· ${state.outcomes.length} of ${state.items.length} item(s) done`),
      summary: (state: ShopRun) => Option.map(state.summary, renderSummary),
      describe: describeShopRun
    }
  })
}
