/**
 * Reasoning mode (seeds/002 "Manager-Executor"): the Manager plans in tags,
 * the pure router (route.ts) hands the first step to the Executor, the
 * Scripter or the TextManipulator, and the outcome comes back to the
 * Manager with the new screen. Memory (`<add_memory>`) persists across
 * steps; after two consecutive failures the Manager also sees the error
 * history. `maxSteps` bounds the Manager's turns. The same action on an
 * unchanged screen is warned about after 3 steps and stops the run as
 * `Stuck` after 5 (domain/droid/loop-guard.ts). With `vision` the Manager and
 * the Executor see a screenshot; with a `Trajectory`, every step is saved
 * (an Executor action as its CodeAct call, a finish as `complete(…)`).
 */
import type { HttpClient } from "@effect/platform"
import { Effect, Either, Option } from "effect"
import type { AdbError, UiDumpError } from "../../domain/android/errors.js"
import { describeStep, parseManagerOutput } from "../../domain/droid/manager-output.js"
import type { PlanStep } from "../../domain/droid/manager-output.js"
import type { LlmError } from "../../domain/llm.js"
import { GenerateRequest, userText } from "../../domain/llm.js"
import type { Adb } from "../../services/adb/adb.js"
import { Llm } from "../../services/llm/llm.js"
import type { Sandbox } from "../../services/sandbox/sandbox.js"
import type { StepTrace } from "../../domain/droid/loop-guard.js"
import { LoopVerdict, loopVerdict, repeatWarning } from "../../domain/droid/loop-guard.js"
import { finishRun, recordStep } from "../../services/trajectory/trajectory.js"
import { makeCamera } from "./camera.js"
import type { Observation } from "./device.js"
import { makeDeviceTools } from "./device.js"
import type { ActionRecord } from "./executor.js"
import { describeRecord, runExecutor } from "./executor.js"
import { managerSystem } from "./prompts.js"
import type { DroidResult } from "./result.js"
import { DroidOutcome, stuckResult } from "./result.js"
import { errorThreshold, Route, route } from "./route.js"
import { runScripter, scriptResultTag } from "./scripter.js"
import { runTextManipulator } from "./text-manipulator.js"

export interface ReasoningOptions {
  readonly goal: string
  readonly maxSteps: number
  /** Hosts the Scripter's `fetch` may reach. */
  readonly allowHosts?: ReadonlyArray<string>
  /** Send a screenshot with each step, when the model takes images. */
  readonly vision?: boolean
}

interface Progress {
  readonly plan: ReadonlyArray<PlanStep>
  readonly memory: ReadonlyArray<string>
  readonly actions: ReadonlyArray<ActionRecord>
  readonly failures: ReadonlyArray<ActionRecord>
  /** What the last delegated step reported (a script result, a parse problem). */
  readonly note: Option.Option<string>
}

const planText = (plan: ReadonlyArray<PlanStep>): string =>
  plan.length === 0 ? "(no plan yet)" : plan.map((s, i) => `${i + 1}. ${describeStep(s)}`).join("\n")

/** The Manager's prompt: the goal, the device, memory, the plan so far, recent actions, and errors once they repeat. Pure. */
export const managerPrompt = (goal: string, screen: Observation, p: Progress): string =>
  [
    `User's goal: ${goal}`,
    `Device state:\n${screen.text}`,
    `Memory:\n${p.memory.length === 0 ? "(empty)" : p.memory.map((m) => `- ${m}`).join("\n")}`,
    `Previous plan:\n${planText(p.plan)}`,
    `Action history:\n${p.actions.length === 0 ? "(none)" : p.actions.slice(-5).map((a) => `- ${describeRecord(a)}`).join("\n")}`,
    ...(p.failures.length >= errorThreshold
      ? [`Error history (the last ${p.failures.length} attempts failed; change the approach):\n${p.failures.map((f, i) => `- Attempt ${i + 1}: ${describeRecord(f)}`).join("\n")}`]
      : []),
    ...Option.match(p.note, { onNone: () => [], onSome: (n) => [n] })
  ].join("\n\n")

