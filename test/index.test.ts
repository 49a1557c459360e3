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
