/**
 * Subcommands whose agents have not landed yet: registered, with their help
 * text, so `shoal --help` describes the whole tool; running one says so
 * clearly and exits non-zero, with nothing touched.
 */
import { Command } from "@effect/cli"
import { Data, Effect } from "effect"
import { llmOptions } from "./llm-options.js"

export class NotYetAvailable extends Data.TaggedError("NotYetAvailable")<{ readonly command: string }> {
  override get message(): string {
    return `shoal ${this.command} is not available in this build yet.`
  }
}

const pending = (name: string, description: string) =>
  Command.make(name, { ...llmOptions }, () => Effect.fail(new NotYetAvailable({ command: name }))).pipe(
    Command.withDescription(description)
  )

export const fitlog = pending(
  "fitlog",
  "Log food: \"113g fried minced beef, 135g white rice cooked, 50g greek yogurt for lunch\" becomes a validated, confirmed diary entry — in the local diary by default, or in the MyFitnessPal Android app (--to android)."
)
