/**
 * Shoal's public API for embedding: the Agent record and its terminal host,
 * every service's port with its live and test layers, the domain types those
 * speak, and the errors they raise. Each agent and its domain are a namespace
 * (`TidyAgent`, `Droid`, …); `shoal/gui` adds the web host. What only Shoal's
 * own code uses lives in `internal/` folders and is not exported (the names
 * are pinned by test/index.test.ts).
 *
 * @example
 * import { Effect, Schema } from "effect"
 * import { extract, ScriptedLlm } from "shoal"
 *
 * const Room = Schema.Struct({ roomType: Schema.String })
 * const program = extract(Room, { prompt: "what room is this?" })
 * program.pipe(Effect.provide(ScriptedLlm.layer([ScriptedLlm.toolCall("record_answer", { roomType: "office" })])))
 */
// The Agent record and its terminal host (issue 17): an agent of your own runs like the built-in ones (examples/packing-agent.ts).
export { TurnFailed } from "./agents/agent.js"
export type { Agent, AgentView, TurnResult as AgentTurnResult } from "./agents/agent.js"
export { closingLine, findSession, listSessions, NoSavedSession, runTerminal, SessionNotSaved } from "./cli/host-terminal.js"
export type { SaveOutcome, TerminalOptions as TerminalHostOptions } from "./cli/host-terminal.js"

// The agents and their domains, each a namespace.
export * as TidyAgent from "./agents/tidy/index.js"
export * as FitlogAgent from "./agents/fitlog/index.js"
export * as DroidAgent from "./agents/droid/index.js"
export * as Droid from "./domain/droid/index.js"
export * as ShopAgent from "./agents/shop/index.js"
export * as Shop from "./domain/shop/index.js"

// The model's messages, turns and errors, and the Llm port with its layers, decorators, tools and structured output: the `shoal/llm` entry, whole.
export * from "./exports/llm.js"

// Questions and QuestionUI: the `shoal/question-ui` entry, whole.
export * from "./exports/question-ui.js"

// Events: the port, typed emitters, the live and collecting layers.
export { CollectedEvents, Events, layerEvents, typedEvents } from "./services/events/index.js"
export type { CollectedEventsShape, EventsShape, TaggedEvent, TypedEvents } from "./services/events/index.js"

// SessionStore: the port, file and memory layers, ids and load errors.
export {
  Envelope,
  layerFile,
  layerFileFromConfig,
  layerFileFromConfigNode,
  layerMemory,
  newSessionId,
  SessionCorrupt,
  SessionId,
  SessionNotFound,
  SessionStore,
  SessionStoreError,
  SessionVersionMismatch
} from "./services/session-store/index.js"
export type { SessionKind, SessionLoadError, SessionStoreShape, SessionSummary } from "./services/session-store/index.js"

// Photos (tidy) and ScreenImages (droid's vision): ports and sharp layers.
export { layerSharp, Photos, PhotoUnreadable } from "./services/photos/index.js"
export type { PhotosShape } from "./services/photos/index.js"
export { layerSharpScreenImages, ScreenImages, ScreenshotUnreadable } from "./services/vision/index.js"
export type { ScreenFrame, ScreenImagesShape } from "./services/vision/index.js"

// Android (domain/android): ids, key codes, the UI tree and its errors.
export {
  ActivityName,
  AdbTimeout,
  AppNotFound,
  CommandFailed,
  DeviceOffline,
  DeviceSerial,
  DeviceState,
  elementList,
  EmulatorUnavailable,
  findByContentDesc,
  findByLabel,
  findByResourceId,
  findByText,
  KeyCode,
  Keys,
  NoDevice,
  PackageName,
  parseUiDump,
  ResourceId,
  ShellCommandRefused,
  TextNotTypable,
  UiDumpInvalid,
  UiDumpTruncated
} from "./domain/android/index.js"
export type { AdbError, Bounds, DeviceInfo, ElementList, Focus, Point, UiDumpError, UiElement, UiNode, UiTree } from "./domain/android/index.js"

// Adb: the port, the live layer (and emulator starter), the in-memory and --device sim layers over the simulated phone, and the model's Android tools.
export {
  Adb,
  adbOptionsFromConfig,
  androidTools,
  ensureEmulator,
  fitnessPackage,
  layerAdbFromChoice,
  layerAdbLive,
  layerAdbMemory,
  layerAdbSimulated,
  serveAdb,
  settingsPackage,
  SimulatedDevice
} from "./services/adb/index.js"
export type {
  AdbLiveOptions,
  AdbMemoryOptions,
  AdbServer,
  AdbShape,
  DeviceChoice,
  DeviceOptions,
  EmulatorOptions,
  Faults,
  Screen,
  WaitForIdleOptions
} from "./services/adb/index.js"

// Sandbox (droid's scripts): the port, the QuickJS layer and its errors.
export { HostCallFailed, layerQuickJs, Sandbox, SandboxFailed, SandboxUnavailable, ScriptCallLimit, ScriptError, ScriptOutOfMemory, ScriptTimeout } from "./services/sandbox/index.js"
export type { HostFunction, RunResult, SandboxError, SandboxOptions, SandboxSession, SandboxShape, SandboxValue } from "./services/sandbox/index.js"

// Trajectory (droid's saved runs): the port and its directory and memory layers.
export { layerTrajectoryDir, layerTrajectoryMemory, Trajectory, TrajectoryLog, TrajectoryWriteFailed } from "./services/trajectory/index.js"
export type { RunSummary, TrajectoryShape } from "./services/trajectory/index.js"

// ShoppingListProvider and Browser (shop): ports, the YAML file, memory and Playwright layers, their errors.
export {
  defaultShoppingRules,
  layerMemoryList,
  layerYamlFile,
  MemoryShoppingList,
  ShoppingListItemMissing,
  ShoppingListMalformed,
  ShoppingListProvider,
  ShoppingListUnavailable
} from "./services/shopping-list/index.js"
export type { HeldBackItem, MemoryShoppingListShape, ShoppingListError, ShoppingListProviderShape } from "./services/shopping-list/index.js"
export {
  Browser,
  BrowserActionFailed,
  BrowserCrashed,
  BrowserDriverMissing,
  BrowserLaunchFailed,
  layerPlaywright,
  NavigationBlocked,
  SignInFailed,
  StaleRef
} from "./services/browser/index.js"
export type { BlockedRequest, BrowserError, BrowserShape, PlaywrightBrowserOptions, StoreCredentials } from "./services/browser/index.js"

// Diary and NutritionTable (fitlog): ports, the SQLite and SR28 layers, test layers, their errors.
export { Diary, DiaryError, layerSqlite, layerSqliteMemory } from "./services/diary/index.js"
export type { CommitOutcome, DiaryRow, DiaryShape, GoalName, Goals } from "./services/diary/index.js"
export { layerFoodSearch, layerFromRecords, layerSr28, NutritionDataUnavailable, NutritionTable } from "./services/nutrition-table/index.js"
export type { NutritionTableShape } from "./services/nutrition-table/index.js"
