/**
 * The model's tools for one item: the browser actions (by snapshot ref) and
 * the two report tools of seeds/003.
 *
 * Where it sits: built per item by the model shopper and run by ToolLoop.
 * Every browser action answers with a fresh snapshot (one model turn per
 * action, no separate "look" call), and is followed by the store's
 * signed-in check: a session that expired mid-item completes the item's
 * signal with `AuthExpired`, which ends the run at once. A report completes
 * the signal with the outcome and ends the loop (`breaksTurn`); the first
 * report wins. Browser errors reach the model as tool errors it can recover
 * from; network ones are also counted, so a run that ends without a report
 * after them is retried.
 */
import { Deferred, Effect, Ref, Schema } from "effect"
import { ImageBlock, TextBlock } from "../../domain/llm.js"
import { Cents, ItemAdded, ItemNotFound } from "../../domain/shop/item.js"
import type { ShoppingListItem } from "../../domain/shop/item.js"
import { parseSnapshot } from "../../domain/shop/page-snapshot.js"
import type { PageSnapshot } from "../../domain/shop/page-snapshot.js"
import { parsePriceCents } from "../../domain/shop/summary.js"
import { isAddControl } from "../../domain/shop/tiles.js"
import { resolveUrl } from "../../domain/shop/url-guard.js"
import { Browser } from "../../services/browser/browser.js"
import type { BrowserShape } from "../../services/browser/browser.js"
import type { BrowserError } from "../../services/browser/errors.js"
import { BrowserActionFailed, NavigationBlocked, StaleRef } from "../../services/browser/errors.js"
import * as Tool from "../../services/llm/tool.js"
import { Attempt } from "./attempt.js"
import { awaitAddOnPage, awaitSearchResults, dismissConsent } from "./page-reading.js"
import { renderPage } from "./prompts.js"

export interface ItemRun {
  readonly item: ShoppingListItem
  /** Completed once: by the first report, or by an expired session. */
  readonly signal: Deferred.Deferred<Attempt>
  /** Check the signed-in marker after each action (the run started signed in). */
  readonly watchAuth: boolean
  readonly networkErrors: Ref.Ref<number>
  /** The cart badge when the item began, to notice the add on the page. */
  readonly badgeAtStart: string
}

const Ref_ = Schema.String.annotations({ description: "An element ref from the latest snapshot, e.g. e12" })

const renderSnapshot = (page: PageSnapshot): Tool.ToolOutput => [
  new TextBlock({ text: renderPage(page) }),
  ...(page.screenshot === undefined ? [] : [ImageBlock.base64("image/jpeg", page.screenshot)])
]

/** After any action: has the session expired? */
export const checkSession = (run: ItemRun, browser: BrowserShape) =>
  run.watchAuth
    ? Effect.flatMap(Effect.orElseSucceed(browser.isAuthenticated, () => true), (signedIn) =>
      signedIn ? Effect.void : Effect.asVoid(Deferred.succeed(run.signal, Attempt.AuthExpired())))
    : Effect.void

/** After a navigation: a consent dialog answered; on a search page, results or "no results" awaited (a page that never renders is shown as it is). */
const settleForReading = (b: BrowserShape): Effect.Effect<void> =>
  Effect.gen(function*() {
    yield* dismissConsent
    const here = yield* b.currentUrl
    const searchPath = new URL(b.store.searchUrl.replace("{query}", "q")).pathname
    if (new URL(here).pathname === searchPath) yield* Effect.ignore(awaitSearchResults(b.store.productPathPattern, new RegExp(b.store.addToCartPattern, "i"), "8 seconds"))
  }).pipe(Effect.provideService(Browser, b), Effect.catchAllDefect(() => Effect.void))

const browse = <I, EI>(
  run: ItemRun,
  options: {
    readonly name: string
    readonly description: string
    readonly parameters: Schema.Schema<I, EI>
    readonly act: (browser: BrowserShape, input: I) => Effect.Effect<void, BrowserError>
    readonly screenshot?: (input: I) => boolean
  }
) =>
  Tool.make(options.name, {
    description: options.description,
    parameters: options.parameters,
    success: Tool.ToolOutput,
    failure: Schema.Union(NavigationBlocked, StaleRef, BrowserActionFailed),
    failureMode: "return",
    handler: (input: I) =>
      Effect.gen(function*() {
        const browser = yield* Browser
        const acted = yield* Effect.either(options.act(browser, input))
        yield* checkSession(run, browser)
        if (acted._tag === "Left") {
          if (acted.left._tag === "BrowserActionFailed" && acted.left.network) yield* Ref.update(run.networkErrors, (n) => n + 1)
          return yield* Effect.fail(acted.left)
        }
        return renderSnapshot(yield* browser.snapshot({ screenshot: options.screenshot?.(input) ?? false }))
      }),
    render: (blocks) => blocks
  })

/**
 * A click on an add control that failed on the network (a timeout on the
 * store's reply, a dropped connection) may have added: the model is not the
 * one to decide whether to click again, nor asked anything more. It ends the
 * try as a network failure, and the orchestrator reads the cart before
 * anything is tried again (verify.ts `landedAnyway`).
 */
