import { Command } from "@effect/cli"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { it } from "@effect/vitest"
import { ConfigProvider, Effect, Schema } from "effect"
import { writeFileSync, mkdtempSync } from "node:fs"
import { shop } from "../src/cli/shop.js"
import { StoreProfile } from "../src/domain/shop/store-profile.js"
import { fixtureCredentials, makeFixtureStore } from "./fakes/store/server.js"
const t0 = performance.now()
const log = (s: string) => process.stderr.write(`${((performance.now() - t0) / 1000).toFixed(2)} ${s}\n`)
it.scopedLive("probe", () => Effect.gen(function*() {
  const dir = mkdtempSync("/tmp/probe-")
  const store = yield* makeFixtureStore
  log("store up")
  writeFileSync(`${dir}/store.json`, JSON.stringify(Schema.encodeSync(StoreProfile)(store.profile)))
  writeFileSync(`${dir}/g.yaml`, "items:\n  - saffron\n")
  const r = yield* Effect.either(Command.run(shop, { name: "s", version: "t" })(["node", "shoal", "--list", `${dir}/g.yaml`, "--store", `${dir}/store.json`, "--profile", `${dir}/profile`, "--provider", "offline", "--time-budget", "3s"]).pipe(
    Effect.withConfigProvider(ConfigProvider.fromMap(new Map([["SHOAL_STORE_USERNAME", fixtureCredentials.username], ["SHOAL_STORE_PASSWORD", fixtureCredentials.password]])))))
  log(`done ${r._tag}`)
}).pipe(Effect.provide(NodeContext.layer)), 90_000)
