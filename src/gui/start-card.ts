/**
 * The session-start card: a real QuestionGroup (what the space is for, what
 * stays), so a new session begins with one calm form instead of two chat
 * turns; each answer given is then said to the coach, in order.
 *
 * Where it sits: asked by session-host.ts when a fresh session starts.
 */
import type { Answer, Question } from "../domain/question.js"

export const startQuestions: Question = {
  _tag: "QuestionGroup",
  title: "Before we start",
  questions: [
    { id: "function", question: { _tag: "FreeText", prompt: "What is this space for?", placeholder: "e.g. working from home" } },
    { id: "anchors", question: { _tag: "FreeText", prompt: "What is definitely staying?", placeholder: "e.g. the desk" } }
  ]
}

const textOf = (answer: Answer | undefined): string => (answer?._tag === "TextAnswer" ? answer.text.trim() : "")

/** What the user wrote on the start card, in order, leaving out what they left empty. */
export const startAnswers = (answer: Answer): ReadonlyArray<string> => {
  const answers = answer._tag === "GroupAnswer" ? answer.answers : {}
  return [textOf(answers["function"]), textOf(answers["anchors"])].filter((t) => t.length > 0)
}
