/**
 * shop as a served agent (`shoal serve --store …`): one input is a list, one
 * item a line ("milk", "2 bread", "eggs x12"), and one turn shops it to its
 * end. Inside the turn the run is shop's own agent (orchestrator.ts: each item
 * a turn of `runSteps`), so the events are the same as in the terminal —
 * RunStarted, ItemStarted and ItemFinished per item, RunFinished with the
 * summary — and the reply is the summary as the CLI prints it. The list is
 * kept in memory for the turn; the state is the run (`ShopRun`).
 *
 * One browser serves every session, so runs take turns on it: a second list
 * posted meanwhile waits for the first to finish.
 *
 * Where it sits: above orchestrator.ts; the CLI's serve-run.ts provides the
 * browser (one Chromium for the server) and the model.
 */
import { Context, Effect, Layer, Option } from "effect"
import type { Semaphore } from "effect/Effect"
import { ItemId, ItemName, ShoppingListItem } from "../../domain/shop/item.js"
import { renderSummary } from "../../domain/shop/summary.js"
import { layerMemoryList } from "../../services/shopping-list/memory.js"
import { ShoppingListProvider } from "../../services/shopping-list/shopping-list-provider.js"
import type { Browser } from "../../services/browser/browser.js"
import type { Events } from "../../services/events/events.js"
import type { Llm } from "../../services/llm/llm.js"
import type { Agent } from "../agent.js"
import { TurnFailed } from "../agent.js"
import { defineAgent, runSteps } from "../run-steps.js"
import type { ShopOptions } from "./orchestrator.js"
import { makeShopAgent } from "./orchestrator.js"
import { ShopRunEvent } from "./run-events.js"
import { describeShopRun, initialShopRun, shopRuns } from "./run-state.js"
import type { ShopRun } from "./run-state.js"

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
      const state = yield* runSteps(agent, Context.get(list, ShoppingListProvider), { state: agent.initial }).pipe(Effect.provide(list))
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
