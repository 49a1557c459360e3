/**
 * The `QuestionUI` port: how agent code and tool handlers ask the user
 * something mid-turn (seeds/001 QuestionUI effect).
 *
 * Where it sits: an agent stage or a tool handler builds a `Question` and
 * `yield* QuestionUI`; the runner picks the layer — `layerTerminal`,
 * `layerFallback` (`--yes`), `ScriptedQuestions` (tests) — usually wrapped in
 * `withTimeout` so a user who walked away never stalls the loop.
 */
import { Context } from "effect"
import type { Effect } from "effect"
import type { Answer, Question } from "../../domain/question.js"

export interface QuestionUIShape {
  /** Ask one question (a whole group, follow-ups included) and wait for its answer. Never fails: no answer is a fallback answer. */
  readonly ask: (question: Question) => Effect.Effect<Answer>
}

export class QuestionUI extends Context.Tag("shoal/QuestionUI")<QuestionUI, QuestionUIShape>() {}
