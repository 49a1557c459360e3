/**
 * The yes/no question kind of the Question DSL: "Yes" is listed first yet an
 * unanswered question still takes "no"; a typed reply of y / yes / ok /
 * sure / 👍 … picks the yes option and n / no / nope / 👎 the no option, in
 * any case, with any punctuation or spacing around, as a whole answer only
 * ("not sure" is not a yes). Read the same by the terminal and the web page.
 */
import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc, Option } from "effect"
import { fallbackAnswer, readYesNo, saidYes, yesNoQuestion } from "../../src/domain/question.js"
import { parseOptionReply } from "../../src/services/question-ui/internal/terminal-replies.js"
import { rendererFromAnswers } from "../../src/services/question-ui/renderer.js"
import { readTyped } from "../../src/gui/card-closing.js"
import { Effect } from "effect"

const yesWords = ["y", "yes", "yes please", "ok", "okay", "sure", "yep", "yeah", "yup", "👍", "👍🏽"] as const
const noWords = ["n", "no", "nope", "nah", "no thanks", "👎"] as const

/** A word in random case (emoji have none). */
const randomCase = (word: string) =>
  fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }).map((ups) =>
    [...word].map((c, i) => (ups[i] === true ? c.toUpperCase() : c.toLowerCase())).join(""))
const space = fc.constantFrom("", " ", "  ", "\t", " \t ")
const punctuation = fc.constantFrom("", ".", "!", "!!", "?", ",", "...", "!?", " :)".slice(0, 0))
/** `word` as someone might type it: any case, spaces around, end punctuation, maybe a leading quote. */
const typed = (words: ReadonlyArray<string>) =>
  fc.tuple(fc.constantFrom(...words).chain(randomCase), space, space, punctuation, fc.constantFrom("", "\"", "'", "("))
    .map(([w, before, after, end, open]) => `${before}${open}${w}${end}${after}`)

const confirm = yesNoQuestion({
  id: "confirm",
  prompt: "Log this?",
  yes: "Yes, log it",
  no: "No, log nothing",
  more: [{ value: "line", label: "Edit a line" }]
})

describe("readYesNo", () => {
  it.prop("every yes word, in any case and punctuation, is a yes", [typed(yesWords)], ([reply]) => {
    expect(readYesNo(reply)).toEqual(Option.some(true))
  })

  it.prop("every no word, in any case and punctuation, is a no", [typed(noWords)], ([reply]) => {
    expect(readYesNo(reply)).toEqual(Option.some(false))
  })

  it("a whole answer only: words that merely contain a yes or a no are neither", () => {
    for (const reply of ["not sure", "no idea", "yes no", "sure not", "nosy", "yesterday", "okay maybe", "", "   ", "2", "🍕", "knot", "ny"]) {
      expect(readYesNo(reply), reply).toEqual(Option.none())
    }
  })
})

describe("a yes/no question", () => {
  it("lists its yes first, yet its unanswered fallback is no", () => {
    expect(confirm.options.map((o) => o.label)).toEqual(["Yes, log it", "No, log nothing", "Edit a line"])
    expect(fallbackAnswer(confirm)).toEqual({ _tag: "ChoiceAnswer", value: "no" })
    expect(saidYes(fallbackAnswer(confirm))).toBe(false)
    expect(saidYes({ _tag: "ChoiceAnswer", value: "yes" })).toBe(true)
  })

  it.prop("a typed yes or no picks its option at the terminal; numbers and labels still pick theirs", [typed(yesWords), typed(noWords)], ([yes, no]) => {
    expect(Option.map(parseOptionReply(yes, confirm.options), (i) => confirm.options[i]?.value)).toEqual(Option.some("yes"))
    expect(Option.map(parseOptionReply(no, confirm.options), (i) => confirm.options[i]?.value)).toEqual(Option.some("no"))
  })

  it("numbers and labels pick as before, and a Choose without yes/no options takes no yes word", () => {
    expect(parseOptionReply("1", confirm.options)).toEqual(Option.some(0))
    expect(parseOptionReply("3", confirm.options)).toEqual(Option.some(2))
    expect(parseOptionReply("edit a line", confirm.options)).toEqual(Option.some(2))
    expect(parseOptionReply("not sure", confirm.options)).toEqual(Option.none())
    expect(parseOptionReply("yes", [{ label: "Breakfast", value: "breakfast" }, { label: "Lunch", value: "lunch" }])).toEqual(Option.none())
  })

  it("the web page reads a yes typed at the card the same way", () => {
    expect(readTyped(confirm, "Yes please!")).toEqual({ _tag: "Answers", answer: { _tag: "ChoiceAnswer", value: "yes" } })
    expect(readTyped(confirm, "👎")).toEqual({ _tag: "Answers", answer: { _tag: "ChoiceAnswer", value: "no" } })
    expect(readTyped({ _tag: "Confirm", prompt: "Go on?", default: false }, "sure")).toEqual({ _tag: "Answers", answer: { _tag: "ConfirmAnswer", confirmed: true } })
  })

  it.effect("a UI that answers with something else gets the no, not the first option", () =>
    Effect.gen(function*() {
      const renderer = rendererFromAnswers(() => Effect.succeed({ _tag: "Skipped" }))
      expect(yield* renderer.choose(confirm)).toBe("no")
    }))
})
