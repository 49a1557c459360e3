/**
 * `shoal shop`'s loop (seeds/003 "Grocery Shop Orchestrator") as an Agent:
 * the input is the list, a turn is one item. The first turn checks the
 * store session and reads the cart; each next turn shops one open item
 * under the time budget and the turn limit (shop-item.ts) and writes its
 * outcome to the list at once; the last turn reads the cart back and writes
 * the summary. The state (run-state.ts) is Schema'd, so the CLI saves it
 * after every turn and `--resume` goes on from the next item. A store that
 * still does not answer after an item's network retry stops the run, the
 * items not tried left open.
 *
 * Where it sits: the top of the shop agent, IO-blind — it needs only the
 * ShoppingListProvider, Browser and Llm ports. The whole item fiber is under
 * `Effect.timeout`, so a slow page cannot outlast the budget (the original
 * only checked between turns).
 */
import { Duration, Effect, Option, Ref } from "effect"
import type { CartView } from "../../domain/shop/cart.js"
import { ItemFailed } from "../../domain/shop/item.js"
import type { ItemOutcome, ShoppingListItem } from "../../domain/shop/item.js"
import { initialShopState } from "../../domain/shop/shop-step.js"
import { notInCartAtEnd, summarize } from "../../domain/shop/summary.js"
import type { ShoppingSummary } from "../../domain/shop/summary.js"
import { Browser } from "../../services/browser/browser.js"
import type { StoreCredentials } from "../../services/browser/browser.js"
import { ShoppingListProvider } from "../../services/shopping-list/shopping-list-provider.js"
import type { ShoppingListProviderShape } from "../../services/shopping-list/shopping-list-provider.js"
import type { TurnResult } from "../agent.js"
import { defineAgent, runSteps } from "../run-steps.js"
import { readCartPage } from "./page-reading.js"
import { emitShopEvent, ShopRunEvent } from "./run-events.js"
import { describeShopRun, initialShopRun, shopRuns } from "./run-state.js"
import type { ShopRun } from "./run-state.js"
import { describeOutcome, failedOutcome, prepareSession, recordOutcome, shopItem } from "./shop-item.js"

export interface ShopOptions {
  /** Per item, retries included (default 5 minutes). */
  readonly timeBudget?: Duration.DurationInput
  /** Model turns per item (default 40). */
  readonly maxTurns?: number
  /** For the automated (re-)login; read by the caller from SHOAL_STORE_USERNAME / SHOAL_STORE_PASSWORD. */
  readonly credentials?: Option.Option<StoreCredentials>
  /** Where progress lines go (default: the Effect logger). */
  readonly progress?: (line: string) => Effect.Effect<void>
}

export const defaultTimeBudget = Duration.minutes(5)
export const defaultMaxTurns = 40

const cartOption = (cart: CartView | undefined): Option.Option<CartView> => Option.fromNullable(cart)

const going = (state: ShopRun, reply = ""): TurnResult<ShopRun> => ({ reply, state, ended: false, degraded: false })

/** The items this run shops, and (on a resume) the outcomes of planned items an earlier run stopped in. */
const plan = (list: ShoppingListProviderShape, state: ShopRun) =>
  Effect.gen(function*() {
    const open = yield* list.uncompletedItems
    if (state.items.length === 0) return { items: open, held: [] as ReadonlyArray<ItemFailed> }
    // A resume: the planned items not yet done that are still open; one a stopped run held (#in-progress) is named, not shopped.
    const openIds = new Set(open.map((i) => i.id))
    const heldIds = new Set((yield* list.heldBackItems).filter((h) => h.why === "interrupted").map((h) => h.item.id))
    const rest = state.items.slice(state.next)
    const held = rest.filter((i) => heldIds.has(i.id)).map((i) =>
      new ItemFailed({
        itemId: i.id,
        itemName: i.name,
        reason: "interrupted",
        error: "the run was stopped during this item: it may be in the cart — check it, then set status: completed or remove the #in-progress tag"
      })
    )
    return { items: rest.filter((i) => openIds.has(i.id)), held }
  })

export type ShopList = ShoppingListProviderShape

