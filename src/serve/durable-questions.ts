/**
 * The `QuestionUI` a turn workflow gives its agent: each leaf question is
 * posted once (an Activity that records it in `shoal_questions` and tells the
 * session's listeners) and then awaited as a `DurableDeferred` named by its
 * place in the turn (`question/1`…), raced against a `DurableClock` of the
 * card timeout (5 minutes unless `shoal serve --question-timeout` says
 * otherwise). Until one of them completes the workflow is suspended — no
 * fiber waits, and a restart loses nothing: the clock is a persisted message
 * due at a fixed time, so a restarted runner waits out what is left of it,
 * not a fresh timeout. The answer (`deliverAnswer`) or the clock completes
 * its deferred and the engine resumes the turn, which replays up to this
 * point from its journal and goes on.
 *
 * A question nobody answers in time takes its fallback answer, as on the
 * terminal and the web page (the interpreter's `QuestionInputClosed` path);
 * its row is closed with that answer, so a late answer is a 409.
 *
 * Where it sits: serve's workflow body (served-agent.ts). The interpreter
 * (`fromRenderer`) still walks groups, conditions and follow-ups, so only
 * leaf questions are ever posted, as with the web page's bridge.
 */
import { Activity, DurableClock, DurableDeferred } from "@effect/workflow"
import type { Workflow } from "@effect/workflow"
import type { WorkflowEngine, WorkflowInstance } from "@effect/workflow/WorkflowEngine"
import { Duration, Effect, Option, Ref, Schema } from "effect"
import type { Context } from "effect"
import { Answer, fallbackAnswer } from "../domain/question.js"
import type { QuestionUIShape } from "../services/question-ui/question-ui.js"
import { fromRenderer } from "../services/question-ui/interpreter.js"
import { QuestionInputClosed } from "../services/question-ui/renderer.js"
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
  /** How long a posted question waits for its answer before it takes its fallback. */
  readonly timeout: Duration.Duration
}

export const durableQuestions = (
  turn: AskingTurn,
  asked: Ref.Ref<number>,
  questions: QuestionStore,
  hub: Hub,
  workflow: Context.Context<WorkflowEngine | WorkflowInstance>
): QuestionUIShape => {
  const post = (question: LeafQuestion): Effect.Effect<Answer, QuestionInputClosed> =>
    Effect.gen(function*() {
      const n = yield* Ref.updateAndGet(asked, (k) => k + 1)
      const deferred = `question/${n}`
      const questionId = `${turn.turnId}.${n}`
      const published = (event: Parameters<Hub["publishOnce"]>[0]["event"], key: string) =>
        hub.publishOnce({ agent: turn.agent, sessionId: turn.sessionId, turnId: turn.turnId, key, event })
      yield* Activity.make({
        name: `post-question/${n}`,
        execute: questions.post({ agent: turn.agent, sessionId: turn.sessionId, questionId, executionId: turn.executionId, deferred, question }).pipe(
          Effect.zipRight(published({ _tag: "QuestionPosted", turnId: turn.turnId, questionId, question }, `question/${n}`)),
          Effect.orDie
        )
      })
      // Whichever comes first, journaled: the answer, or the clock (always a persisted clock, never an in-memory sleep).
      const answer: Effect.Effect<Option.Option<Answer>, never, WorkflowEngine | WorkflowInstance> = Effect.map(
        DurableDeferred.await(answerDeferred(deferred)),
        Option.some
      )
      const clock: Effect.Effect<Option.Option<Answer>, never, WorkflowEngine | WorkflowInstance> = Effect.as(
        DurableClock.sleep({ name: deferred, duration: turn.timeout, inMemoryThreshold: Duration.zero }),
        Option.none()
      )
      const answered = yield* DurableDeferred.raceAll({ name: deferred, success: Schema.Option(Answer), error: Schema.Never, effects: [answer, clock] })
      if (Option.isSome(answered)) return answered.value
      const within = Duration.format(turn.timeout)
      yield* Activity.make({
        name: `question-timeout/${n}`,
        execute: questions.claim(turn.agent, turn.sessionId, questionId, fallbackAnswer(question)).pipe(
          Effect.zipRight(questions.markDelivered(turn.agent, turn.sessionId, questionId)),
          Effect.zipRight(published({ _tag: "QuestionTimedOut", turnId: turn.turnId, questionId, after: within }, `question-timeout/${n}`)),
          Effect.orDie
        )
      })
      return yield* new QuestionInputClosed({ reason: `no answer within ${within}` })
    }).pipe(Effect.provide(workflow))

  return fromRenderer(rendererFromAnswers(post))
}

/** Hand a claimed answer to the turn waiting on it (idempotent: the deferred keeps the first one). */
export const deliverAnswer = (workflow: Workflow.Any, question: StoredQuestion, answer: Answer) =>
  DurableDeferred.succeed(answerDeferred(question.deferred), {
    token: DurableDeferred.tokenFromExecutionId(answerDeferred(question.deferred), { workflow, executionId: question.executionId }),
    value: answer
  })
