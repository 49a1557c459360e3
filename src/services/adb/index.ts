/** Adb: the port, its layers (live, simulated, memory), the emulator starter and the agent tools. */
export { Adb } from "./adb.js"
export type { AdbShape, Screen, WaitForIdleOptions } from "./adb.js"
export { ensureEmulator, findSdkRoot } from "./emulator.js"
export type { EmulatorOptions } from "./emulator.js"
export { layerLive, liveOptionsFromConfig, liveTransport } from "./live.js"
export type { LiveOptions } from "./live.js"
export { makeAdb } from "./make-adb.js"
export type { AdbBehaviour } from "./make-adb.js"
export { layerMemory, memoryTransport } from "./memory.js"
export type { MemoryOptions } from "./memory.js"
export { layerSimulated } from "./simulated.js"
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
export type { AdbTransport } from "./transport.js"
