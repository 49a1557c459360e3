/**
 * How model-written code can fail in the sandbox. Each is a
 * `Schema.TaggedError` because the agents show it to the model (CodeAct's
 * next prompt, the TextManipulator's correction prompt), and each carries
 * what the code printed before it stopped.
 */
import { Schema } from "effect"

/** The code threw, or did not parse: the JavaScript error's name, message and line in the model's code. */
export class ScriptError extends Schema.TaggedError<ScriptError>()("ScriptError", {
  name: Schema.String,
  detail: Schema.String,
  line: Schema.optional(Schema.Int),
  output: Schema.Array(Schema.String)
}) {
  override get message(): string {
    return `${this.name}: ${this.detail}${this.line === undefined ? "" : ` (line ${this.line})`}`
  }
}

/** The run took longer than its wall-time budget (the code's own work and its host calls such as `wait` alike) and was stopped. */
export class ScriptTimeout extends Schema.TaggedError<ScriptTimeout>()("ScriptTimeout", {
  limitMs: Schema.Number,
  output: Schema.Array(Schema.String)
}) {
  override get message(): string {
    return `the code and its device calls took longer than ${this.limitMs} ms and were stopped`
  }
}

/** The code allocated more than its memory limit and was stopped. */
export class ScriptOutOfMemory extends Schema.TaggedError<ScriptOutOfMemory>()("ScriptOutOfMemory", {
  limitBytes: Schema.Number,
  output: Schema.Array(Schema.String)
}) {
  override get message(): string {
    return `the code used more than ${Math.round(this.limitBytes / (1024 * 1024))} MB of memory and was stopped`
  }
}

/** The code called host functions (device actions, fetches…) more often than one run allows, and was stopped. */
export class ScriptCallLimit extends Schema.TaggedError<ScriptCallLimit>()("ScriptCallLimit", {
  limit: Schema.Int,
  output: Schema.Array(Schema.String)
}) {
  override get message(): string {
    return `the code called functions more than ${this.limit} times in one step and was stopped; do a few actions per step and look at the screen in between`
  }
}

/** The interpreter's thread could not start (out of memory, a broken install): not the code's fault; the next run tries again. */
export class SandboxFailed extends Schema.TaggedError<SandboxFailed>()("SandboxFailed", {
  reason: Schema.String,
  /** Always empty: no code ran. */
  output: Schema.Array(Schema.String)
}) {
  override get message(): string {
    return `the JavaScript sandbox could not start (${this.reason}); if this persists, free some memory or reinstall it with npm install quickjs-emscripten`
  }
}

/** quickjs-emscripten, the sandbox's interpreter, is not installed next to Shoal. */
export class SandboxUnavailable extends Schema.TaggedError<SandboxUnavailable>()("SandboxUnavailable", { reason: Schema.String }) {
  override get message(): string {
    return `quickjs-emscripten is not installed (${this.reason}); run npm install quickjs-emscripten in Shoal's folder`
  }
}

export type SandboxError = ScriptError | ScriptTimeout | ScriptOutOfMemory | ScriptCallLimit | SandboxFailed

/** What a host function returns to the code when it fails: thrown inside the sandbox as an `Error`. */
export class HostCallFailed extends Schema.TaggedError<HostCallFailed>()("HostCallFailed", {
  function: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `${this.function}: ${this.reason}`
  }
}
