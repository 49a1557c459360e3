/**
 * The shop agent's end-to-end test bench: the fixture store, real headless
 * Chromium (its own on a temp profile, or a session on the test file's), a
 * YAML list in a temp dir, and a scripted model whose turns read refs from
 * the snapshot they were shown.
 */
import { FileSystem, Path } from "@effect/platform"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import { Effect, Layer, Option, Redacted } from "effect"
import type { GenerateRequest, ModelResponse } from "../../../src/domain/llm.js"
import { parseSnapshot } from "../../../src/domain/shop/page-snapshot.js"
import type { StoreProfile } from "../../../src/domain/shop/store-profile.js"
import { Browser } from "../../../src/services/browser/browser.js"
import type { BrowserShape } from "../../../src/services/browser/browser.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { layerYamlFile } from "../../../src/services/shopping-list/yaml-file.js"
import { fixtureBrowser, sessionBrowser } from "../../fakes/store/browser.js"
import type { FixtureBrowserOptions } from "../../fakes/store/browser.js"
import { fixtureCredentials } from "../../fakes/store/server.js"

export const nodePlatform = Layer.merge(NodeFileSystem.layer, NodePath.layer)

export const credentials = Option.some({
  username: Redacted.make(fixtureCredentials.username),
  password: Redacted.make(fixtureCredentials.password)
})

/** A list file in a temp dir, the YAML provider over it, and `browser`. */
const benchWith = <E, R>(listText: string, browser: Effect.Effect<BrowserShape, E, R>) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const dir = yield* fs.makeTempDirectoryScoped()
    const file = path.join(dir, "list.yaml")
    yield* fs.writeFileString(file, listText)
    const layer = Layer.merge(layerYamlFile(file), Layer.succeed(Browser, yield* browser)).pipe(Layer.provide(nodePlatform))
    return { file, dir, layer, read: fs.readFileString(file) }
  })

/** A list file in a temp dir, the YAML provider over it, and the live browser (a Chromium of its own) over the store. */
export const bench = (listText: string, profile: StoreProfile, browserOptions: FixtureBrowserOptions = {}) =>
  benchWith(listText, fixtureBrowser(profile, browserOptions))

/** The same with the browser a session on the test file's Chromium (`fixtureChromium`). */
export const sessionBench = (listText: string, profile: StoreProfile, browserOptions: FixtureBrowserOptions = {}) =>
  benchWith(listText, sessionBrowser(profile, browserOptions))

/** The text of each message the model was shown, newest first. */
const shownNewestFirst = (request: GenerateRequest): ReadonlyArray<string> =>
  [...request.messages].reverse().map((m) =>
    m.content.flatMap((b) =>
      b._tag === "Text" ? [b.text] : b._tag === "ToolResult" ? b.content.flatMap((c) => (c._tag === "Text" ? [c.text] : [])) : []
    ).join("\n")
  )

/**
 * A scripted turn that clicks the element of this role whose name matches in
 * the latest snapshot that has one, as a model reading the page would.
 */
export const clickOn = (role: string, name: RegExp) => (request: GenerateRequest): ModelResponse => {
  for (const text of shownNewestFirst(request)) {
    const node = parseSnapshot(text).find((n) => n.role === role && name.test(n.name))
    if (node?.ref !== undefined) return ScriptedLlm.toolCall("click", { ref: node.ref })
  }
  throw new Error(`scripted model: no ${role} ${name} in anything it was shown:\n${shownNewestFirst(request)[0] ?? ""}`)
}

export const navigateTo = (url: string) => ScriptedLlm.toolCall("navigate", { url })

/** Every byte of every request the model saw, for secret checks. */
export const everythingSent = (requests: ReadonlyArray<GenerateRequest>): string =>
  requests.map((r) => JSON.stringify(r)).join("\n")
