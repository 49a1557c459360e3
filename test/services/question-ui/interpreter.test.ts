import { describe, expect, it } from "@effect/vitest"
import { Effect, Ref } from "effect"
import type { Question } from "../../../src/domain/question.js"
import { fromRenderer, QuestionInputClosed } from "../../../src/services/question-ui/index.js"
import type { LeafQuestion, QuestionRenderer } from "../../../src/services/question-ui/index.js"
import { keepGoing, mug, roomUse, survey } from "./fixtures.js"

/** A renderer that answers by prompt and records the leaves it was shown, in order. */
const recordingRenderer = (replies: {
  readonly choose?: Record<string, string>
  readonly confirm?: Record<string, boolean>
  readonly freeText?: Record<string, string>
}) =>
  Effect.gen(function*() {
    const shown = yield* Ref.make<ReadonlyArray<string>>([])
    const record = (q: LeafQuestion, label: string) => Ref.update(shown, (s) => [...s, `${q._tag}:${label}`])
    const reply = <A>(table: Record<string, A> | undefined, key: string) => {
      const value = table?.[key]
      return value === undefined
        ? Effect.fail(new QuestionInputClosed({ reason: `no scripted reply for ${key}` }))
        : Effect.succeed(value)
    }
    const renderer: QuestionRenderer = {
      proposeDisposition: (q) => Effect.as(record(q, q.item), { _tag: "Trash" }),
      choose: (q) => Effect.zipRight(record(q, q.prompt), reply(replies.choose, q.prompt)),
      confirm: (q) => Effect.zipRight(record(q, q.prompt), reply(replies.confirm, q.prompt)),
      freeText: (q) => Effect.zipRight(record(q, q.prompt), reply(replies.freeText, q.prompt))
    }
    return { ui: fromRenderer(renderer), shown: Ref.get(shown) }
  })

