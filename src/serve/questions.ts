/**
 * The questions a turn is waiting on, as rows (`shoal_questions`): what the
 * HTTP API lists as pending and answers by id. The wait itself is the turn
 * workflow's `DurableDeferred` (durable-questions.ts); this table only says
 * which questions exist, which were answered (a second answer is refused:
 * the update claims the row once), and which answers still have to be handed
 * to their workflow (after a crash between the claim and the hand-over).
 *
 * Where it sits: serve's own storage beside the cluster's tables, on the same
 * `SqlClient`.
 */
import type { SqlClient } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Data, Effect, Option, Schema } from "effect"
import { Answer, Question } from "../domain/question.js"

export class QuestionStoreError extends Data.TaggedError("QuestionStoreError")<{ readonly reason: string }> {}

const failed = (e: SqlError) => new QuestionStoreError({ reason: e.cause instanceof Error ? `${e.message}: ${e.cause.message}` : e.message })

/** A question one turn asked. */
export interface PostedQuestion {
  readonly agent: string
  readonly sessionId: string
  readonly questionId: string
  /** The turn workflow's execution, whose DurableDeferred takes the answer. */
  readonly executionId: string
  /** The deferred's name inside that execution. */
  readonly deferred: string
  readonly question: Question
}

const Row = Schema.Struct({
  agent: Schema.String,
  session_id: Schema.String,
  question_id: Schema.String,
  execution_id: Schema.String,
  deferred: Schema.String,
  question: Schema.parseJson(Question),
  answer: Schema.NullOr(Schema.parseJson(Answer)),
  delivered: Schema.Number
})
const decodeRows = Schema.decodeUnknown(Schema.Array(Row))
const encodeQuestion = Schema.encode(Schema.parseJson(Question))
const encodeAnswer = Schema.encode(Schema.parseJson(Answer))

export interface StoredQuestion extends PostedQuestion {
  readonly answer: Option.Option<Answer>
  readonly delivered: boolean
}

const toStored = (row: typeof Row.Type): StoredQuestion => ({
  agent: row.agent,
  sessionId: row.session_id,
  questionId: row.question_id,
  executionId: row.execution_id,
  deferred: row.deferred,
  question: row.question,
  answer: Option.fromNullable(row.answer),
  delivered: row.delivered !== 0
})

/** What claiming an answer found. */
/** A turn's id from one of its questions' (`<turn>.<n>`). */
export const turnOf = (questionId: string) => questionId.slice(0, Math.max(0, questionId.lastIndexOf(".")))

export type Claim = "claimed" | "already-answered" | "unknown"

export const makeQuestionStore = (sql: SqlClient) =>
  Effect.gen(function*() {
    yield* sql`CREATE TABLE IF NOT EXISTS shoal_questions (agent TEXT NOT NULL, session_id TEXT NOT NULL, question_id TEXT NOT NULL,
      execution_id TEXT NOT NULL, deferred TEXT NOT NULL, question TEXT NOT NULL, answer TEXT, delivered INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (agent, session_id, question_id))`.pipe(Effect.mapError(failed))
    const select = (rows: Effect.Effect<ReadonlyArray<unknown>, SqlError>) =>
      rows.pipe(Effect.mapError(failed), Effect.flatMap((r) => Effect.orDie(decodeRows(r))), Effect.map((r) => r.map(toStored)))

    return {
      /** Record a posted question (once: a replayed post changes nothing). */
      post: (q: PostedQuestion) =>
        Effect.flatMap(Effect.orDie(encodeQuestion(q.question)), (question) =>
          sql`INSERT INTO shoal_questions (agent, session_id, question_id, execution_id, deferred, question)
              VALUES (${q.agent}, ${q.sessionId}, ${q.questionId}, ${q.executionId}, ${q.deferred}, ${question})
              ON CONFLICT DO NOTHING`.pipe(Effect.asVoid, Effect.mapError(failed))),

      find: (agent: string, sessionId: string, questionId: string) =>
        Effect.map(
          select(sql`SELECT * FROM shoal_questions WHERE agent = ${agent} AND session_id = ${sessionId} AND question_id = ${questionId}`),
          (rows) => Option.fromNullable(rows[0])
        ),

      /** Questions of a session still waiting for an answer. */
      pending: (agent: string, sessionId: string) =>
        select(sql`SELECT * FROM shoal_questions WHERE agent = ${agent} AND session_id = ${sessionId} AND answer IS NULL ORDER BY question_id`),

      /** Take the answer if none was taken before: exactly one of two racing answers is "claimed". */
      claim: (agent: string, sessionId: string, questionId: string, answer: Answer) =>
        Effect.gen(function*() {
          const text = yield* Effect.orDie(encodeAnswer(answer))
          const updated = yield* sql`UPDATE shoal_questions SET answer = ${text}
            WHERE agent = ${agent} AND session_id = ${sessionId} AND question_id = ${questionId} AND answer IS NULL
            RETURNING question_id`.pipe(Effect.mapError(failed))
          if (updated.length > 0) return "claimed" as Claim
          const existing = yield* sql`SELECT question_id FROM shoal_questions
            WHERE agent = ${agent} AND session_id = ${sessionId} AND question_id = ${questionId}`.pipe(Effect.mapError(failed))
          return (existing.length > 0 ? "already-answered" : "unknown") as Claim
        }),

      markDelivered: (agent: string, sessionId: string, questionId: string) =>
        sql`UPDATE shoal_questions SET delivered = 1 WHERE agent = ${agent} AND session_id = ${sessionId} AND question_id = ${questionId}`.pipe(
          Effect.asVoid,
          Effect.mapError(failed)
        ),

      /** Answers claimed but not yet handed to their workflow (a crash in between): handed again on start. */
      undelivered: select(sql`SELECT * FROM shoal_questions WHERE answer IS NOT NULL AND delivered = 0`),

      removeSession: (agent: string, sessionId: string) =>
        sql`DELETE FROM shoal_questions WHERE agent = ${agent} AND session_id = ${sessionId}`.pipe(Effect.asVoid, Effect.mapError(failed))
    }
  })

export type QuestionStore = Effect.Effect.Success<ReturnType<typeof makeQuestionStore>>
