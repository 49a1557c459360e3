/** The `QuestionUI` namespace of the subpath entries: the port (`QuestionUI.QuestionUI`), its layers and the question types. */
export * from "../domain/question.js"
export * from "../services/question-ui/index.js"
