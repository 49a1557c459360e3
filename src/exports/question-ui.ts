/** The `QuestionUI` namespace of the subpath entries: the port (`QuestionUI.QuestionUI`), its layers and the question types. */
// Questions (domain/question.ts) and QuestionUI: the port, the terminal and scripted layers, renderers, time-outs and the HTTP bridge.
export {
  Answer,
  ChoiceOption,
  Condition,
  conditionHolds,
  DispositionChoice,
  fallbackAnswer,
  fallbackOption,
  ItemDisposition,
  Question,
  questionTitle,
  readYesNo,
  revealedBy,
  saidYes,
  yesNoQuestion,
  YesOrNo
} from "../domain/question.js"
export type { MessageInstead } from "../domain/question.js"
export {
  AnswerDoesNotFit,
  defaultQuestionTimeout,
  fromRenderer,
  layerFallback,
  layerFromRenderer,
  layerTerminal,
  layerWithTimeout,
  makeQuestionBridge,
  makeQuestionBridgeWith,
  makeTerminalRenderer,
  NoSuchQuestion,
  pipeIO,
  QuestionInputClosed,
  QuestionUI,
  ScriptedQuestions,
  terminalRenderer,
  ttyIO,
  withTimeout
} from "../services/question-ui/index.js"
export type {
  ChooseQuestion,
  ConfirmQuestion,
  DispositionReply,
  FreeTextQuestion,
  KeyPress,
  LeafQuestion,
  PendingQuestion,
  ProposeDispositionQuestion,
  QuestionBridgeOptions,
  QuestionBridgeShape,
  QuestionRenderer,
  QuestionUIShape,
  ScriptedAnswer,
  ScriptedQuestionsShape,
  TerminalIO,
  TerminalOptions
} from "../services/question-ui/index.js"
