/** Adb: the port, its layers (live, simulated, memory), the emulator starter and the agent tools. */
export { Adb } from "./adb.js"
export type { AdbShape, Screen, WaitForIdleOptions } from "./adb.js"
export { ensureEmulator, findSdkRoot } from "./emulator.js"
export type { EmulatorOptions } from "./emulator.js"
export { layerAdbLive, adbOptionsFromConfig } from "./live.js"
export type { AdbLiveOptions } from "./live.js"
export { layerAdbMemory } from "./memory.js"
export type { AdbMemoryOptions } from "./memory.js"
export { layerAdbSimulated } from "./simulated.js"
export {
  androidTools,
  executeShellCommand,
  getUiHierarchy,
  killApp,
  launchApp,
  pressKey,
  swipeScreen,
  tapScreen,
  typeText,
  uiParser
} from "./tools.js"
// The simulated phone, for embedders' tests (`layerAdbMemory(device)`) and demos; the rest stays in src/simulator.
export { fitnessPackage, serveAdb, settingsPackage, SimulatedDevice } from "../../simulator/index.js"
export type { AdbServer, DeviceOptions, DiaryEntry, Faults, Meal } from "../../simulator/index.js"
export { layerAdbFromChoice, simulatedDeviceName } from "./choose.js"
export type { DeviceChoice } from "./choose.js"