describe("fromRenderer (the Question DSL interpreter)", () => {
  it.effect("asks every question of a group, in order, and answers them all", () =>
    Effect.gen(function*() {
      const { shown, ui } = yield* recordingRenderer({
        choose: { "What is this room for?": "sleep" },
        confirm: { "Keep going?": false },
        freeText: { "When should we continue?": "tomorrow" }
      })
      const answer = yield* ui.ask(survey)
      expect(answer).toEqual({
        _tag: "GroupAnswer",
        answers: {
          use: { _tag: "ChoiceAnswer", value: "sleep" },
          tidy: { _tag: "ConfirmAnswer", confirmed: false },
          desk: { _tag: "Skipped" },
          later: { _tag: "TextAnswer", text: "tomorrow" }
        }
      })
      expect(yield* shown).toEqual(["Choose:What is this room for?", "Confirm:Keep going?", "FreeText:When should we continue?"])
    }))

  it.effect("asks a ConditionalQ whose condition holds on earlier answers, and reveals a Choose's follow-up", () =>
    Effect.gen(function*() {
      const { shown, ui } = yield* recordingRenderer({
        choose: { "What is this room for?": "work" },
        confirm: { "Keep going?": true, "Clear the desk first?": true },
        freeText: { "What do you work on?": "a novel" }
      })
      const answer = yield* ui.ask(survey)
      expect(answer).toEqual({
        _tag: "GroupAnswer",
        answers: {
          use: { _tag: "ChoiceAnswer", value: "work", followUp: { _tag: "TextAnswer", text: "a novel" } },
          tidy: { _tag: "ConfirmAnswer", confirmed: true },
          desk: { _tag: "ConfirmAnswer", confirmed: true },
          later: { _tag: "Skipped" }
        }
      })
      expect(yield* shown).toEqual([
        "Choose:What is this room for?",
        "FreeText:What do you work on?",
        "Confirm:Keep going?",
        "Confirm:Clear the desk first?"
      ])
    }))

  it.effect("a Choose whose option reveals nothing has no followUp", () =>
    Effect.gen(function*() {
      const { ui } = yield* recordingRenderer({ choose: { "What is this room for?": "sleep" } })
      expect(yield* ui.ask(roomUse)).toEqual({ _tag: "ChoiceAnswer", value: "sleep" })
    }))

  it.effect("a top-level ConditionalQ is evaluated against no answers", () =>
    Effect.gen(function*() {
      const { shown, ui } = yield* recordingRenderer({ confirm: { "Keep going?": false } })
      const needsAnswer: Question = { _tag: "ConditionalQ", condition: { _tag: "Answered", id: "use" }, question: keepGoing }
      const needsNone: Question = {
        _tag: "ConditionalQ",
        condition: { _tag: "Not", condition: { _tag: "Answered", id: "use" } },
        question: keepGoing
      }
      expect(yield* ui.ask(needsAnswer)).toEqual({ _tag: "Skipped" })
      expect(yield* ui.ask(needsNone)).toEqual({ _tag: "ConfirmAnswer", confirmed: false })
      expect(yield* shown).toEqual(["Confirm:Keep going?"])
    }))

  it.effect("a nested group's conditions see the enclosing group's earlier answers", () =>
    Effect.gen(function*() {
      const { ui } = yield* recordingRenderer({ choose: { "What is this room for?": "sleep" }, confirm: { "Keep going?": true } })
      const nested: Question = {
        _tag: "QuestionGroup",
        title: "outer",
        questions: [
          { id: "use", question: { ...roomUse, reveals: {} } },
          {
            id: "inner",
            question: {
              _tag: "QuestionGroup",
              title: "inner",
              questions: [{
                id: "go",
                question: { _tag: "ConditionalQ", condition: { _tag: "ChoiceIs", id: "use", value: "sleep" }, question: keepGoing }
              }]
            }
          }
        ]
      }
      const answer = yield* ui.ask(nested)
      expect(answer).toEqual({
        _tag: "GroupAnswer",
        answers: {
          use: { _tag: "ChoiceAnswer", value: "sleep" },
          inner: { _tag: "GroupAnswer", answers: { go: { _tag: "ConfirmAnswer", confirmed: true } } }
        }
      })
    }))

  it.effect("a closed input answers that leaf with its fallback and goes on", () =>
    Effect.gen(function*() {
      const { ui } = yield* recordingRenderer({ choose: { "What is this room for?": "work" } })
      // No reply for the follow-up nor the confirms: each falls back on its own.
      const answer = yield* ui.ask(survey)
      expect(answer).toEqual({
        _tag: "GroupAnswer",
        answers: {
          use: { _tag: "ChoiceAnswer", value: "work", followUp: { _tag: "TextAnswer", text: "" } },
          tidy: { _tag: "ConfirmAnswer", confirmed: true },
          desk: { _tag: "ConfirmAnswer", confirmed: false },
          later: { _tag: "Skipped" }
        }
      })
    }))

  it.effect("a fallback choice does not ask the follow-up its option would reveal", () =>
    Effect.gen(function*() {
      const { shown, ui } = yield* recordingRenderer({ freeText: { "What do you work on?": "a novel" } })
      const workFirst = { ...roomUse, options: [...roomUse.options].reverse() }
      expect(yield* ui.ask(workFirst)).toEqual({ _tag: "ChoiceAnswer", value: "work" })
      expect(yield* shown).toEqual(["Choose:What is this room for?"])
    }))

  it.effect("questions with no options never reach the renderer", () =>
    Effect.gen(function*() {
      const { shown, ui } = yield* recordingRenderer({})
      expect(yield* ui.ask({ ...roomUse, options: [] })).toEqual({ _tag: "Skipped" })
      expect(yield* ui.ask({ ...mug, choices: [] })).toEqual({ _tag: "DispositionAnswer", disposition: { _tag: "SkipForNow" } })
      expect(yield* ui.ask(mug)).toEqual({ _tag: "DispositionAnswer", disposition: { _tag: "Trash" } })
      expect(yield* shown).toEqual(["ProposeDisposition:the red mug"])
    }))
})
