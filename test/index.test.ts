/**
 * The public API, pinned: the exact runtime names of "." and of every subpath
 * entry (package.json "exports"), sorted. A name added or dropped here is a
 * decision about what embedders get; internals live in `internal/` folders
 * (test/architecture.test.ts keeps the entries from importing them).
 */
import { describe, expect, it } from "vitest"

/** Each entry's exported names, sorted; namespaces (`Adb`, `TidyAgent`, …) count as one name. */
const exported: Record<string, ReadonlyArray<string>> = {
  ".": [
    "ActivityName", "Adb", "AdbTimeout", "Answer", "AnswerDoesNotFit", "AppNotFound", "AssistantContent",
    "AssistantMessage", "Browser", "BrowserActionFailed", "BrowserCrashed", "BrowserDriverMissing",
    "BrowserLaunchFailed", "ChoiceOption", "CollectedEvents", "CommandFailed", "Condition", "DeviceOffline",
    "DeviceSerial", "DeviceState", "Diary", "DiaryError", "DispositionChoice", "Droid", "DroidAgent",
    "EmulatorUnavailable", "Envelope", "Events", "FitlogAgent", "GenerateRequest", "HostCallFailed", "ImageBlock",
    "ImageMediaType", "InvalidModelLimit", "ItemDisposition", "KeyCode", "Keys", "Llm", "LlmRejected", "LlmTimeout",
    "LlmTimeoutLimit", "LlmUnavailable", "MemoryShoppingList", "Message", "MissingApiKey", "ModelResponse",
    "NavigationBlocked", "NoDevice", "NoSavedSession", "NoSuchQuestion", "NutritionDataUnavailable", "NutritionTable",
    "Offline", "PackageName", "ParseFailed", "PhotoUnreadable", "Photos", "ProviderFailure", "ProviderName",
    "ProviderProtocolError", "Question", "QuestionInputClosed", "QuestionUI", "ReplayMiss", "ReplayUnusable",
    "ResourceId", "ResponseTooLarge", "Sandbox", "SandboxFailed", "SandboxUnavailable", "ScreenImages",
    "ScreenshotUnreadable", "ScriptCallLimit", "ScriptError", "ScriptOutOfMemory", "ScriptTimeout", "ScriptedLlm",
    "ScriptedQuestions", "SessionCorrupt", "SessionId", "SessionNotFound", "SessionNotSaved", "SessionStore",
    "SessionStoreError", "SessionVersionMismatch", "ShellCommandRefused", "Shop", "ShopAgent",
    "ShoppingListItemMissing", "ShoppingListMalformed", "ShoppingListProvider", "ShoppingListUnavailable",
    "SignInFailed", "SimulatedDevice", "StaleRef", "StopReason", "StreamEvent", "TextBlock", "TextNotTypable",
    "TidyAgent", "Tool", "ToolCall", "ToolChoice", "ToolLoop", "ToolResult", "ToolSpec", "Trajectory",
    "TrajectoryLog", "TrajectoryWriteFailed", "TurnFailed", "TurnResult", "UiDumpInvalid", "UiDumpTruncated", "Usage",
    "UsageMeter", "UserContent", "UserMessage", "YesOrNo", "adbOptionsFromConfig", "androidTools", "capabilitiesOf",
    "chain", "closingLine", "conditionHolds", "defaultLimits", "defaultModels", "defaultQuestionTimeout",
    "defaultRetryPolicy", "defaultShoppingRules", "elementList", "ensureEmulator", "extract", "extractTurn",
    "fallbackAnswer", "fallbackOption", "findByContentDesc", "findByLabel", "findByResourceId", "findByText",
    "findSession", "fitnessPackage", "fromRenderer", "layerAdbFromChoice", "layerAdbLive", "layerAdbMemory",
    "layerAdbSimulated", "layerAnthropic", "layerEvents", "layerFallback", "layerFile", "layerFileFromConfig",
    "layerFileFromConfigNode", "layerFoodSearch", "layerFromRecords", "layerFromRenderer", "layerFromSettings", "layerMemory",
    "layerMemoryList", "layerOffline", "layerOpenAi", "layerPlaywright", "layerQuickJs", "layerSharp",
    "layerSharpScreenImages", "layerSqlite", "layerSqliteMemory", "layerSr28", "layerTerminal", "layerTrajectoryDir",
    "layerTrajectoryMemory", "layerWithTimeout", "layerYamlFile", "listSessions", "makeQuestionBridge",
    "makeQuestionBridgeWith", "makeTerminalRenderer", "metered", "newSessionId", "offline", "parseUiDump", "pipeIO",
    "questionTitle", "readYesNo", "recordedModel", "recording", "replaying", "requireModel", "resilient",
    "resolveLlmSettings", "revealedBy", "runTerminal", "saidYes", "serveAdb", "settingsPackage", "terminalRenderer",
    "ttyIO", "typedEvents", "userText", "withFallback", "withTimeout", "yesNoQuestion"
  ],
  "llm": [
    "AssistantContent", "AssistantMessage", "GenerateRequest", "ImageBlock", "ImageMediaType", "InvalidModelLimit",
    "Llm", "LlmRejected", "LlmTimeout", "LlmTimeoutLimit", "LlmUnavailable", "Message", "MissingApiKey",
    "ModelResponse", "Offline", "ParseFailed", "ProviderFailure", "ProviderName", "ProviderProtocolError",
    "ReplayMiss", "ReplayUnusable", "ResponseTooLarge", "ScriptedLlm", "StopReason", "StreamEvent", "TextBlock",
    "Tool", "ToolCall", "ToolChoice", "ToolLoop", "ToolResult", "ToolSpec", "TurnResult", "Usage", "UsageMeter",
    "UserContent", "UserMessage", "capabilitiesOf", "chain", "defaultLimits", "defaultModels", "defaultRetryPolicy",
    "extract", "extractTurn", "layerAnthropic", "layerFromSettings", "layerOffline", "layerOpenAi", "metered",
    "offline", "recordedModel", "recording", "replaying", "requireModel", "resilient", "resolveLlmSettings",
    "userText", "withFallback"
  ],
  "tidy": [
    "Action", "ActiveState", "AnxietyTrigger", "CategoryName", "CategoryPile", "ChaosLevel", "Choice",
    "DecisionSupportData", "Events", "Extract", "ExtractWire", "Feeling", "Intent", "ItemName", "Location", "Phase",
    "PhaseData", "PhotoAnalysis", "Photos", "Piles", "QuestionUI", "RefiningData", "ResumablePhaseData",
    "SessionState", "SessionStore", "SortingData", "SpaceFunction", "SplittingData", "SurveyingData", "TidyEvent",
    "actResponse", "activeState", "allItems", "analyzePhotos", "anchors", "applyDisposition", "askDisposition",
    "buildContext", "cannedResponse", "categorize", "categoryOf", "counts", "currentCategory", "currentItem",
    "decide", "decidedByRule", "distressing", "distribute", "emergentCategories", "emptyPiles", "extractByRules",
    "extractFromInput", "extractOf", "fromWire", "initialState", "lastAnxiety", "mentions", "otherCategory", "phase",
    "proposeDisposition", "readCare", "recount", "renderContext", "sameText", "spaceFunction", "splitThreshold",
    "summaryText", "templateResponse", "tidySessions", "transition", "turn", "userSaid", "waitingToAsk", "welcomeBack"
  ],
  "fitlog": [
    "Adb", "ChatState", "ClassifiedMessage", "Diary", "DiaryDate", "Events", "FastPath", "FoodName", "FoodRequest",
    "Grams", "Intent", "Meal", "Nutrients", "NutritionTable", "PendingAction", "PortionNutrients", "Proposal",
    "ProposalId", "ProposalLine", "QuestionUI", "RecipeName", "RouterSession", "SavedRecipe", "SessionStore",
    "SkippedLine", "Unit", "androidCommits", "androidTarget", "askMeal", "asksAboutWeek", "chatSessions", "chatTools",
    "chatTurn", "chooseResult", "chooseUnit", "classify", "closestNote", "commitToApp", "confirm", "correctTypos", "dayReport",
    "dayTotals", "describeIssue", "describeProposal", "dishScale", "editDistance", "energyFromMacros",
    "energyTolerance", "estimate", "estimateJson", "extractMeal", "fallbackQueries", "fallbackSystemPrompt",
    "fastPathOf", "fitlogAndroidTools", "fitnessAppPackage", "fold", "foodWords", "formatGrams", "forms",
    "getUserInput", "headNoun", "indexRecords", "ingredientLines", "initialChatState", "insights", "invalidAmount",
    "itemText", "launchApp", "leadingAmount", "localTarget", "logFood", "logOneFood", "looksLikeRecipe",
    "mass", "matchRequest", "mealAt", "mealBounds", "meals", "nutrientKeys", "nutrientLines", "nutritionCredit", "orient",
    "overBound", "parseFoodText", "parseItem", "parseSr28", "pendingProposals", "perServingOf", "portionOf",
    "portionTable", "proposalIdFor", "propose", "recipeName", "recognise", "recoverUnknownScreen", "refineIntent",
    "rejection", "repeated", "replaceLine", "resolveGrams", "route", "ruleIntent", "sameFamilyRecords", "sameFoodRecords",
    "scaleNutrients", "scaleRecipe", "screenElements", "searchQuery", "searchRecords", "servingsIn", "sizeFactor", "sourceOf", "splitItems",
    "summaryTable", "tableOfSource", "tablesOf", "trailingAmount", "unitGrams", "unitOf", "unitsIn", "vaguePortions", "validate", "vocabulary", "volumeMl", "withoutUnsure",
    "words"
  ],
  "droid": [
    "ActionFailed", "Adb", "Android", "Droid", "DroidEvent", "DroidOutcome", "DroidRun", "Events", "NeedsModel",
    "Route", "Sandbox", "StructuredOutputFailed", "codeActFunctions", "defaultMaxSteps", "describeDroidRun",
    "droidRuns", "errorThreshold", "functionHelp", "makeCamera", "makeDeviceTools", "makeDroidAgent", "managerPrompt",
    "maxCorrections", "route", "runCodeAct", "runDroid", "runDroidFor", "runExecutor", "runReasoning", "runScript",
    "runScripter", "runTextManipulator", "scriptBlocks", "scriptResultTag", "stepLine", "structuredOutput",
    "summaryLine", "visionUnsupported"
  ],
  "shop": [
    "Attempt", "Browser", "Events", "Shop", "ShopRun", "ShopRunEvent", "ShoppingList", "attemptEvent",
    "awaitSearchResults", "consentButton", "decideAdd", "defaultMaxTurns", "defaultTimeBudget", "describeShopRun",
    "dismissConsent", "initialShopRun", "makeShopAgent", "matchThreshold", "openStore", "rankProducts",
    "readCartPage", "shop", "shopRuns", "shopTools", "shopWithModel", "shopWithRules", "systemPrompt", "taskPrompt",
    "verifyAdd"
  ],
  "testing": [
    "CollectedEvents", "MemoryShoppingList", "ScriptedLlm", "ScriptedQuestions", "SimulatedDevice", "fitnessPackage",
    "layerAdbMemory", "layerAdbSimulated", "layerMemoryList", "layerNutritionTableFromRecords", "layerOffline",
    "layerSessionStoreMemory", "serveAdb", "settingsPackage"
  ],
  "effect-ai": [
    "EffectAi"
  ],
  "gui": [
    "AgentSessions", "ChatLine", "GuiSessions", "SessionBusy", "SessionEnded", "chatsOf", "createGuiServer",
    "fitlogChatWeb", "hostAgent", "hostSession", "hostWeb", "layerAgentRoutes", "layerGuiRoutes", "layerGuiSessions",
    "makeAgentSessions", "makeGuiSessions", "photoNotTaken", "photoSkippedOffline", "serveGui", "startQuestions",
    "tidyChats", "tidyWeb", "toView", "webAgent"
  ]
}

