/**
 * CodeAct mode (seeds/002 "Direct Execution Pipeline"): observe the screen,
 * ask the model for code, run it in the sandbox against the device, feed the
 * results and the new screen back, until the code calls `complete()` or the
 * step budget runs out.
 *
 * Where it sits: the default mode of `runDroid` (run.ts). Depends only on
 * the Llm, Adb and Sandbox tags.
 */
import { Effect, Option, Ref } from "effect"
import type { Scope } from "effect"
import { codeToRun } from "../../domain/droid/code-blocks.js"
import type { AdbError, UiDumpError } from "../../domain/android/errors.js"
import type { LlmError, Message } from "../../domain/llm.js"
import { AssistantMessage, GenerateRequest, TextBlock, userText } from "../../domain/llm.js"
import type { Adb } from "../../services/adb/adb.js"
import { Llm } from "../../services/llm/llm.js"
import { Sandbox } from "../../services/sandbox/sandbox.js"
import type { SandboxSession } from "../../services/sandbox/sandbox.js"
import { codeActFunctions, makeCodeActState, stepLimits } from "./codeact-functions.js"
import type { CodeActState } from "./codeact-functions.js"
import { makeDeviceTools } from "./device.js"
import { codeActSystem } from "./prompts.js"
import type { DroidResult } from "./result.js"

export interface CodeActOptions {
  readonly goal: string
  readonly maxSteps: number
  /** Steps of conversation kept in the prompt (default 8): older ones drop out. */
  readonly historySteps?: number
}

/** Run one piece of code and say what happened, in the words the next prompt uses. */
export const runStep = (session: SandboxSession, state: CodeActState, code: string) =>
  Effect.gen(function*() {
    yield* Ref.set(state.log, [])
    const outcome = yield* Effect.either(session.run(code))
    const log = yield* Ref.get(state.log)
    const printed = outcome._tag === "Right" ? outcome.right.output : outcome.left.output
    const lines = [
      ...(log.length === 0 ? ["(no device function was called)"] : log.map((l) => `- ${l}`)),
      ...(printed.length === 0 ? [] : ["Printed:", ...printed]),
      ...(outcome._tag === "Left" ? [`Code stopped: ${outcome.left.message}`] : [])
    ]
    return { ok: outcome._tag === "Right", report: lines.join("\n") }
  })

export const runCodeAct = (
  options: CodeActOptions
): Effect.Effect<DroidResult, LlmError | AdbError | UiDumpError, Llm | Adb | Sandbox | Scope.Scope> =>
  Effect.gen(function*() {
    const llm = yield* Llm
    const sandbox = yield* Sandbox
    const device = yield* makeDeviceTools
    const state = yield* makeCodeActState
    const session = yield* sandbox.session({ functions: codeActFunctions(device, state), ...stepLimits })
    const keep = (options.historySteps ?? 8) * 2
    let history: ReadonlyArray<Message> = []
    let pending = ""

    for (let step = 1; step <= options.maxSteps; step++) {
      const screen = yield* device.observe
      const memory = yield* Ref.get(state.memory)
      const now = [
        `Goal: ${options.goal}`,
        ...(step === 1 ? [] : [pending]),
        `\nStep ${step} of ${options.maxSteps}. Current screen:\n${screen.text}`,
        ...(memory.length === 0 ? [] : [`\nRemembered:\n${memory.map((m) => `- ${m}`).join("\n")}`])
      ].join("\n")
      // Whole steps (a user turn and the model's answer) drop out together, so the conversation still starts with the user.
      const messages = [...history.slice(-keep), userText(now)]
      const response = yield* llm.generate(new GenerateRequest({ system: codeActSystem, messages, maxTokens: 2048 }))
      const answer = response.text
      history = [...history, userText(now), new AssistantMessage({ content: [new TextBlock({ text: answer })] })]
      const code = codeToRun(answer)
      if (Option.isNone(code)) {
        pending = "Your answer had no ```js code block. Write code that calls the device functions, or complete(success, reason) to finish."
        continue
      }
      const result = yield* runStep(session, state, code.value)
      const done = yield* Ref.get(state.completion)
      if (Option.isSome(done)) {
        return { success: done.value.success, answer: done.value.reason, steps: step, memory: yield* Ref.get(state.memory) }
      }
      pending = `Result of your code:\n${result.report}`
    }
    return {
      success: false,
      answer: `stopped after ${options.maxSteps} steps without complete()`,
      steps: options.maxSteps,
      memory: yield* Ref.get(state.memory)
    }
  }).pipe(Effect.withSpan("droid.codeact"))
