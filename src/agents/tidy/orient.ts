/**
 * ORIENT: what the user's message means, as an `Extract` (seeds/001
 * `extractFromInput`). The model extracts when there is one; offline, or when
 * the model fails or answers in the wrong shape, the keyword rules do — the
 * turn never stops for want of a model.
 */
import { Effect, Option } from "effect"
import type { Extract, PhotoAnalysis } from "../../domain/tidy/extract.js"
import { ExtractWire, extractOf, fromWire } from "../../domain/tidy/extract.js"
import { buildContext, renderContext } from "../../domain/tidy/context.js"
import type { SessionState } from "../../domain/tidy/state.js"
import { extract } from "../../services/llm/extract.js"
import type { Llm } from "../../services/llm/llm.js"
import { orientSystem } from "./prompts.js"
import { decidedByRule, extractByRules } from "./rules.js"

/**
 * Stop, end of input, how the user sounds and control phrases are decided by
 * rule before any model is asked (rules.ts `decidedByRule`): a model that
 * misreads "stop" or invents an item from "keep going" never gets the chance.
 */
export const extractFromInput = (
  state: SessionState,
  photo: Option.Option<PhotoAnalysis>,
  text: Option.Option<string>
): Effect.Effect<Extract, never, Llm> => {
  const said = Option.getOrElse(Option.map(text, (t) => t.trim()), () => "")
  // A photo alone is a start; an empty line is "go on".
  if (said.length === 0) return Effect.succeed(extractOf(Option.isSome(photo) ? "start" : "continue"))
  const byRule = decidedByRule(said, state)
  if (Option.isSome(byRule)) return Effect.succeed(byRule.value)
  const rules = extractByRules(said, state)
  // Offline the call fails with `Offline`: the rules' reading is the extract.
  return extract(ExtractWire, {
    system: orientSystem,
    prompt: `${renderContext(buildContext(state, photo, Option.none()))}\n\nThe message: "${said}"`,
    toolName: "record_extract",
    description: "Record the facts in the message.",
    maxTokens: 400
  }).pipe(
    Effect.map(fromWire),
    Effect.catchTag("Offline", () => Effect.succeed(rules)),
    Effect.catchAll((error) => Effect.as(Effect.logWarning(`extraction fell back to rules: ${error.message}`), rules)),
    Effect.withSpan("tidy.orient")
  )
}
