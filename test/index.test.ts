import { describe, expect, it } from "vitest"
import * as Shoal from "../src/index.js"

describe("the public API", () => {
  it("exports every service's port with its live and test layers", () => {
    const expected = [
      "Llm", "layerAnthropic", "layerOpenAi", "layerOffline", "layerFromSettings", "ScriptedLlm", "extract", "Tool", "ToolLoop",
      "UsageMeter", "QuestionUI", "layerTerminal", "ScriptedQuestions", "withTimeout", "Events", "layerEvents",
      "CollectedEvents", "SessionStore", "layerFile", "layerMemory", "fallbackAnswer", "TurnResult", "LlmUnavailable",
      "makeQuestionBridge", "makeQuestionBridgeWith", "TidyAgent", "Photos", "layerSharp",
      "Shop", "ShopAgent", "Sandbox", "layerQuickJs", "DroidAgent", "Droid", "FitlogAgent", "Diary", "NutritionTable", "ShoppingListProvider", "layerYamlFile", "Browser", "layerPlaywright",
      "Adb", "layerAdbLive", "layerAdbMemory", "layerAdbSimulated", "androidTools", "SimulatedDevice", "parseUiDump", "elementList"
    ] as const
    const missing = expected.filter((name) => (Shoal as Record<string, unknown>)[name] === undefined)
    expect(missing).toEqual([])
  })
})

describe("the GUI entry point (shoal/gui)", () => {
  it("exports the server and the session host", async () => {
    const gui: Record<string, unknown> = await import("../src/gui/index.js")
    expect(["serveGui", "layerGuiRoutes", "GuiSessions", "hostSession", "toView"].filter((n) => gui[n] === undefined)).toEqual([])
  })
})

describe("the subpath entry points (shoal/llm, tidy, fitlog, droid, shop, testing, effect-ai)", () => {
  const entries = {
    llm: ["Llm", "layerAnthropic", "layerOpenAi", "layerOffline", "layerFromSettings", "metered", "resilient", "withFallback", "UsageMeter", "extract", "Tool", "ToolLoop", "ScriptedLlm", "LlmUnavailable"],
    tidy: ["turn", "userSaid", "initialState", "tidySessions", "decide", "QuestionUI", "SessionStore", "Events", "Photos"],
    fitlog: ["estimate", "logFood", "chatTurn", "Diary", "NutritionTable", "Adb", "QuestionUI", "SessionStore", "Events"],
    droid: ["runDroid", "runCodeAct", "Droid", "Android", "Adb", "Sandbox", "Events"],
    shop: ["shop", "shopWithRules", "Shop", "Browser", "ShoppingList", "Events"],
    testing: ["ScriptedLlm", "ScriptedQuestions", "CollectedEvents", "layerOffline", "layerSessionStoreMemory", "layerMemoryList", "layerNutritionTableFromRecords", "layerAdbMemory", "SimulatedDevice"],
    "effect-ai": ["EffectAi"]
  } as const

  it("each exports its agent and services", async () => {
    const missing: Array<string> = []
    for (const [entry, names] of Object.entries(entries)) {
      const module: Record<string, unknown> = await import(`../src/exports/${entry}.ts`)
      for (const name of names) if (module[name] === undefined) missing.push(`shoal/${entry}: ${name}`)
    }
    expect(missing).toEqual([])
  })

  it("groups each service's names under it, so none is ambiguous", async () => {
    const tidy = await import("../src/exports/tidy.js")
    const llm = await import("../src/exports/llm.js")
    const root = await import("../src/index.js")
    // The same values as the flat root names, reached by service.
    expect(tidy.SessionStore.layerMemory).toBe(root.layerMemory)
    expect(tidy.SessionStore.layerFile).toBe(root.layerFile)
    expect(tidy.SessionStore.SessionStore).toBe(root.SessionStore)
    expect(tidy.QuestionUI.layerTerminal).toBe(root.layerTerminal)
    expect(tidy.QuestionUI.layerFallback).toBe(root.layerFallback)
    expect(tidy.QuestionUI.QuestionUI).toBe(root.QuestionUI)
    expect(llm.metered).toBe(root.metered)
    // The question UI's fallback is not a flat name of shoal/tidy, and the model's fallback lives in shoal/llm.
    expect("layerFallback" in tidy).toBe(false)
    expect(typeof llm.withFallback).toBe("function")
  })

  it("package.json maps each subpath to its built entry, with types", async () => {
    const { readFile } = await import("node:fs/promises")
    const pkg: { exports: Record<string, { types?: string; default?: string } | string>; sideEffects?: boolean } = JSON.parse(
      await readFile(new URL("../package.json", import.meta.url), "utf8")
    )
    expect(pkg.sideEffects).toBe(false)
    for (const entry of Object.keys(entries)) {
      expect(pkg.exports[`./${entry}`]).toEqual({ types: `./dist/lib/exports/${entry}.d.ts`, default: `./dist/lib/exports/${entry}.js` })
    }
    expect(pkg.exports["."]).toEqual({ types: "./dist/lib/index.d.ts", default: "./dist/lib/index.js" })
  })
})
