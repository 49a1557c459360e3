// The shop quality bench's worker (run by bench/shop-quality.mjs through
// scripts/run-ts.mjs): the offline, rule-based shopper on four fixture
// stores with different markup, each list scored against the store's real
// server-side cart. Prints one JSON line per store.
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import { Effect, Layer, Option, Redacted } from "effect"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { shop } from "../src/agents/shop/orchestrator.js"
import type { StoreProfile } from "../src/domain/shop/store-profile.js"
import { Browser } from "../src/services/browser/browser.js"
import { layerOffline } from "../src/services/llm/offline.js"
import { layerYamlFile } from "../src/services/shopping-list/yaml-file.js"
import { fixtureBrowser } from "../test/fakes/store/browser.js"
import { fixtureCredentials, makeFixtureStore } from "../test/fakes/store/server.js"
import { makeAppStore } from "../test/fakes/stores/app-store.js"
import { makeBilingualStore } from "../test/fakes/stores/bilingual-store.js"
import { makeTableStore } from "../test/fakes/stores/table-store.js"

/** What each list item should become: a product id and quantity, or not found (undefined). */
interface Case {
  readonly item: string
  readonly expect: { readonly id: string; readonly quantity: number } | undefined
}

const english: ReadonlyArray<Case> = [
  { item: "2% milk", expect: { id: "lactantia-2-milk", quantity: 1 } },
  { item: "eggs", expect: { id: "eggs-12", quantity: 1 } },
  { item: "name: bread\n    quantity: 2", expect: { id: "white-bread", quantity: 2 } },
  { item: "2 yogurt", expect: { id: "greek-yogurt", quantity: 2 } },
  { item: "ground beef", expect: { id: "ground-beef", quantity: 1 } },
  { item: "butter", expect: { id: "salted-butter", quantity: 1 } },
  { item: "chocolate milk", expect: { id: "choc-milk", quantity: 1 } },
  { item: "dragonfruit", expect: undefined },
  { item: "maple syrup", expect: undefined }
]

const french: ReadonlyArray<Case> = [
  { item: "lait 2%", expect: { id: "lactantia-2-milk", quantity: 1 } },
  { item: "œufs", expect: { id: "eggs-12", quantity: 1 } },
  { item: "name: pain\n    quantity: 2", expect: { id: "white-bread", quantity: 2 } },
  { item: "2 yogourt", expect: { id: "greek-yogurt", quantity: 2 } },
  { item: "bœuf haché", expect: { id: "ground-beef", quantity: 1 } },
  { item: "beurre", expect: { id: "salted-butter", quantity: 1 } },
  { item: "lait chocolaté", expect: { id: "choc-milk", quantity: 1 } },
  { item: "fruit du dragon", expect: undefined },
  { item: "sirop d'érable", expect: undefined }
]

const original: ReadonlyArray<Case> = [
  { item: "milk", expect: { id: "milk-2l", quantity: 1 } },
  { item: "2 eggs", expect: { id: "eggs-12", quantity: 2 } },
  { item: "white bread", expect: { id: "bread-white", quantity: 1 } },
  { item: "chocolate milk", expect: { id: "choc-milk", quantity: 1 } },
  { item: "maple syrup", expect: undefined },
  { item: "dragonfruit", expect: undefined }
]

interface StoreRun {
  readonly profile: StoreProfile
  readonly cart: () => ReadonlyArray<{ readonly id: string; readonly quantity: number }>
  readonly cartTotalCents: () => number | undefined
}

const runStore = (name: string, store: StoreRun, cases: ReadonlyArray<Case>, signIn: boolean) =>
  Effect.gen(function*() {
    const dir = mkdtempSync(join(tmpdir(), "shoal-shop-bench-"))
    yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(dir, { recursive: true, force: true })))
    const file = join(dir, "list.yaml")
    writeFileSync(file, `items:\n${cases.map((c) => `  - ${c.item}\n`).join("")}`)
    const browser = yield* fixtureBrowser(store.profile)
    const layer = Layer.mergeAll(
      layerYamlFile(file).pipe(Layer.provide(Layer.merge(NodeFileSystem.layer, NodePath.layer))),
      Layer.succeed(Browser, browser),
      layerOffline
    )
    const credentials = signIn
      ? Option.some({ username: Redacted.make(fixtureCredentials.username), password: Redacted.make(fixtureCredentials.password) })
      : Option.none()
    const started = performance.now()
    const summary = yield* shop({ timeBudget: "60 seconds", credentials, progress: () => Effect.void }).pipe(Effect.provide(layer))
    const seconds = (performance.now() - started) / 1000
    const cart = store.cart()
    const idOf = (url: string) => url.replace(/[?#].*$/, "").split("/").filter(Boolean).pop() ?? ""
    let right = 0
    let wrongProduct = 0
    let wrongQuantity = 0
    let falseAdds = 0
    let falseNotFound = 0
    cases.forEach((c, index) => {
      const added = summary.added.find((a) => a.itemId === idFor(cases, index))
      const notFound = summary.notFound.some((n) => n.itemId === idFor(cases, index))
      if (added !== undefined) {
        const inCart = cart.find((l) => l.id === idOf(added.url))
        if (inCart === undefined || inCart.quantity < added.quantity) falseAdds++
        if (c.expect === undefined || idOf(added.url) !== c.expect.id) wrongProduct++
        else if (inCart?.quantity !== c.expect.quantity) wrongQuantity++
        else right++
      } else if (notFound) {
        if (c.expect === undefined) right++
        else falseNotFound++
      } else if (c.expect !== undefined && cart.some((l) => l.id === c.expect?.id)) {
        // Failed, yet in the cart: counted as a wrong quantity left behind.
        wrongQuantity++
      }
    })
    return {
      store: name,
      items: cases.length,
      right,
      wrongProduct,
      wrongQuantity,
      falseAdds,
      falseNotFound,
      failed: summary.failed.length,
      summaryCents: summary.totalCents,
      cartCents: store.cartTotalCents(),
      fromCart: summary.fromCart,
      secondsPerItem: seconds / cases.length
    }
  }).pipe(Effect.scoped)

/** The id the YAML provider gives the i-th item: its name (the first line of a map item). */
const idFor = (cases: ReadonlyArray<Case>, index: number): string => {
  const c = cases[index]
  return c === undefined ? "" : c.item.replace(/^name:\s*/, "").split("\n")[0] ?? ""
}

const main = Effect.gen(function*() {
  const results = []
  const fixture = yield* makeFixtureStore
  results.push(yield* runStore("original fixture (server-rendered list)", {
    profile: fixture.profile,
    cart: fixture.cart,
    cartTotalCents: () => fixture.cart().reduce((s, l) => s + ({ "milk-2l": 549, "choc-milk": 329, "bread-white": 379, "eggs-12": 429 }[l.id] ?? 0) * l.quantity, 0)
  }, original, true))
  const table = yield* makeTableStore
  results.push(yield* runStore(table.name, table, english, false))
  const app = yield* makeAppStore
  results.push(yield* runStore(app.name, app, english, false))
  const bilingual = yield* makeBilingualStore
  results.push(yield* runStore(bilingual.name, bilingual, french, false))
  for (const r of results) process.stdout.write(`${JSON.stringify(r)}\n`)
}).pipe(Effect.scoped, Effect.provide(Layer.merge(NodeFileSystem.layer, NodePath.layer)))

await Effect.runPromise(main.pipe(Effect.catchAllCause((cause) => Effect.sync(() => {
  process.stderr.write(`shop quality bench failed: ${String(cause)}\n`)
  process.exitCode = 1
}))))
