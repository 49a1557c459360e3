/**
 * How a droid run can fail as a whole (a single action failing is not one:
 * it is shown to the model, which tries again).
 */
import { Data, Schema } from "effect"

/** droid has no rule path: without a model it refuses, except for `--script`. */
export class NeedsModel extends Data.TaggedError("NeedsModel")<{}> {
  override get message(): string {
    return "shoal droid needs a model to plan device actions: set ANTHROPIC_API_KEY or OPENAI_API_KEY (or pass --provider). Without one, only --script FILE runs (a recorded CodeAct script)."
  }
}

/** The final answer did not decode into the requested shape; `detail` names the field. */
export class StructuredOutputFailed extends Schema.TaggedError<StructuredOutputFailed>()("StructuredOutputFailed", {
  answer: Schema.String,
  detail: Schema.String
}) {
  override get message(): string {
    return `the final answer did not fit the output schema: ${this.detail}`
  }
}

/** One action the device could not carry out, in words the model can act on. */
export class ActionFailed extends Data.TaggedError("ActionFailed")<{ readonly action: string; readonly reason: string }> {
  override get message(): string {
    return `${this.action} failed: ${this.reason}`
  }
}
