/**
 * `shoal/fitlog`: the food-logging agent (estimate, propose, log, chat, the
 * MyFitnessPal navigator) and the fitlog domain, with its services as
 * namespaces: `Diary` (SQLite: install the optional peer
 * `@effect/sql-sqlite-node` to build `Diary.layerSqlite`), `NutritionTable`,
 * `Adb` (for `--to android`), `QuestionUI`, `SessionStore` and `Events`.
 */
export * from "../agents/fitlog/index.js"
export * as Adb from "../services/adb/index.js"
export * as Diary from "../services/diary/index.js"
export * as Events from "../services/events/index.js"
export * as NutritionTable from "../services/nutrition-table/index.js"
export * as QuestionUI from "./question-ui.js"
export * as SessionStore from "../services/session-store/index.js"
