/**
 * CodeAct mode (seeds/002 "Direct Execution Pipeline"): observe the screen,
 * ask the model for code, run it in the sandbox against the device, feed the
 * results and the new screen back, until the code calls `complete()`, the
 * step budget runs out, or the model is stuck repeating itself on an
 * unchanged screen (domain/droid/loop-guard.ts: warned after 3, stopped
 * after 5). With `vision`, each step's prompt also carries a screenshot;
 * with a `Trajectory` provided, each step is saved (`--save-run`).
 *
 * Where it sits: the default mode of `runDroid` (run.ts). Depends only on
 * the Llm, Adb and Sandbox tags.
 */
import { Effect, Option, Ref } from "effect"
import type { Scope } from "effect"
import { codeToRun } from "../../domain/droid/code-blocks.js"
import type { AdbError, UiDumpError } from "../../domain/android/errors.js"
import type { StepTrace } from "../../domain/droid/loop-guard.js"
import { LoopVerdict, loopVerdict, repeatWarning } from "../../domain/droid/loop-guard.js"
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
import { finishRun, recordStep } from "../../services/trajectory/trajectory.js"
import { makeCamera } from "./camera.js"
import type { DroidResult } from "./result.js"
import { DroidOutcome, stuckResult } from "./result.js"

export interface CodeActOptions {
  readonly goal: string
  readonly maxSteps: number
  /** Steps of conversation kept in the prompt (default 8): older ones drop out. */
  readonly historySteps?: number
  /** Send a screenshot with each step, when the model takes images. */
  readonly vision?: boolean
}

/** Run one piece of code and say what happened, in the words the next prompt uses. */
export const runStep = (session: SandboxSession, state: CodeActState, code: string) =>
  Effect.gen(function*() {
    yield* Ref.set(state.log, [])
    yield* Ref.set(state.calls, [])
    const outcome = yield* Effect.either(session.run(code))
    const log = yield* Ref.get(state.log)
    const calls = yield* Ref.get(state.calls)
    const printed = outcome._tag === "Right" ? outcome.right.output : outcome.left.output
    const lines = [
      ...(log.length === 0 ? ["(no device function was called)"] : log.map((l) => `- ${l}`)),
      ...(printed.length === 0 ? [] : ["Printed:", ...printed]),
      ...(outcome._tag === "Left" ? [`Code stopped: ${outcome.left.message}`] : [])
    ]
    // What the step did, canonically: its device calls, or its code (whitespace folded) when it made none.
    const action = calls.length > 0 ? calls.join("; ") : `code ${code.replace(/\s+/g, " ").trim()}`
    return { ok: outcome._tag === "Right", report: lines.join("\n"), action }
  })

export const runCodeAct = (
  options: CodeActOptions
): Effect.Effect<DroidResult, LlmError | AdbError | UiDumpError, Llm | Adb | Sandbox | Scope.Scope> =>
  Effect.gen(function*() {
    const llm = yield* Llm
    const sandbox = yield* Sandbox
    const device = yield* makeDeviceTools
    const camera = yield* makeCamera(options.vision ?? false)
    const state = yield* makeCodeActState
    const session = yield* sandbox.session({ functions: codeActFunctions(device, state), ...stepLimits })
    const keep = (options.historySteps ?? 8) * 2
    const trace: Array<StepTrace> = []
    let history: ReadonlyArray<Message> = []
    let pending = ""
    const end = (result: DroidResult) =>
      Effect.as(finishRun({ goal: options.goal, success: result.success, answer: result.answer, steps: result.steps, outcome: result.outcome._tag }), result)

    for (let step = 1; step <= options.maxSteps; step++) {
      const screen = yield* device.observe
      const verdict = loopVerdict(trace, screen.hash)
      if (LoopVerdict.$is("Stuck")(verdict)) {
        return yield* end(stuckResult(step, verdict, yield* Ref.get(state.memory)))
      }
      const shot = yield* camera
      const memory = yield* Ref.get(state.memory)
      const now = [
        `Goal: ${options.goal}`,
        ...(step === 1 ? [] : [pending]),
        ...(LoopVerdict.$is("Repeating")(verdict) ? [repeatWarning(verdict.action, verdict.times)] : []),
        `\nStep ${step} of ${options.maxSteps}. Current screen${Option.isSome(shot) ? " (the screenshot shows it too)" : ""}:\n${screen.text}`,
        ...(memory.length === 0 ? [] : [`\nRemembered:\n${memory.map((m) => `- ${m}`).join("\n")}`])
      ].join("\n")
      // Whole steps (a user turn and the model's answer) drop out together, so the conversation still starts with the user.
      // Only this step's screenshot is sent; history keeps the text.
      const images = Option.match(shot, { onNone: () => [], onSome: (s) => [s.image] })
      const messages = [...history.slice(-keep), userText(now, images)]
      const response = yield* llm.generate(new GenerateRequest({ system: codeActSystem, messages, maxTokens: 2048 }))
      const answer = response.text
      history = [...history, userText(now), new AssistantMessage({ content: [new TextBlock({ text: answer })] })]
      const code = codeToRun(answer)
      const saved = { step, app: screen.app, screenHash: screen.hash, xml: screen.xml, png: Option.map(shot, (s) => s.png) }
      if (Option.isNone(code)) {
        pending = "Your answer had no ```js code block. Write code that calls the device functions, or complete(success, reason) to finish."
        trace.push({ action: "(no code)", screen: screen.hash })
        yield* recordStep(options.goal, { ...saved, action: "(no code)", code: "", ok: true, report: pending })
        continue
      }
      const result = yield* runStep(session, state, code.value)
      trace.push({ action: result.action, screen: screen.hash })
      yield* recordStep(options.goal, { ...saved, action: result.action, code: code.value.trim(), ok: result.ok, report: result.report })
      const done = yield* Ref.get(state.completion)
      if (Option.isSome(done)) {
        return yield* end({ success: done.value.success, answer: done.value.reason, steps: step, memory: yield* Ref.get(state.memory), outcome: DroidOutcome.Finished() })
      }
      pending = `Result of your code:\n${result.report}`
    }
    return yield* end({
      success: false,
      answer: `stopped after ${options.maxSteps} steps without complete()`,
      steps: options.maxSteps,
      memory: yield* Ref.get(state.memory),
      outcome: DroidOutcome.StepLimit({ maxSteps: options.maxSteps })
    })
  }).pipe(Effect.withSpan("droid.codeact"))
