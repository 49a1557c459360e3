/** QuestionUI: the port, its interpreter, decorators and layers. */
export { fromRenderer, layerFromRenderer } from "./interpreter.js"
export { layerFallback } from "./fallback.js"
export { QuestionUI } from "./question-ui.js"
export type { QuestionUIShape } from "./question-ui.js"
export { QuestionInputClosed } from "./renderer.js"
export type {
  ChooseQuestion,
  ConfirmQuestion,
  DispositionReply,
  FreeTextQuestion,
  LeafQuestion,
  ProposeDispositionQuestion,
  QuestionRenderer
} from "./renderer.js"
export { ScriptedQuestions } from "./scripted.js"
export type { ScriptedAnswer, ScriptedQuestionsShape } from "./scripted.js"
export { layerTerminal, makeTerminalRenderer, terminalRenderer } from "./terminal.js"
export type { TerminalOptions } from "./terminal.js"
export { isRawModeInput, pipeIO, ttyIO } from "./terminal-io.js"
export type { KeyPress, RawModeInput, TerminalIO } from "./terminal-io.js"
export { defaultQuestionTimeout, layerWithTimeout, withLeafTimeout, withTimeout } from "./timeout.js"
export { AnswerDoesNotFit, makeQuestionBridge, makeQuestionBridgeWith, NoSuchQuestion } from "./bridge.js"
export type { PendingQuestion, QuestionBridgeOptions, QuestionBridgeShape } from "./bridge.js"
