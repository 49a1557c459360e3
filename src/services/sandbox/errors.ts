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

/** The code ran longer than its wall-time limit (host calls such as `wait` do not count) and was stopped. */
export class ScriptTimeout extends Schema.TaggedError<ScriptTimeout>()("ScriptTimeout", {
  limitMs: Schema.Number,
  output: Schema.Array(Schema.String)
}) {
  override get message(): string {
    return `the code ran longer than ${this.limitMs} ms and was stopped`
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

export type SandboxError = ScriptError | ScriptTimeout | ScriptOutOfMemory

/** What a host function returns to the code when it fails: thrown inside the sandbox as an `Error`. */
export class HostCallFailed extends Schema.TaggedError<HostCallFailed>()("HostCallFailed", {
  function: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `${this.function}: ${this.reason}`
  }
}
