/**
 * What `shoal shop` does when it runs: check everything the user gave
 * (time budget, store, list) before anything is touched, then build the
 * browser, the model and the list provider, shop, and print the summary.
 *
 * Where it sits: imported by shop.ts only when the command runs, so the
 * YAML parser, the agent and playwright-core never load for `--help`.
 * Progress goes to stderr, the summary Markdown to stdout.
 */
import { FileSystem, Path } from "@effect/platform"
import { Config, Console, Effect, Either, Layer, Option, Redacted } from "effect"
import { parseTimeBudget } from "../domain/shop/time-budget.js"
import { renderSummary } from "../domain/shop/summary.js"
import type { StoreCredentials } from "../services/browser/browser.js"
import type { LlmFlags } from "../services/llm/settings.js"
import { ShoppingListProvider } from "../services/shopping-list/shopping-list-provider.js"
import type { HeldBackItem } from "../services/shopping-list/shopping-list-provider.js"
import { makeYamlFileProvider } from "../services/shopping-list/yaml-file.js"
import { layerEvents } from "../services/events/live.js"
import { SessionStore } from "../services/session-store/session-store.js"
import { llmLayerFor } from "./llm-options.js"
import { sessionStoreOrNone } from "./sessions.js"
import { findShopRun, listShopRuns, runId } from "./shop-host.js"
import type { SavedRun, ShopAgent } from "./shop-host.js"
import type { ShopRun } from "../agents/shop/run-state.js"
import type { SessionId } from "../services/session-store/session-kind.js"
import { shopPort } from "./shop.js"
import { checkPort } from "./web-options.js"
import { resolveProfileDir, resolveStoreProfile, ShopRunFailed, ShopUsageError } from "./shop-store.js"

export interface ShopFlags extends LlmFlags {
  readonly list: string
  readonly store: string
  readonly profile: Option.Option<string>
  readonly timeBudget: string
  readonly maxTurns: number
  readonly headed: boolean
  readonly retryNotFound: boolean
  readonly resume: boolean
  readonly sessions: boolean
  readonly run: Option.Option<string>
  readonly gui: boolean
  readonly port: number
  readonly open: boolean
}

/** SHOAL_STORE_USERNAME and SHOAL_STORE_PASSWORD, Redacted from the moment they are read; both or neither. */
export const storeCredentials = Effect.gen(function*() {
  const secret = (name: string) =>
    Config.option(Config.redacted(name)).pipe(Config.map(Option.filter((s: Redacted.Redacted<string>) => Redacted.value(s).trim().length > 0)))
  const username = yield* secret("SHOAL_STORE_USERNAME")
  const password = yield* secret("SHOAL_STORE_PASSWORD")
  if (Option.isSome(username) !== Option.isSome(password)) {
    return yield* new ShopUsageError({ message: "set both SHOAL_STORE_USERNAME and SHOAL_STORE_PASSWORD, or neither" })
  }
  return Option.zipWith(username, password, (u, p): StoreCredentials => ({ username: u, password: p }))
})

/** What the run leaves alone and why, one line per reason, naming the items and what the user can do. */
const heldBackLines = (heldBack: ReadonlyArray<HeldBackItem>, cartUrl: string): ReadonlyArray<string> => {
  const names = (why: HeldBackItem["why"]) => heldBack.filter((h) => h.why === why).map((h) => h.item.name)
  const notFound = names("not_found")
  const interrupted = names("interrupted")
  return [
    ...(notFound.length === 0 ? [] : [
      `Not shopping ${notFound.length} item(s) the store did not have last time (#404): ${notFound.join(", ")}. Pass --retry-not-found to try them again.`
    ]),
    ...(interrupted.length === 0 ? [] : [
      `Not shopping ${interrupted.length} item(s) an earlier run stopped in the middle of (#in-progress): ${interrupted.join(", ")}. ` +
      `They may already be in the cart (${cartUrl}): set \`status: completed\` if so, or remove the #in-progress tag to shop them again.`
    ])
  ]
}

