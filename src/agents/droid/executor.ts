/**
 * The Executor (seeds/002 "ExecutorAgent"): one subgoal in, one atomic
 * action out, carried out mechanically. The model's JSON is decoded with the
 * `AtomicAction` Schema; an answer without a valid action, or an action the
 * device refuses, is a failed outcome with feedback for the Manager — never
 * a crash.
 */
import { Effect, Either } from "effect"
import { decodeAtomicAction } from "../../domain/droid/actions.js"
import { jsonObject } from "../../domain/droid/code-blocks.js"
import type { LlmError } from "../../domain/llm.js"
import type { ImageBlock } from "../../domain/llm.js"
import { GenerateRequest, userText } from "../../domain/llm.js"
import { actionCode } from "../../domain/droid/trajectory.js"
import { Llm } from "../../services/llm/llm.js"
import type { DeviceTools, Observation } from "./device.js"
import { actionLabel } from "./device.js"
import { executorSystem } from "./prompts.js"

/** One carried-out (or failed) step, as the Manager's action and error histories show it. */
export interface ActionRecord {
  readonly action: string
  readonly description: string
  readonly ok: boolean
  readonly feedback: string
  /** The CodeAct code that does the same action (for saved runs); absent when no valid action was given. */
  readonly code?: string
}

export interface ExecutorInput {
  readonly goal: string
  readonly plan: string
  readonly subgoal: string
  readonly screen: Observation
  readonly recent: ReadonlyArray<ActionRecord>
  /** The screenshot, with --vision. */
  readonly images?: ReadonlyArray<ImageBlock>
}

const section = (text: string, name: string): string => {
  const m = new RegExp(`###\\s*${name}\\s*###\\s*([\\s\\S]*?)(?:###|$)`, "i").exec(text)
  return (m?.[1] ?? "").trim()
}

export const describeRecord = (r: ActionRecord): string =>
  `Action: ${r.action} | Description: ${r.description} | Outcome: ${r.ok ? "Successful" : "Failed"} | Feedback: ${r.feedback}`

export const runExecutor = (device: DeviceTools, input: ExecutorInput): Effect.Effect<ActionRecord, LlmError, Llm> =>
  Effect.gen(function*() {
    const llm = yield* Llm
    const prompt = [
      `User's goal: ${input.goal}`,
      `Overall plan:\n${input.plan}`,
      `Current subgoal: ${input.subgoal}`,
      `Current screen:\n${input.screen.text}`,
      `Recent actions:\n${input.recent.length === 0 ? "(none)" : input.recent.slice(-5).map((r) => `- ${describeRecord(r)}`).join("\n")}`
    ].join("\n\n")
    const response = yield* llm.generate(new GenerateRequest({ system: executorSystem, messages: [userText(prompt, input.images ?? [])], maxTokens: 1024 }))
    const description = section(response.text, "Description") || input.subgoal
    const raw = jsonObject(response.text)
    if (Either.isLeft(raw)) return { action: "(none)", description, ok: false, feedback: raw.left }
    const action = decodeAtomicAction(raw.right)
    if (Either.isLeft(action)) {
      return { action: JSON.stringify(raw.right), description, ok: false, feedback: `invalid action: ${action.left}` }
    }
    // The Manager's history and a saved run never hold text typed into a password field: the run says so instead.
    const secret = yield* device.typesSecret(action.right)
    const written = secret ? actionLabel(action.right, true) : JSON.stringify(raw.right)
    const code = secret ? `// ${written}: typed into a password field: not saved, so a replay does not type it` : actionCode(action.right)
    return yield* device.act(action.right).pipe(
      Effect.map((done): ActionRecord => ({ action: written, description, ok: true, feedback: done, code })),
      Effect.catchTag("ActionFailed", (e) => Effect.succeed<ActionRecord>({ action: written, description, ok: false, feedback: e.reason, code }))
    )
  }).pipe(Effect.withSpan("droid.executor"))