export const runReasoning = (
  options: ReasoningOptions
): Effect.Effect<DroidResult, LlmError | AdbError | UiDumpError, Llm | Adb | Sandbox | HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const llm = yield* Llm
    const device = yield* makeDeviceTools
    const camera = yield* makeCamera(options.vision ?? false)
    const trace: Array<StepTrace> = []
    let p: Progress = { plan: [], memory: [], actions: [], failures: [], note: Option.none() }
    const record = (r: ActionRecord) => {
      p = { ...p, actions: [...p.actions, r], failures: r.ok ? [] : [...p.failures, r].slice(-5) }
    }
    const end = (result: DroidResult) =>
      Effect.as(finishRun({ goal: options.goal, success: result.success, answer: result.answer, steps: result.steps, outcome: result.outcome._tag }), result)

    for (let step = 1; step <= options.maxSteps; step++) {
      const screen = yield* device.observe
      const verdict = loopVerdict(trace, screen.hash)
      if (LoopVerdict.$is("Stuck")(verdict)) {
        return yield* end(stuckResult(step, verdict, p.memory))
      }
      const shot = yield* camera
      const images = Option.match(shot, { onNone: () => [], onSome: (s) => [s.image] })
      const warning = LoopVerdict.$is("Repeating")(verdict) ? `\n\n${repeatWarning(verdict.action, verdict.times)}` : ""
      const prompt = managerPrompt(options.goal, screen, p) + warning
      const response = yield* llm.generate(new GenerateRequest({ system: managerSystem, messages: [userText(prompt, images)], maxTokens: 2048 }))
      // What this step did, saved and traced once it is known.
      const done = (action: string, code: string, ok: boolean, report: string) => {
        trace.push({ action, screen: screen.hash })
        return recordStep(options.goal, {
          step, app: screen.app, screenHash: screen.hash, xml: screen.xml, png: Option.map(shot, (s) => s.png), action, code, ok, report
        })
      }
      const parsed = parseManagerOutput(response.text)
      if (Either.isLeft(parsed)) {
        p = { ...p, note: Option.some(`Your last answer could not be used: ${parsed.left}`) }
        yield* done("(unusable answer)", "", true, parsed.left)
        continue
      }
      const out = parsed.right
      p = { ...p, plan: out.plan.length > 0 ? out.plan : p.plan, memory: [...p.memory, ...out.memory], note: Option.none() }
      const next = route(out)
      const finished = yield* Route.$match(next, {
        Finish: ({ answer, success }) =>
          Effect.as(
            done("complete", `complete(${success}, ${JSON.stringify(answer)})`, true, answer),
            Option.some<DroidResult>({ success, answer, steps: step, memory: p.memory, outcome: DroidOutcome.Finished() })
          ),
        Execute: ({ subgoal }) =>
          Effect.flatMap(
            runExecutor(device, { goal: options.goal, plan: planText(p.plan), subgoal, screen, recent: p.actions, images }),
            (r) => (record(r), Effect.as(done(r.action, r.code ?? "", r.ok, describeRecord(r)), Option.none<DroidResult>()))
          ),
        Script: ({ task }) =>
          Effect.flatMap(runScripter({ task, allowHosts: options.allowHosts ?? [] }), (result) => {
            record({ action: "script", description: task, ok: result.status === "SUCCESS", feedback: result.message })
            p = { ...p, note: Option.some(scriptResultTag(result)) }
            return Effect.as(done(`script ${task}`, "", true, result.message), Option.none<DroidResult>())
          }),
        TextTask: ({ task }) =>
          Effect.gen(function*() {
            const textTask = (r: ActionRecord) => (record(r), done(`text_task ${task}`, `// TEXT_TASK (not replayed): ${task.replace(/\s+/g, " ")}`, r.ok, r.feedback))
            const read = yield* Effect.either(device.focusedText)
            if (Either.isLeft(read)) {
              yield* textTask({ action: "text_task", description: task, ok: false, feedback: read.left.reason })
              return Option.none<DroidResult>()
            }
            const original = read.right
            if (Option.isNone(original)) {
              yield* textTask({ action: "text_task", description: task, ok: false, feedback: "no text field has focus: click the field first" })
              return Option.none<DroidResult>()
            }
            const outcome = yield* runTextManipulator({ goal: options.goal, plan: planText(p.plan), task, original: original.value })
            if (outcome._tag === "GaveUp") {
              yield* textTask({ action: "text_task", description: task, ok: false, feedback: `gave up after ${outcome.attempts} attempts: ${outcome.error}` })
              return Option.none<DroidResult>()
            }
            const typed = yield* Effect.either(device.replaceFocusedText(outcome.text))
            yield* textTask(Either.match(typed, {
              onLeft: (e) => ({ action: "text_task", description: task, ok: false, feedback: e.reason }),
              onRight: (result) => ({ action: "text_task", description: task, ok: true, feedback: result })
            }))
            return Option.none<DroidResult>()
          })
      })
      if (Option.isSome(finished)) return yield* end(finished.value)
    }
    return yield* end({
      success: false,
      answer: `stopped after ${options.maxSteps} Manager steps without finishing`,
      steps: options.maxSteps,
      memory: p.memory,
      outcome: DroidOutcome.StepLimit({ maxSteps: options.maxSteps })
    })
  }).pipe(Effect.withSpan("droid.reasoning"))