export const runShop = (flags: ShopFlags) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const timeBudget = yield* Either.match(parseTimeBudget(flags.timeBudget), {
      onLeft: (message) => Effect.fail(new ShopUsageError({ message: `--time-budget: ${message}` })),
      onRight: Effect.succeed
    })
    if (flags.maxTurns < 1) return yield* new ShopUsageError({ message: "--max-turns must be at least 1" })
    const store = yield* resolveStoreProfile(flags.store)
    const listFile = path.resolve(flags.list)
    if (!(yield* Effect.orElseSucceed(fs.exists(listFile), () => false))) {
      return yield* new ShopUsageError({ message: `shopping list ${flags.list} does not exist` })
    }
    const port = yield* checkPort(flags.port, shopPort)
    if (Option.isSome(flags.run) && !flags.resume) return yield* new ShopUsageError({ message: `a run id (${flags.run.value}) is only read with --resume` })
    if (flags.sessions) return yield* withStore(listShopRuns(listFile))
    const resumed: Option.Option<SavedRun> = flags.resume
      ? Option.some(yield* withStore(Effect.flatMap(Effect.transposeMapOption(flags.run, runId), (id) => findShopRun(listFile, id))))
      : Option.none()
    const provider = yield* makeYamlFileProvider(listFile, { retryNotFound: flags.retryNotFound })
    // A malformed list stops here, with its line, before a browser or a profile directory exists.
    const items = yield* provider.uncompletedItems
    const heldBack = yield* provider.heldBackItems
    for (const line of heldBackLines(heldBack, store.cartUrl)) yield* Console.error(line)
    if (items.length === 0 && heldBack.length === 0 && (yield* provider.itemCount) === 0) {
      yield* Console.log(`Nothing to shop: ${flags.list} has no items. Put them under \`items:\`, one a line, for example:\n\nitems:\n  - milk\n  - name: eggs\n    quantity: 2\n`)
      return
    }
    if (items.length === 0) {
      yield* Console.log(`Nothing to shop: ${heldBack.length === 0 ? `every item on ${flags.list} is done` : "every open item is held back (see above)"}.`)
      return
    }
    // So is a list whose results could not be written: found now, not after the first item is in the cart.
    yield* provider.checkWritable
    const credentials = yield* storeCredentials
    const { layer: llmLayer } = yield* llmLayerFor(flags)
    const profileDir = yield* resolveProfileDir(flags.profile, store.name)
    yield* fs.makeDirectory(profileDir, { recursive: true })
    const [{ layerPlaywright }, { shopRun }] = yield* Effect.promise(() =>
      Promise.all([import("../services/browser/playwright.js"), import("./shop-host.js")])
    )
    // --gui: the run's page, served as long as the run (the gui code loads only then).
    const watch = flags.gui
      ? (agent: ShopAgent, sessionId: SessionId, state: ShopRun) =>
        Effect.flatMap(Effect.promise(() => import("../gui/run-server.js")), ({ serveRunPage }) =>
          Effect.map(
            serveRunPage(agent, sessionId, state, { title: "shop run", opening: `Shopping ${flags.list} at ${store.name}.`, port, open: flags.open }),
            (served) => served.watcher
          ))
      : undefined
    // The command's layers, in one place: the list, the browser, the model, the events; runs saved where sessions are.
    const layers = Layer.mergeAll(
      Layer.succeed(ShoppingListProvider, provider),
      layerPlaywright({ store, profileDir, headless: !flags.headed }),
      llmLayer,
      layerEvents
    )
    const summary = yield* Effect.scoped(shopRun({ timeBudget, maxTurns: flags.maxTurns, credentials, progress: Console.error }, resumed, watch)).pipe(
      Effect.provide(layers)
    )
    yield* Console.log(renderSummary(summary))
    // A run that put nothing in the cart and found nothing missing did not work: say so with the exit code.
    if (summary.failed.length > 0 && summary.added.length === 0 && summary.notFound.length === 0) {
      const storeDown = summary.failed.every((f) => f.reason === "network")
      return yield* new ShopRunFailed({
        message: storeDown
          ? `the store did not answer; nothing was added, and the items not tried are still open — run again when it answers`
          : `every item failed (${summary.failed.length}); nothing was added — see the summary above`
      })
    }
  }).pipe(Effect.provide(Layer.unwrapEffect(sessionStoreOrNone)))

/** `--sessions` and `--resume` need the store: without a data directory they say so. */
const withStore = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const store = yield* Effect.serviceOption(SessionStore)
    if (Option.isNone(store)) {
      return yield* new ShopUsageError({ message: "runs are saved under SHOAL_DATA_DIR (else $XDG_DATA_HOME/shoal or ~/.local/share/shoal), and none can be found: set one" })
    }
    return yield* Effect.provideService(effect, SessionStore, store.value)
  })
