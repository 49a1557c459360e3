/**
 * A database that moves between one runner and several (placement.ts): a
 * turn journaled before the move is found again after it, on a real
 * PostgreSQL, in both directions. One runner keys its turns' workflows with
 * placement 0, several with their session's shard's placement; the turn
 * keeps the placement it was sent with, so its redelivered message finds its
 * journal — the model is not paid again and its pending question is answered.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Layer, Scope } from "effect"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { usePostgres } from "./backends.js"
import { idOf, questionIdOf, startServe } from "./harness.js"
import { freePort, postgresSkipReason } from "./postgres.js"

const skip = postgresSkipReason()
if (skip !== undefined) console.log(`[skip] a database moving between one runner and several: ${skip}`)
const pg = skip === undefined ? usePostgres() : undefined

let databases = 0
const freshDb = () => {
  if (pg === undefined) throw new Error("no Postgres")
  const name = `shoal_move_${process.pid}_${++databases}`
  pg.current().createDatabase(name)
  return pg.current().url(name)
}

const confirmed = { answer: { _tag: "ConfirmAnswer", confirmed: true } }

/** A turn asked on a runner started `before`, answered on one started `after`: paid once, saved once. */
const moved = (before: { readonly several: boolean }, after: { readonly several: boolean }) =>
  Effect.gen(function*() {
    const db = freshDb()
    const runnerPort = (several: boolean) => (several ? Effect.map(Effect.promise(freePort), (port) => ({ runnerPort: port })) : Effect.succeed({}))
    const first = yield* Scope.make()
    const a = yield* startServe({ db, llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("paid once")])), ...(yield* runnerPort(before.several)) }).pipe(
      Scope.extend(first)
    )
    const id = idOf((yield* a.request("POST", "/api/agents/echo/sessions")).json)
    const asked = yield* a.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask to move" })
    expect(asked.status).toBe(202)
    yield* Scope.close(first, Exit.void)

    // The next runner's script holds one answer, for the next turn: the moved turn taken again under another key would
    // spend it (and ask its question again) instead of going on from its journal.
    const b = yield* startServe({ db, llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("next")])), ...(yield* runnerPort(after.several)) })
    const answered = yield* b.request("POST", `/api/agents/echo/sessions/${id}/questions/${questionIdOf(asked.json)}`, confirmed).pipe(
      Effect.timeoutFail({ duration: "30 seconds", onTimeout: () => new Error("the moved turn never answered: its journal was not found under the key it was sent with") })
    )
    expect(answered).toMatchObject({ status: 200, json: { reply: "paid once (confirmed)" } })
    expect((yield* b.request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ state: { turns: 1, said: ["ask to move"] }, pending: [] })
    // And the next turn works there, under that runner's own placement.
    expect(yield* b.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "stay" })).toMatchObject({ status: 200, json: { reply: "next" } })
  })

describe.skipIf(skip !== undefined)("a database moving between one runner and several", () => {
  it.live("a question asked on a runner alone is answered on one of several runners, without paying the model again", () =>
    moved({ several: false }, { several: true }).pipe(Effect.scoped), 120_000)

  it.live("a question asked on one of several runners is answered on a runner alone, without paying the model again", () =>
    moved({ several: true }, { several: false }).pipe(Effect.scoped), 120_000)
})
