/**
 * The TextManipulator (seeds/002 "Text Manipulation"): the model writes
 * code that computes the focused field's new text from `ORIGINAL` and hands
 * it to `input_text`; the code runs in a sandbox holding only those two
 * names. A failure (an error, no code, `input_text` never called) is shown
 * to the model for up to four corrections.
 */
import { Effect, Option, Ref } from "effect"
import { codeToRun } from "../../domain/droid/code-blocks.js"
import type { LlmError, Message } from "../../domain/llm.js"
import { AssistantMessage, GenerateRequest, TextBlock, userText } from "../../domain/llm.js"
import { Llm } from "../../services/llm/llm.js"
import { Sandbox } from "../../services/sandbox/sandbox.js"
import { textCorrection, textManipulatorSystem } from "./prompts.js"

export interface TextTaskInput {
  readonly goal: string
  readonly plan: string
  readonly task: string
  readonly original: string
}

export type TextTaskOutcome =
  | { readonly _tag: "Rewritten"; readonly text: string; readonly code: string; readonly attempts: number }
  | { readonly _tag: "GaveUp"; readonly error: string; readonly attempts: number }

export const maxCorrections = 4

export const runTextManipulator = (input: TextTaskInput): Effect.Effect<TextTaskOutcome, LlmError, Llm | Sandbox> =>
  Effect.gen(function*() {
    const llm = yield* Llm
    const sandbox = yield* Sandbox
    let messages: ReadonlyArray<Message> = [
      userText(`User's goal: ${input.goal}\nOverall plan:\n${input.plan}\nTask: ${input.task}\nORIGINAL = ${JSON.stringify(input.original)}`)
    ]
    let error = ""
    for (let attempt = 1; attempt <= 1 + maxCorrections; attempt++) {
      const response = yield* llm.generate(new GenerateRequest({ system: textManipulatorSystem, messages, maxTokens: 1024 }))
      const code = codeToRun(response.text)
      const typed = yield* Ref.make(Option.none<string>())
      if (Option.isNone(code)) {
        error = "the answer had no ```js code block"
      } else {
        const ran = yield* Effect.either(sandbox.run(code.value, {
          globals: { ORIGINAL: input.original },
          printing: false,
          functions: { input_text: (args) => Effect.as(Ref.set(typed, Option.some(String(args[0] ?? ""))), null) }
        }))
        const text = yield* Ref.get(typed)
        if (ran._tag === "Left") error = ran.left.message
        else if (Option.isNone(text)) error = "input_text(newText) was never called"
        else return { _tag: "Rewritten", text: text.value, code: code.value, attempts: attempt } as const
      }
      messages = [...messages, new AssistantMessage({ content: [new TextBlock({ text: response.text })] }), userText(textCorrection(error))]
    }
    return { _tag: "GaveUp", error, attempts: 1 + maxCorrections } as const
  }).pipe(Effect.withSpan("droid.textManipulator"))
