/** Sandbox: run model-written JavaScript with only the functions handed in (QuickJS). */
export { HostCallFailed, SandboxFailed, SandboxUnavailable, ScriptCallLimit, ScriptError, ScriptOutOfMemory, ScriptTimeout } from "./errors.js"
export type { SandboxError } from "./errors.js"
export { layerQuickJs } from "./quickjs.js"
export { defaultMaxCalls, defaultMaxOutputChars, defaultMemoryLimitBytes, defaultTimeLimitMs, Sandbox } from "./sandbox.js"
export type { HostFunction, RunResult, SandboxOptions, SandboxSession, SandboxShape, SandboxValue } from "./sandbox.js"
