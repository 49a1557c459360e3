/**
 * The model-driven Chat ↔ Tool loop of seeds/000, as the navigator's
 * fallback: when the screen is one the navigator does not know (a system
 * dialog, a crash, a redesigned page), the model gets the Android tools and
 * `get_user_input` and is asked to bring the app back to a screen the
 * navigator knows, then stop. Offline there is no model: the rule is one
 * BACK press.
 */
import { Effect, Schema } from "effect"
import { describeElements } from "../../domain/android/elements.js"
import { Keys } from "../../domain/android/key-codes.js"
import { userText } from "../../domain/llm.js"
import { Adb } from "../../services/adb/adb.js"
import { androidTools } from "../../services/adb/tools.js"
import { requireModel } from "../../services/llm/llm.js"
import * as Tool from "../../services/llm/tool.js"
import * as ToolLoop from "../../services/llm/tool-loop.js"
import { QuestionUI } from "../../services/question-ui/question-ui.js"

/** seeds/000 `get_user_input`: the model asks the user a question and gets the reply. */
export const getUserInput = Tool.make("get_user_input", {
  description: "Ask the user a question (a confirmation, a choice, a missing detail) and get their answer as text.",
  parameters: Schema.Struct({ prompt: Schema.String.pipe(Schema.minLength(1)) }),
  success: Schema.String,
  asksUser: true,
  handler: ({ prompt }) =>
    Effect.flatMap(QuestionUI, (ui) => ui.ask({ _tag: "FreeText", prompt })).pipe(
      Effect.map((a) => (a._tag === "TextAnswer" ? (a.text.trim().length === 0 ? "(no answer)" : a.text) : "(no answer)"))
    )
})

export const fitlogAndroidTools = [...androidTools, getUserInput] as const

/** The seeds/000 system prompt, cut to the fallback's job. */
export const fallbackSystemPrompt = [
  "You operate the MyFitnessPal Android app (com.myfitnesspal.android) over ADB for a user who is logging food.",
  "An automatic navigator drives the app; it stopped because the screen is one it does not know.",
  "Your job: get the app back to one of its normal screens (the Diary, food search, or the food detail) and then stop.",
  "Read the screen with get_ui_hierarchy before acting. Dismiss unexpected dialogs with their least consequential button",
  "(\"Later\", \"Cancel\", \"Close\", \"OK\"); if the app crashed or is not in front, relaunch it with launch_app.",
  "Never accept updates, purchases, sign-ins or permissions. Ask the user with get_user_input only if you cannot decide safely.",
  "When a normal app screen shows, answer with one short sentence saying what you did, without calling a tool."
].join("\n")

export interface FallbackResult {
  readonly modelCalls: number
  readonly summary: string
}

/** Offline, the rule: one BACK press. */
const pressBack = Effect.flatMap(Adb, (adb) => adb.keyevent(Keys.BACK).pipe(Effect.ignore)).pipe(
  Effect.as({ modelCalls: 0, summary: "offline: pressed BACK" } satisfies FallbackResult)
)

export const recoverUnknownScreen = (reason: string) =>
  recoverWithModel(reason).pipe(Effect.catchTag("Offline", () => pressBack), Effect.withSpan("fitlog.android.fallback"))

const recoverWithModel = Effect.fnUntraced(function*(reason: string) {
  // Decided before calling: offline, the screen is not even read.
  yield* requireModel
  const adb = yield* Adb
  const screen = yield* adb.waitForIdle().pipe(Effect.map((s) => describeElements(s.elements)), Effect.orElseSucceed(() => "(could not read the screen)"))
  const result = yield* ToolLoop.run({
    system: fallbackSystemPrompt,
    messages: [userText(`The navigator stopped: ${reason}.\nThe screen now:\n${screen}`)],
    tools: fitlogAndroidTools,
    maxIterations: 8
  })
  const summary = result.turn._tag === "Parsed" ? result.turn.value : `the model loop ended: ${result.turn._tag}`
  yield* Effect.logInfo(`fallback loop: ${summary}`)
  return { modelCalls: result.iterations, summary } satisfies FallbackResult
})
