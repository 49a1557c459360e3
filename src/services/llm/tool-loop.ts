/**
 * The model ↔ tools loop: ask the model; run the tools it calls; show it the
 * results; repeat until it answers without a tool call, a tool ends the turn,
 * or `maxIterations` is reached.
 *
 * An unknown tool, input that does not decode, a handler's typed failure
 * with `failureMode: "return"` and a handler's defect become error tool
 * results the model sees (seeds/000 "Tool Results Include Success/Failure").
 * A failure of a `failureMode: "error"` tool fails the loop: it is in the
 * loop's error channel, typed. A tool's requirements (e.g. `QuestionUI`) flow
 * into the loop's type, so a tool can ask the user mid-turn. The result is a
 * `TurnResult`: the caller picks its fallback. Each call of a tool that does
 * not ask the user is a `Steps` step (once per step under a durable host).
 */
import { Array as Arr, Cause, Effect, Option } from "effect"
import type { Message, ToolCall } from "../../domain/llm.js"
import { GenerateRequest, TextBlock, ToolResult, TurnResult, Usage, UserMessage } from "../../domain/llm.js"
import { Llm } from "./llm.js"
import type { Any, ErrorOf, RequirementsOf, Runnable } from "./tool.js"
import { erase } from "./tool.js"

export interface ToolLoopOptions<Tools extends ReadonlyArray<Any>> {
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

export const run = <const Tools extends ReadonlyArray<Any>>(
  options: ToolLoopOptions<Tools>
): Effect.Effect<ToolLoopResult, ErrorOf<Tools[number]>, Llm | RequirementsOf<Tools[number]>> =>
  Effect.gen(function*() {
    const llm = yield* Llm
    const maxIterations = options.maxIterations ?? 8
    const byName = new Map(erase(options.tools).map((t) => [t.name, t] as const))
    const specs = options.tools.map((t) => t.spec)
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
const runCalls = <E, R>(
  byName: ReadonlyMap<string, Runnable<E, R>>,
  calls: ReadonlyArray<ToolCall>
): Effect.Effect<ReadonlyArray<CallOutcome>, E, R> => {
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

const runCall = <E, R>(byName: ReadonlyMap<string, Runnable<E, R>>, call: ToolCall): Effect.Effect<CallOutcome, E, R> => {
  const tool = byName.get(call.name)
  const fail = (text: string): CallOutcome => ({
    result: new ToolResult({ toolCallId: call.id, content: [new TextBlock({ text })], isError: true }),
    brokeWith: Option.none()
  })
  if (tool === undefined) {
    return Effect.succeed(fail(`Unknown tool "${call.name}". Available tools: ${[...byName.keys()].join(", ")}.`))
  }
  // A call is one step of the turn (journaled by a durable host, so its side effect happens once), unless it asks the user.
  // Its typed failure is journaled with the tool's own failure Schema (`Runnable.once`).
  const called = tool.asksUser ? tool.call(call.input) : tool.once(`tool/${call.name}/${call.id}`, call.input)
  return called.pipe(
    Effect.map((called): CallOutcome => ({
      result: new ToolResult({ toolCallId: call.id, content: called.output, isError: called.isError }),
      brokeWith: called.brokeWith
    })),
    // A typed failure of a failureMode "error" tool fails the loop; a defect is the tool's bug, shown as an internal error.
    Effect.catchAllCause((cause) =>
      Option.match(Cause.failureOption(cause), {
        onSome: (error) => Effect.fail(error),
        onNone: () => Effect.as(Effect.logError(`tool ${call.name} crashed`, Cause.pretty(cause)), fail(`${call.name} failed with an internal error.`))
      })
    ),
    Effect.withSpan(`tool.${call.name}`)
  )
}