const clickEndingAmbiguousAdd = (run: ItemRun, b: BrowserShape, ref: string): Effect.Effect<void, BrowserError> =>
  Effect.gen(function*() {
    const before = yield* Effect.option(b.snapshot())
    const clicked = yield* Effect.either(b.click(ref))
    if (clicked._tag === "Right") return
    const failure = clicked.left
    const node = before._tag === "Some" ? parseSnapshot(before.value.text).find((n) => n.ref === ref.trim()) : undefined
    if (failure._tag === "BrowserActionFailed" && failure.network && node !== undefined && isAddControl(node, new RegExp(b.store.addToCartPattern, "i"))) {
      yield* Deferred.succeed(run.signal, Attempt.Failed({ reason: "network", error: `${node.name.trim()}: ${failure.message}` }))
      // The try has ended: the loop must not go on to ask the model again. The item's race on the signal
      // (model-shopper.ts) ends it here, as a report does.
      return yield* Effect.never
    }
    return yield* Effect.fail(failure)
  })

const ReportAdded = Schema.Struct({
  item_name: Schema.String.annotations({ description: "The product's name as the store shows it" }),
  price_text: Schema.String.annotations({ description: "The price as shown, e.g. $12.34" }),
  price_cents: Schema.optional(Schema.Int.pipe(Schema.nonNegative())).annotations({
    description: "The unit price in cents, e.g. 1234"
  }),
  url: Schema.String.annotations({ description: "The product page URL" }),
  quantity: Schema.optional(Schema.Int.pipe(Schema.greaterThanOrEqualTo(1))).annotations({
    description: "How many were added (default 1)"
  })
})

const ReportNotFound = Schema.Struct({
  item_name: Schema.String.annotations({ description: "The item as it appears on the shopping list" }),
  explanation: Schema.String.annotations({ description: "What was searched and why nothing suitable was found" })
})

export const shopTools = (run: ItemRun) => {
  const report = (outcome: ItemAdded | ItemNotFound, pageSignal = false) =>
    Effect.as(Deferred.succeed(run.signal, Attempt.Reported({ outcome, pageSignal })), "Recorded.")
  // Before an add is recorded, the page gets a moment to show it (a debounced stepper sends its count only after a pause).
  const reportAdded = (outcome: ItemAdded) => Effect.flatMap(awaitAddOnPage(run.badgeAtStart, outcome.productName), (signal) => report(outcome, signal))
  return [
    browse(run, {
      name: "snapshot",
      description: "Show the current page again (optionally with a small screenshot, when the snapshot is not enough).",
      parameters: Schema.Struct({ screenshot: Schema.optional(Schema.Boolean) }),
      act: () => Effect.void,
      screenshot: (i) => i.screenshot === true
    }),
    browse(run, {
      name: "navigate",
      description: "Open a URL on the store (absolute, or relative to the current page).",
      parameters: Schema.Struct({ url: Schema.String }),
      // A client-rendered store fills its results after load: wait (bounded) for them, and answer a consent dialog, before the model reads the page.
      act: (b, i) => Effect.zipRight(b.navigate(i.url), settleForReading(b))
    }),
    browse(run, {
      name: "click",
      description: "Click an element by its ref.",
      parameters: Schema.Struct({ ref: Ref_ }),
      act: (b, i) => clickEndingAmbiguousAdd(run, b, i.ref)
    }),
    browse(run, {
      name: "type",
      description: "Replace the text of a field by its ref; submit=true presses Enter after.",
      parameters: Schema.Struct({ ref: Ref_, text: Schema.String, submit: Schema.optional(Schema.Boolean) }),
      act: (b, i) => b.type(i.ref, i.text, { submit: i.submit === true })
    }),
    browse(run, {
      name: "press_key",
      description: "Press a key on the focused element, e.g. Enter, Escape, Tab, ArrowDown.",
      parameters: Schema.Struct({ key: Schema.String }),
      act: (b, i) => b.press(i.key)
    }),
    browse(run, {
      name: "scroll",
      description: "Scroll the page up or down.",
      parameters: Schema.Struct({ direction: Schema.Literal("up", "down") }),
      act: (b, i) => b.scroll(i.direction)
    }),
    browse(run, {
      name: "go_back",
      description: "Go back to the previous page.",
      parameters: Schema.Struct({}),
      act: (b) => b.goBack
    }),
    Tool.make("report_item_added", {
      description: "Report the product you added to the cart for this item.",
      parameters: ReportAdded,
      handler: (i) =>
        Effect.flatMap(Effect.flatMap(Browser, (b) => b.currentUrl), (here) =>
          reportAdded(
            new ItemAdded({
            itemId: run.item.id,
            itemName: run.item.name,
            productName: i.item_name.trim() || run.item.name,
            priceText: i.price_text,
            priceCents: Cents.make(i.price_cents ?? parsePriceCents(i.price_text) ?? 0),
            // A relative link the model copied from the snapshot becomes the product's full address.
            url: resolveUrl(i.url, here) ?? i.url,
            quantity: i.quantity ?? 1
          })
          )),
      breaksTurn: () => "item added"
    }),
    Tool.make("report_item_not_found", {
      description: "Report that the store has no suitable product for this item, and why.",
      parameters: ReportNotFound,
      handler: (i) => report(new ItemNotFound({ itemId: run.item.id, itemName: run.item.name, explanation: i.explanation })),
      breaksTurn: () => "item not found"
    })
  ] as const
}
