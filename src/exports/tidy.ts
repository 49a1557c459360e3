/**
 * `shoal/tidy`: the tidying agent (`turn(state, input)` and the tidy domain)
 * and the services it runs over, each as a namespace: `QuestionUI`
 * (`QuestionUI.QuestionUI` is the port, `QuestionUI.layerTerminal`,
 * `QuestionUI.ScriptedQuestions`, …), `SessionStore` (`SessionStore.layerFile`,
 * `SessionStore.layerMemory`), `Events` and `Photos`. The model comes from
 * `shoal/llm`. Loads no browser, ADB, SQLite or QuickJS; `sharp` is loaded
 * only when `Photos.layerSharp` is built.
 */
export * from "../agents/tidy/index.js"
export * as Events from "../services/events/index.js"
export * as Photos from "../services/photos/index.js"
export * as QuestionUI from "./question-ui.js"
export * as SessionStore from "../services/session-store/index.js"
