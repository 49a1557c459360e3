/** Diary: the port and its SQLite layers (file and in-memory). */
export { Diary, DiaryError, goalNames } from "./diary.js"
export type { CommitOutcome, DiaryRow, DiaryShape, GoalName, Goals } from "./diary.js"
export { layerSqlite, layerSqliteMemory, makeSqlDiary } from "./sqlite.js"