/** The shop agent for one run, with what to do when the run is stopped mid-way. */
export const makeShopAgent = (options: ShopOptions = {}) =>
  Effect.gen(function*() {
    const progress = options.progress ?? ((line: string) => Effect.logInfo(line))
    const budget = Duration.decode(options.timeBudget ?? defaultTimeBudget)
    const maxTurns = options.maxTurns ?? defaultMaxTurns
    const credentials = options.credentials ?? Option.none()
    /** The item being shopped, while it is: a stop (Ctrl-C) then leaves its #in-progress tag and says so. */
    const current = yield* Ref.make<Option.Option<ShoppingListItem>>(Option.none())

    /** Before the first item (and again on a resume, with a new browser): what to shop, the session, the cart. */
    const start = (state: ShopRun, list: ShopList) =>
      Effect.gen(function*() {
        const browser = yield* Browser
        const store = browser.store
        const resumed = state.items.length > 0
        const { items: todo, held } = yield* plan(list, state)
        yield* progress(resumed ? `Resuming: ${todo.length} item(s) left at ${store.name}.` : `Shopping ${todo.length} item(s) at ${store.name}.`)
        yield* emitShopEvent({ _tag: "RunStarted", store: store.name, items: todo.length, resumed })
        for (const outcome of held) {
          yield* progress(`  ${outcome.itemName}: ${outcome.error}`)
          yield* emitShopEvent({ _tag: "ItemHeldBack", itemId: outcome.itemId, itemName: outcome.itemName, reason: outcome.reason })
        }
        const watchAuth = todo.length > 0 ? yield* prepareSession(credentials, progress) : false
        const cart = todo.length > 0 ? cartOption(yield* readCartPage()) : Option.none()
        const done = state.items.slice(0, state.next)
        const heldItems = state.items.filter((i) => held.some((h) => h.itemId === i.id))
        return going({
          ...state,
          phase: "items",
          list: list.location,
          store: store.name,
          items: [...done, ...heldItems, ...todo],
          next: done.length + heldItems.length,
          outcomes: [...state.outcomes, ...held],
          // Who shops, whether to watch the session, whether a re-login may be tried: decided afresh with this browser.
          decisions: initialShopState({ watchAuth, haveCredentials: Option.isSome(credentials) }),
          cartAtStart: Option.orElse(state.cartAtStart, () => cart),
          cart
        }, `Shopping ${todo.length} item(s) at ${store.name}.`)
      })

    const item = (state: ShopRun, list: ShopList, item: ShoppingListItem) =>
      Effect.gen(function*() {
        const browser = yield* Browser
        const index = state.next
        const after = { ...state, next: index + 1 }
        // A Chromium that stopped can shop nothing more: the run ends with BrowserCrashed, the list holding what was done.
        yield* browser.alive
        const cart = yield* Ref.make<CartView | undefined>(Option.getOrUndefined(state.cart))
        if ((yield* Ref.get(cart)) === undefined && index > 0) yield* Ref.set(cart, yield* readCartPage())
        yield* progress(`[${index + 1}/${state.items.length}] ${item.name}`)
        yield* emitShopEvent({ _tag: "ItemStarted", itemId: item.id, itemName: item.name, index: index + 1, of: state.items.length })
        // The in-progress marker goes in before the shopper can add anything: a run stopped after the add leaves
        // it, and the next run holds the item back instead of adding it twice. No marker, no shopping.
        const started = yield* Effect.either(list.markStarted(item.id))
        if (started._tag === "Left") {
          yield* progress(`  skipped, nothing added: ${started.left.message}`)
          yield* emitShopEvent({ _tag: "ItemSkipped", itemId: item.id, itemName: item.name, why: started.left.message })
          return going({ ...after, cart: cartOption(yield* Ref.get(cart)) })
        }
        yield* Ref.set(current, Option.some(item))
        yield* browser.setCurrentItem(item.name)
        const decisions = yield* Ref.make(state.decisions)
        // The budget bounds the item's whole fiber — every retry and re-login included — not just the gaps between turns.
        const outcome = yield* shopItem({ maxTurns, credentials, progress, decisions, cart }, item).pipe(
          Effect.timeoutTo({
            duration: budget,
            onSuccess: (o): ItemOutcome => o,
            onTimeout: () => failedOutcome(item, "timeout", `no result within the ${Duration.format(budget)} time budget`)
          })
        )
        // Its outcome is not to be trusted if Chromium stopped meanwhile: the in-progress marker stays, as for any run stopped mid-item.
        yield* browser.alive
        // An item that ended any other way may have changed the cart: read it again before the next add.
        if (outcome._tag !== "ItemAdded" && !(outcome._tag === "ItemFailed" && (outcome.reason === "not_in_cart" || outcome.reason === "wrong_quantity"))) {
          yield* Ref.set(cart, undefined)
        }
        const recorded = { ...after, outcomes: [...state.outcomes, outcome], decisions: yield* Ref.get(decisions), cart: cartOption(yield* Ref.get(cart)) }
        yield* recordOutcome(list, outcome)
        yield* Ref.set(current, Option.none())
        const line = describeOutcome(outcome)
        yield* progress(line)
        yield* emitShopEvent({ _tag: "ItemFinished", outcome })
        // A network failure here has had its retry (nextStep): the store is down, and every later item would only
        // wait and fail the same way. Stop once, with one line; the items not tried stay open on the list.
        const rest = state.items.slice(index + 1)
        if (outcome._tag === "ItemFailed" && outcome.reason === "network" && rest.length > 0) {
          const stop = `Stopped: ${browser.store.name} is not answering (${outcome.error}). ${rest.length} item(s) not tried ` +
            `(${rest.map((i) => i.name).join(", ")}) are still open on the list; run again when the store answers.`
          yield* progress(stop)
          const notTried = rest.map((i) => failedOutcome(i, "network", "not tried: the store stopped answering"))
          return going({ ...recorded, next: state.items.length, outcomes: [...recorded.outcomes, ...notTried] }, stop)
        }
        // The reply names the list's item, for a host that shows replies without the progress lines (the page).
        return going(recorded, `${item.name}: ${line.trim()}`)
      })

    const finish = (state: ShopRun, list: ShopList) =>
      Effect.gen(function*() {
        const browser = yield* Browser
        const blockedHosts = [...new Set((yield* browser.blockedRequests).filter((b) => b.reason === "host").map((b) => b.detail))]
        if (blockedHosts.length > 0) {
          yield* progress(`Blocked hosts (add to the store profile's allowedHosts only if the store needs them): ${blockedHosts.join(", ")}`)
        }
        // The cart read back at the end is the summary's truth: its total, and every difference from the list explained.
        const shopped = state.items.length > 0
        const finalCart = shopped ? yield* readCartPage() : undefined
        // The cart decides: an add it does not hold now was not made, whatever the page said then. The item goes
        // back to failed in the list (open for the next run), and the summary and its totals follow.
        const outcomes = finalCart === undefined ? state.outcomes : notInCartAtEnd(state.outcomes, finalCart)
        for (const [i, outcome] of outcomes.entries()) {
          if (outcome === state.outcomes[i]) continue
          yield* recordOutcome(list, outcome)
          yield* progress(`${outcome.itemName}:${describeOutcome(outcome)}`)
        }
        const summary: ShoppingSummary = summarize(
          outcomes,
          browser.store.cartUrl,
          shopped ? { before: Option.getOrUndefined(state.cartAtStart), after: finalCart } : undefined
        )
        const where = yield* list.sendSummary(summary)
        const line = `Summary written to ${where}.`
        yield* progress(line)
        yield* emitShopEvent({ _tag: "RunFinished", summary, summaryAt: where })
        return { reply: line, state: { ...state, outcomes, phase: "done" as const, summary: Option.some(summary) }, ended: true, degraded: false }
      })

    const turn = (state: ShopRun, list: ShopList) =>
      Effect.gen(function*() {
        switch (state.phase) {
          case "start":
            return yield* start(state, list)
          case "items": {
            const next = state.items[state.next]
            return yield* (next === undefined ? finish(state, list) : item(state, list, next))
          }
          case "done":
            return { reply: "", state, ended: true, degraded: false }
        }
      })

    // Stopped mid-run (Ctrl-C, SIGTERM): the summary of what was done is still written, the item being
    // shopped and those not reached are named as interrupted, and nothing more is recorded in the list.
    const stopped = (list: ShopList) => (state: ShopRun) =>
      Effect.gen(function*() {
        if (state.phase !== "items") return
        const browser = yield* Browser
        const shopping = yield* Ref.get(current)
        const done = new Set(state.outcomes.map((o) => o.itemId))
        const rest = state.items.filter((i) => !done.has(i.id)).map((i) =>
          new ItemFailed({
            itemId: i.id,
            itemName: i.name,
            reason: "interrupted",
            error: Option.isSome(shopping) && shopping.value.id === i.id
              ? "the run was stopped during this item: it may be in the cart — check it, then set status: completed or remove the #in-progress tag"
              : "not shopped: the run was stopped before it"
          })
        )
        const where = yield* list.sendSummary(summarize([...state.outcomes, ...rest], browser.store.cartUrl, undefined))
        yield* progress(`Stopped. Summary of what was done written to ${where}.`)
        yield* emitShopEvent({ _tag: "RunStopped", summaryAt: Option.some(where) })
      }).pipe(Effect.catchAll((e) =>
        Effect.zipRight(progress(`Stopped. The summary could not be written: ${e.message}`), emitShopEvent({ _tag: "RunStopped", summaryAt: Option.none() }))
      ))

    // The list is the ShoppingListProvider the runner chose (a YAML file); a typed line names nothing more.
    const input = (_line: string): Effect.Effect<ShopList, never, ShoppingListProvider | Effect.Effect.Context<ReturnType<typeof turn>>> => ShoppingListProvider
    const agent = defineAgent({
      name: "shop",
      session: shopRuns,
      initial: initialShopRun,
      events: ShopRunEvent,
      input,
      turn,
      view: {
        opening: () => "Shopping the list.",
        welcomeBack: (state: ShopRun) => `Resuming: ${describeShopRun(state)}.`,
        status: (state: ShopRun) => Option.some(`· ${state.outcomes.length} of ${state.items.length} item(s) done`),
        summary: () => Option.none(),
        describe: describeShopRun
      }
    })
    return { agent, stopped }
  })

/**
 * The whole run, as before the agent shape: every open item shopped, the
 * summary written and returned. Nothing is saved between items (the CLI
 * saves through the SessionStore; see cli/shop-run.ts).
 */
export const shop = Effect.fn("shop.run")(function*(options: ShopOptions = {}) {
  const list = yield* ShoppingListProvider
  const { agent, stopped } = yield* makeShopAgent(options)
  const last = yield* runSteps(agent, list, { state: agent.initial, stopped: stopped(list) })
  return yield* Option.match(last.summary, {
    onNone: () => Effect.dieMessage("shop: the run ended without a summary"),
    onSome: Effect.succeed
  })
})
