/**
 * `layerFallback`: a QuestionUI that never asks and always takes
 * `fallbackAnswer` — for `--yes` and non-interactive runs (CI, cron).
 *
 * Fallbacks never commit anything (dispositions are skipped, confirms take
 * their default), so an unattended run is safe by construction.
 */
import { Effect, Layer } from "effect"
import { fallbackAnswer, questionTitle } from "../../domain/question.js"
import { QuestionUI } from "./question-ui.js"

export const layerFallback: Layer.Layer<QuestionUI> = Layer.succeed(QuestionUI, {
  ask: (question) =>
    Effect.logDebug("non-interactive: answering with the fallback").pipe(
      Effect.annotateLogs({ question: questionTitle(question) }),
      Effect.as(fallbackAnswer(question))
    )
})
