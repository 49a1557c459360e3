/**
 * `shoal/testing`: deterministic layers for your own tests — a scripted
 * model, scripted answers, collected events, an in-memory session store, an
 * in-memory shopping list and diary-free nutrition table, and a simulated
 * Android device. None of them touches the network, a device or a browser.
 */
export { CollectedEvents } from "../services/events/collected.js"
export type { CollectedEventsShape } from "../services/events/collected.js"
export { layerOffline } from "../services/llm/offline.js"
export { ScriptedLlm } from "../services/llm/scripted.js"
export type { ScriptedLlmShape, ScriptedTurn } from "../services/llm/scripted.js"
export { ScriptedQuestions } from "../services/question-ui/scripted.js"
export type { ScriptedAnswer, ScriptedQuestionsShape } from "../services/question-ui/scripted.js"
export { layerMemory as layerSessionStoreMemory } from "../services/session-store/memory.js"
export { layerMemoryList, MemoryShoppingList } from "../services/shopping-list/memory.js"
export type { MemoryShoppingListShape } from "../services/shopping-list/memory.js"
export { layerFromRecords as layerNutritionTableFromRecords } from "../services/nutrition-table/nutrition-table.js"
export { layerAdbMemory } from "../services/adb/memory.js"
export type { AdbMemoryOptions } from "../services/adb/memory.js"
export { layerAdbSimulated } from "../services/adb/simulated.js"
export { fitnessPackage, serveAdb, settingsPackage, SimulatedDevice } from "../simulator/index.js"
export type { AdbServer, DeviceOptions, Faults } from "../simulator/index.js"
