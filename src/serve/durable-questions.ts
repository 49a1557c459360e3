/**
 * The `QuestionUI` a turn workflow gives its agent: each leaf question is
 * posted once (an Activity that records it in `shoal_questions` and tells the
 * session's listeners) and then awaited as a `DurableDeferred` named by its
 * place in the turn (`question/1`…). Until the answer arrives the workflow is
 * suspended — no fiber waits, and a restart loses nothing; the answer
 * (`deliverAnswer`) completes the deferred and the engine resumes the turn,
 * which replays up to this point from its journal and goes on.
 *
 * Where it sits: serve's workflow body (served-agent.ts). The interpreter
 * (`fromRenderer`) still walks groups, conditions and follow-ups, so only
 * leaf questions are ever posted, as with the web page's bridge.
 */
import { Activity, DurableDeferred } from "@effect/workflow"
import type { Workflow } from "@effect/workflow"
import type { WorkflowEngine, WorkflowInstance } from "@effect/workflow/WorkflowEngine"
import { Effect, Ref } from "effect"
import type { Context } from "effect"
import { Answer } from "../domain/question.js"
import type { QuestionUIShape } from "../services/question-ui/question-ui.js"
import { fromRenderer } from "../services/question-ui/interpreter.js"
import type { LeafQuestion } from "../services/question-ui/renderer.js"
import { rendererFromAnswers } from "../services/question-ui/renderer.js"
import type { Hub } from "./hub.js"
import type { QuestionStore, StoredQuestion } from "./questions.js"

/** The deferred that takes the answer of a turn's `n`th question. */
export const answerDeferred = (name: string) => DurableDeferred.make(name, { success: Answer })

export interface AskingTurn {
  readonly agent: string
  readonly sessionId: string
  readonly turnId: string
  readonly executionId: string
}

export const durableQuestions = (
  turn: AskingTurn,
  asked: Ref.Ref<number>,
  questions: QuestionStore,
  hub: Hub,
  workflow: Context.Context<WorkflowEngine | WorkflowInstance>
): QuestionUIShape => {
  const post = (question: LeafQuestion): Effect.Effect<Answer> =>
    Effect.gen(function*() {
      const n = yield* Ref.updateAndGet(asked, (k) => k + 1)
      const deferred = `question/${n}`
      const questionId = `${turn.turnId}.${n}`
      yield* Activity.make({
        name: `post-question/${n}`,
        execute: questions.post({ agent: turn.agent, sessionId: turn.sessionId, questionId, executionId: turn.executionId, deferred, question }).pipe(
          Effect.zipRight(hub.publish({ agent: turn.agent, sessionId: turn.sessionId, event: { _tag: "QuestionPosted", turnId: turn.turnId, questionId, question } })),
          Effect.orDie
        )
      })
      return yield* DurableDeferred.await(answerDeferred(deferred))
    }).pipe(Effect.provide(workflow))

  return fromRenderer(rendererFromAnswers(post))
}

/** Hand a claimed answer to the turn waiting on it (idempotent: the deferred keeps the first one). */
export const deliverAnswer = (workflow: Workflow.Any, question: StoredQuestion, answer: Answer) =>
  DurableDeferred.succeed(answerDeferred(question.deferred), {
    token: DurableDeferred.tokenFromExecutionId(answerDeferred(question.deferred), { workflow, executionId: question.executionId }),
    value: answer
  })
