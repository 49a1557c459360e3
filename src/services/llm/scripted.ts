/**
 * `ScriptedLlm`: the deterministic `Llm` for tests and property tests.
 *
 * A queue of canned turns, answered in order; every request is recorded so a
 * test can assert what the model was shown. A call past the end of the script
 * is a defect whose message shows the request — the test fails, naming the
 * call nobody expected. Modelled on `withLanguageModel` in Effect's own AI
 * package tests.
 */
import { Context, Effect, Layer, Ref, Stream } from "effect"
import type { LlmError } from "../../domain/llm.js"
import { GenerateRequest, ModelResponse, StreamEvent, TextBlock, ToolCall, Usage } from "../../domain/llm.js"
import type { LlmShape } from "./llm.js"
import { Llm } from "./llm.js"
import { meter } from "./resilient.js"

/** One scripted answer: a response, a failure, or a function of the request. */
export type ScriptedTurn =
  | ModelResponse
  | { readonly _tag: "Fail"; readonly error: LlmError }
  | ((request: GenerateRequest) => ModelResponse)

export interface ScriptedLlmShape {
  /** Every request made so far, in order. */
  readonly requests: Effect.Effect<ReadonlyArray<GenerateRequest>>
  /** Scripted turns not used yet. */
  readonly remaining: Effect.Effect<number>
}

export class ScriptedLlm extends Context.Tag("shoal/ScriptedLlm")<ScriptedLlm, ScriptedLlmShape>() {
  /** Provides both `Llm` (answering from the script) and `ScriptedLlm` (to inspect it). */
  static layer(
    turns: ReadonlyArray<ScriptedTurn>,
    options: {
      readonly model?: string
      /** Whether the scripted model reports that it takes images (`capabilities.images`). Default false. */
      readonly images?: boolean
    } = {}
  ): Layer.Layer<Llm | ScriptedLlm> {
    return Layer.effectContext(
      Effect.gen(function*() {
        const state = yield* Ref.make({ queue: turns, requests: [] as ReadonlyArray<GenerateRequest> })
        const model = options.model ?? "scripted"
        const next = (request: GenerateRequest) =>
          Ref.modify(state, (s) => [s.queue[0], { queue: s.queue.slice(1), requests: [...s.requests, request] }]).pipe(
            Effect.flatMap((turn): Effect.Effect<ModelResponse, LlmError> => {
              if (turn === undefined) {
                return Effect.dieMessage(`ScriptedLlm: unexpected model call (script exhausted)\n${describeRequest(request)}`)
              }
              if (turn instanceof ModelResponse) return Effect.succeed(turn)
              if (typeof turn === "function") return Effect.sync(() => turn(request))
              return Effect.fail(turn.error)
            }),
            Effect.tap(meter)
          )
        const llm: LlmShape = {
          provider: "scripted",
          model,
          capabilities: { answers: true, images: options.images ?? false },
          generate: next,
          stream: (request) =>
            Stream.fromEffect(next(request)).pipe(
              Stream.flatMap((response) =>
                Stream.make(
                  ...(response.text.length > 0 ? [StreamEvent.TextDelta({ text: response.text })] : []),
                  StreamEvent.Completed({ response })
                )
              )
            )
        }
        const control: ScriptedLlmShape = {
          requests: Effect.map(Ref.get(state), (s) => s.requests),
          remaining: Effect.map(Ref.get(state), (s) => s.queue.length)
        }
        return Context.make(Llm, llm).pipe(Context.add(ScriptedLlm, control))
      })
    )
  }

  /** A plain text answer. */
  static text(text: string, usage: Usage = ScriptedLlm.defaultUsage): ModelResponse {
    return new ModelResponse({ model: "scripted", content: [new TextBlock({ text })], stopReason: "end_turn", usage })
  }

  /** An answer that calls one or more tools (ids are `call_1`, `call_2`… unless given). */
  static toolCalls(
    calls: ReadonlyArray<{ readonly name: string; readonly input: unknown; readonly id?: string }>,
    options: { readonly text?: string; readonly usage?: Usage } = {}
  ): ModelResponse {
    return new ModelResponse({
      model: "scripted",
      content: [
        ...(options.text === undefined ? [] : [new TextBlock({ text: options.text })]),
        ...calls.map((c, i) => new ToolCall({ id: c.id ?? `call_${i + 1}`, name: c.name, input: c.input }))
      ],
      stopReason: "tool_use",
      usage: options.usage ?? ScriptedLlm.defaultUsage
    })
  }

  static toolCall(name: string, input: unknown, id?: string): ModelResponse {
    return ScriptedLlm.toolCalls([{ name, input, ...(id === undefined ? {} : { id }) }])
  }

  static fail(error: LlmError): ScriptedTurn {
    return { _tag: "Fail", error }
  }

  /** Small, fixed usage so token accounting is visible in tests. */
  static readonly defaultUsage = new Usage({ inputTokens: 10, outputTokens: 5 })
}

const describeRequest = (request: GenerateRequest): string => {
  const last = request.messages.at(-1)
  const lastText = last === undefined
    ? "(no messages)"
    : last.content.map((b) => (b._tag === "Text" ? b.text : `[${b._tag}]`)).join(" ")
  return [
    `system: ${request.system ?? "(none)"}`,
    `tools: ${request.tools.map((t) => t.name).join(", ") || "(none)"}`,
    `messages: ${request.messages.length}; last: ${lastText.slice(0, 500)}`
  ].join("\n")
}
