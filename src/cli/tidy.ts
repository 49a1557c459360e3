/**
 * `shoal tidy`: the tidying coach (seeds/001). The agent itself lands with
 * its own issue; until then the command resolves its model settings (so the
 * offline notice and key errors are real) and says what is coming.
 */
import { Command } from "@effect/cli"
import { Console, Effect } from "effect"
import { llmLayerFor, llmOptions } from "./llm-options.js"

export const tidy = Command.make("tidy", { ...llmOptions }, (flags) =>
  Effect.gen(function*() {
    yield* llmLayerFor(flags)
    yield* Console.log(
      "shoal tidy — a calm, one-question-at-a-time coach for an overwhelming room.\n" +
        "The tidying agent is coming soon; this build has the runtime it will run on."
    )
  })).pipe(
    Command.withDescription(
      "A calm coach that gets you through a messy room one question at a time: what the space is for, what stays, then one item after another into belongs / out / unsure piles."
    )
  )
