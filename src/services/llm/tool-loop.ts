/**
 * The model ↔ tools loop: ask the model; run the tools it calls; show it the
 * results; repeat until it answers without a tool call, a tool ends the turn,
 * or `maxIterations` is reached.
 *
 * Tool failures — an unknown tool, input that does not decode, a handler that
 * fails — become error tool results the model sees (seeds/000 "Tool Results
 * Include Success/Failure"); they never crash the loop. A tool's requirements
 * (e.g. `QuestionUI`) flow into the loop's type, so a tool can ask the user
 * mid-turn. The result is a `TurnResult`: the caller picks its fallback.
 */
import { Array as Arr, Cause, Effect, Option } from "effect"
import type { Message, ToolCall } from "../../domain/llm.js"
import { GenerateRequest, TextBlock, ToolResult, TurnResult, Usage, UserMessage } from "../../domain/llm.js"
import { Llm } from "./llm.js"
import type { Tool, ToolRequirements } from "./tool.js"
import { decodeInput, spec } from "./tool.js"

export interface ToolLoopOptions<Tools extends ReadonlyArray<Tool>> {
  readonly system?: string
  readonly messages: ReadonlyArray<Message>
  readonly tools: Tools
  /** Model calls at most (default 8). */
  readonly maxIterations?: number
  readonly maxTokens?: number
}

export interface ToolLoopResult {
  /** `Parsed` with the model's final text, `ToolBroke` when a tool (or the iteration bound) ended it, or `Unavailable`. */
  readonly turn: TurnResult<string>
  /** The conversation so far, with this turn's assistant messages and tool results appended. */
  readonly messages: ReadonlyArray<Message>
  readonly usage: Usage
  /** Model calls made. */
  readonly iterations: number
}

interface CallOutcome {
  readonly result: ToolResult
  readonly brokeWith: Option.Option<string>
}

export const run = <const Tools extends ReadonlyArray<Tool>>(
  options: ToolLoopOptions<Tools>
): Effect.Effect<ToolLoopResult, never, Llm | ToolRequirements<Tools[number]>> =>
  Effect.gen(function*() {
    const llm = yield* Llm
    const maxIterations = options.maxIterations ?? 8
    const byName = new Map(options.tools.map((t) => [t.name, t] as const))
    const specs = options.tools.map(spec)
    let messages: Array<Message> = [...options.messages]
    let usage = Usage.zero

    for (let iteration = 1; iteration <= maxIterations; iteration++) {
      const response = yield* llm.generate(
        new GenerateRequest({
          ...(options.system === undefined ? {} : { system: options.system }),
          messages,
          tools: specs,
          ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens })
        })
      ).pipe(Effect.either)
      if (response._tag === "Left") {
        return { turn: TurnResult.unavailable(response.left, usage), messages, usage, iterations: iteration }
      }
      usage = usage.add(response.right.usage)
      messages = [...messages, response.right.message]
      const calls = response.right.toolCalls
      if (calls.length === 0) {
        return { turn: TurnResult.parsed(response.right.text, usage), messages, usage, iterations: iteration }
      }
      const outcomes = yield* runCalls(byName, calls)
      messages = [...messages, new UserMessage({ content: outcomes.map((o) => o.result) })]
      const broke = Arr.findFirst(outcomes, (o, i) =>
        Option.isSome(o.brokeWith) ? Option.some([calls[i]?.name ?? "", o.brokeWith.value] as const) : Option.none())
      if (Option.isSome(broke)) {
        const [tool, detail] = broke.value
        return { turn: TurnResult.toolBroke(tool, detail, usage), messages, usage, iterations: iteration }
      }
      if (iteration === maxIterations) {
        return {
          turn: TurnResult.toolBroke("tool_loop", `stopped after ${maxIterations} model calls`, usage),
          messages,
          usage,
          iterations: iteration
        }
      }
    }
    // maxIterations < 1: nothing was asked.
    return { turn: TurnResult.toolBroke("tool_loop", "maxIterations is 0", usage), messages, usage, iterations: 0 }
  }).pipe(Effect.withSpan("llm.toolLoop"))

/**
 * Run one turn's calls: consecutive concurrency-safe calls together, the
 * others one at a time, results kept in the model's order.
 */
const runCalls = <R>(
  byName: ReadonlyMap<string, Tool<any, any, R>>,
  calls: ReadonlyArray<ToolCall>
): Effect.Effect<ReadonlyArray<CallOutcome>, never, R> => {
  const isSafe = (call: ToolCall) => byName.get(call.name)?.concurrencySafe === true
  const batches = Arr.chop(calls, (rest) => {
    if (!isSafe(rest[0])) return [rest.slice(0, 1), rest.slice(1)]
    const n = rest.findIndex((c) => !isSafe(c))
    const end = n === -1 ? rest.length : n
    return [rest.slice(0, end), rest.slice(end)]
  })
  return Effect.map(
    Effect.forEach(batches, (batch) =>
      Effect.forEach(batch, (call) => runCall(byName, call), { concurrency: batch.length }), { concurrency: 1 }),
    (nested) => nested.flat()
  )
}

const runCall = <R>(byName: ReadonlyMap<string, Tool<any, any, R>>, call: ToolCall): Effect.Effect<CallOutcome, never, R> => {
  const tool = byName.get(call.name)
  const fail = (text: string): CallOutcome => ({
    result: new ToolResult({ toolCallId: call.id, content: [new TextBlock({ text })], isError: true }),
    brokeWith: Option.none()
  })
  if (tool === undefined) {
    return Effect.succeed(fail(`Unknown tool "${call.name}". Available tools: ${[...byName.keys()].join(", ")}.`))
  }
  return Effect.gen(function*() {
    const input = yield* decodeInput(tool.input, call.input).pipe(Effect.either)
    if (input._tag === "Left") return fail(`Invalid input for ${call.name}:\n${input.left}`)
    const output = yield* tool.handler(input.right).pipe(Effect.sandbox, Effect.either)
    if (output._tag === "Left") {
      const cause = output.left
      if (Cause.isFailure(cause)) {
        yield* Effect.logWarning(`tool ${call.name} failed`, Cause.pretty(cause))
        return fail(`${call.name} failed: ${describeError(Cause.squash(cause))}`)
      }
      yield* Effect.logError(`tool ${call.name} crashed`, Cause.pretty(cause))
      return fail(`${call.name} failed with an internal error.`)
    }
    return {
      result: new ToolResult({ toolCallId: call.id, content: output.right, isError: false }),
      brokeWith: Option.fromNullable(tool.breaksTurn?.(input.right))
    }
  }).pipe(Effect.withSpan(`tool.${call.name}`))
}

const describeError = (error: unknown): string => {
  if (typeof error === "object" && error !== null) {
    const message = "message" in error && typeof error.message === "string" && error.message.length > 0
      ? error.message
      : undefined
    const tag = "_tag" in error && typeof error._tag === "string" ? error._tag : undefined
    if (message !== undefined && tag !== undefined) return `${tag}: ${message}`
    if (message !== undefined) return message
    if (tag !== undefined) return tag
  }
  return String(error)
}
