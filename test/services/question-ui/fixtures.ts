/** Questions shared by the QuestionUI tests. */
import type { Question } from "../../../src/domain/question.js"
import type { ChooseQuestion, ConfirmQuestion, ProposeDispositionQuestion } from "../../../src/services/question-ui/index.js"

export const mug: ProposeDispositionQuestion = {
  _tag: "ProposeDisposition",
  item: "the red mug",
  choices: [
    { label: "Keep", disposition: { _tag: "Keep" } },
    { label: "Trash", disposition: { _tag: "Trash" } },
    { label: "Put in kitchen", disposition: { _tag: "PlaceAt", location: "kitchen" } }
  ]
}

export const roomUse: ChooseQuestion = {
  _tag: "Choose",
  id: "use",
  prompt: "What is this room for?",
  options: [
    { value: "sleep", label: "Sleeping" },
    { value: "work", label: "Working", description: "a desk lives here" }
  ],
  reveals: {
    work: { _tag: "FreeText", prompt: "What do you work on?" }
  }
}

export const keepGoing: ConfirmQuestion = { _tag: "Confirm", prompt: "Keep going?", default: true }

/** A survey whose third question only shows when the first was answered "work". */
export const survey: Question = {
  _tag: "QuestionGroup",
  title: "About the room",
  questions: [
    { id: "use", question: roomUse },
    { id: "tidy", question: keepGoing },
    {
      id: "desk",
      question: {
        _tag: "ConditionalQ",
        condition: { _tag: "ChoiceIs", id: "use", value: "work" },
        question: { _tag: "Confirm", prompt: "Clear the desk first?", default: false }
      }
    },
    {
      id: "later",
      question: {
        _tag: "ConditionalQ",
        condition: { _tag: "Not", condition: { _tag: "Confirmed", id: "tidy" } },
        question: { _tag: "FreeText", prompt: "When should we continue?" }
      }
    }
  ]
}
