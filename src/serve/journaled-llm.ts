/**
 * The `Llm` a turn workflow gives its agent: every model call is an
 * `Activity` named by its place in the turn (`llm/1`, `llm/2`…), so its
 * result is journaled in the cluster's message storage. When the workflow is
 * replayed (after a restart, or resumed by an answer) the agent's code runs
 * again and each call gets the journaled response back instead of paying the
 * provider again. The agent's turn must therefore ask the same calls in the
 * same order on a replay, which it does: its only inputs are the loaded state
 * (itself journaled), the input line and these responses.
 *
 * Where it sits: serve's workflow body (served-agent.ts) wraps the runner's
 * real `Llm` with it; streaming is the journaled response replayed as one delta.
 * A call that dies is tried three times in all (`boundedDefects`), then fails the turn.
 */
import { Activity } from "@effect/workflow"
import type { WorkflowEngine, WorkflowInstance } from "@effect/workflow/WorkflowEngine"
import { Effect, Ref, Schema, Stream } from "effect"
import type { Clock, Context } from "effect"
import type { GenerateRequest } from "../domain/llm.js"
import { LlmRejected, LlmTimeout, LlmUnavailable, ModelResponse, Offline, ProviderProtocolError, ReplayMiss, StreamEvent } from "../domain/llm.js"
import type { LlmShape } from "../services/llm/llm.js"
import { boundedDefects } from "./journaled-steps.js"

const LlmErrorSchema = Schema.Union(LlmUnavailable, LlmTimeout, ProviderProtocolError, LlmRejected, Offline, ReplayMiss)

export const journaledLlm = (
  base: LlmShape,
  calls: Ref.Ref<number>,
  workflow: Context.Context<WorkflowEngine | WorkflowInstance>,
  /** The runner's real clock: the call and its journal run on it, whatever clock the turn reads (turn-clock.ts). */
  real: Clock.Clock
): LlmShape => {
  const generate = (request: GenerateRequest) =>
    Effect.flatMap(Ref.updateAndGet(calls, (n) => n + 1), (n) =>
      Activity.make({ name: `llm/${n}`, success: ModelResponse, error: LlmErrorSchema, execute: boundedDefects(`llm/${n}`, base.generate(request)) }).pipe(
        Effect.provide(workflow),
        Effect.withClock(real)
      ))
  return {
    provider: base.provider,
    model: base.model,
    // What the model can do (answers, images) is the runner's model's: the agent decides by it as in the terminal.
    ...(base.capabilities === undefined ? {} : { capabilities: base.capabilities }),
    generate,
    stream: (request) =>
      Stream.fromEffect(generate(request)).pipe(
        Stream.flatMap((response) =>
          Stream.make(
            ...(response.text.length > 0 ? [StreamEvent.TextDelta({ text: response.text })] : []),
            StreamEvent.Completed({ response })
          )
        )
      )
  }
}
