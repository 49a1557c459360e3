/**
 * `shoal/droid`: the Android agent (`runDroid`, CodeAct, the reasoning
 * planner), with `Droid` (its domain), `Android` (UI dumps, element lists,
 * shell policy), and the services as namespaces: `Adb` (live: install the
 * optional peer `appium-adb`; simulated and in-memory need nothing),
 * `Sandbox` (install the optional peer `quickjs-emscripten`) and `Events`.
 */
export * from "../agents/droid/index.js"
export * as Adb from "../services/adb/index.js"
export * as Android from "../domain/android/index.js"
export * as Droid from "../domain/droid/index.js"
export * as Events from "../services/events/index.js"
export * as Sandbox from "../services/sandbox/index.js"