const modules: Record<string, () => Promise<Record<string, unknown>>> = {
  ".": () => import("../src/index.js"),
  llm: () => import("../src/exports/llm.js"),
  tidy: () => import("../src/exports/tidy.js"),
  fitlog: () => import("../src/exports/fitlog.js"),
  droid: () => import("../src/exports/droid.js"),
  shop: () => import("../src/exports/shop.js"),
  testing: () => import("../src/exports/testing.js"),
  "effect-ai": () => import("../src/exports/effect-ai.js"),
  gui: () => import("../src/gui/index.js")
}

// The first import of an entry transforms the part of src it reaches: over 30 s for "." with two full runs at once.
describe("the public API", { timeout: 120_000 }, () => {
  it.each(Object.keys(modules))("%s exports exactly its pinned names", async (entry) => {
    const load = modules[entry]
    expect(load).toBeDefined()
    if (load === undefined) return
    expect(Object.keys(await load()).sort()).toEqual(exported[entry])
  })

  it("exports no internal helper", async () => {
    const root = await import("../src/index.js")
    const testing = await import("../src/exports/testing.js")
    const droid = await import("../src/exports/droid.js")
    const shop = await import("../src/exports/shop.js")
    const llm = await import("../src/exports/llm.js")
    // The subpaths' service namespaces are the services' index files: those leave their internals out too.
    const entries: ReadonlyArray<object> = [root, testing, llm, droid.Adb, shop.Browser, shop.ShoppingList]
    for (const name of ["patchItem", "parseList", "chromiumArgs", "bannerScript", "memoryAdbTransport", "liveAdbTransport", "makeAdb", "makeBreaker", "cappedFetch"]) {
      expect(entries.filter((entry) => name in entry).length, name).toBe(0)
    }
  })

  it("each service's port comes with its live and test layers", async () => {
    const root = await import("../src/index.js")
    const pairs = [["Llm", "layerAnthropic", "ScriptedLlm"], ["QuestionUI", "layerTerminal", "ScriptedQuestions"], ["Events", "layerEvents", "CollectedEvents"],
      ["SessionStore", "layerFile", "layerMemory"], ["Adb", "layerAdbLive", "layerAdbMemory"], ["ShoppingListProvider", "layerYamlFile", "layerMemoryList"],
      ["Diary", "layerSqlite", "layerSqliteMemory"], ["NutritionTable", "layerSr28", "layerFromRecords"], ["Trajectory", "layerTrajectoryDir", "layerTrajectoryMemory"]] as const
    for (const names of pairs) expect(names.filter((n) => !(n in root)), names[0]).toEqual([])
  })
})

describe("the subpath entry points (shoal/llm, tidy, fitlog, droid, shop, testing, effect-ai)", () => {
  const entries = ["llm", "tidy", "fitlog", "droid", "shop", "testing", "effect-ai"] as const

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
    for (const entry of entries) {
      expect(pkg.exports[`./${entry}`]).toEqual({ types: `./dist/lib/exports/${entry}.d.ts`, default: `./dist/lib/exports/${entry}.js` })
    }
    expect(pkg.exports["."]).toEqual({ types: "./dist/lib/index.d.ts", default: "./dist/lib/index.js" })
    // Every entry the package offers has its names pinned above.
    expect(Object.keys(pkg.exports).filter((k) => k !== "./package.json").map((k) => (k === "." ? "." : k.slice(2))).sort()).toEqual(Object.keys(exported).sort())
  })
})
