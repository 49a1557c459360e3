/**
 * Served fitlog chat's "today" and likely meal are the user's: an input's
 * `timeZone` (an IANA name; the page sends the browser's) is the zone the
 * turn reads the day and the hour in, whatever the runner's own zone. Without
 * one the runner's local zone, as before (and as the terminal does); an
 * unknown zone is a 400 naming it, and nothing is taken.
 *
 * The server runs on a clock fixed at 23:30 UTC (moving on in real time from
 * there, so the runner still polls its storage): 08:30 of the next day in Tokyo.
 */
import { describe, expect, it } from "@effect/vitest"
import { Clock, DateTime, Effect, Layer, Schema } from "effect"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { fitlogChatAgent } from "../../src/agents/fitlog/chat-agent.js"
import { DiaryDate, mealAt } from "../../src/domain/fitlog/types.js"
import { Diary } from "../../src/services/diary/diary.js"
import { layerSqliteMemory } from "../../src/services/diary/sqlite.js"
import { layerOffline } from "../../src/services/llm/offline.js"
import { UsageMeter } from "../../src/services/llm/usage.js"
import { provideAgent, serveAgent } from "../../src/serve/served-agent.js"
import type { ServeDeps } from "../../src/serve/served-agent.js"
import { shiftedClock } from "../../src/serve/turn-clock.js"
import { table } from "../agents/fitlog/chat-support.js"
import { sqliteDb } from "./backends.js"
import { idOf, questionIdOf, SessionView, startServe } from "./harness.js"

/** The next 23:30 UTC from now (epoch ms). */
const nextHalfPastElevenUtc = () => {
  const at = new Date()
  at.setUTCHours(23, 30, 0, 0)
  if (at.getTime() < Date.now()) at.setUTCDate(at.getUTCDate() + 1)
  return at.getTime()
}

/** The day and the meal of `millis` in `zone`, as fitlog files them. */
const filedIn = (millis: number, zone: DateTime.TimeZone) => {
  const zoned = DateTime.setZone(DateTime.unsafeMake(millis), zone)
  return { date: DiaryDate.make(DateTime.formatIsoDate(zoned)), meal: mealAt(DateTime.getPart(zoned, "hours")) }
}

/** `shoal serve` with echo and fitlog chat (offline, its diary in memory) on a clock fixed at `at`. */
const serveFitlogAt = (at: number) =>
  Effect.gen(function*() {
    const context = yield* Layer.build(Layer.orDie(Layer.mergeAll(table, layerSqliteMemory, UsageMeter.layer)))
    const fitlog = provideAgent(fitlogChatAgent, context)
    const served = yield* startServe({ db: sqliteDb(), llm: layerOffline, agents: [(deps: ServeDeps) => serveAgent(fitlog, deps)] }).pipe(
      Effect.withClock(shiftedClock(Clock.make(), at - Date.now()))
    )
    const diaryDay = (date: DiaryDate) => Effect.orDie(Effect.flatMap(Diary, (d) => d.day(date)).pipe(Effect.provide(context)))
    return { ...served, diaryDay }
  })

describe("served fitlog chat's day and meal", () => {
  it.live("with timeZone Asia/Tokyo, '2 eggs' at 23:30 UTC are Tokyo's breakfast of the next day", () =>
    Effect.gen(function*() {
      const at = nextHalfPastElevenUtc()
      const { diaryDay, request } = yield* serveFitlogAt(at)
      const tokyo = filedIn(at, DateTime.zoneUnsafeMakeNamed("Asia/Tokyo"))
      const utc = filedIn(at, DateTime.zoneMakeOffset(0))
      expect(tokyo.meal).toBe("breakfast")
      expect(tokyo.date).not.toBe(utc.date)

      const id = idOf((yield* request("POST", "/api/agents/fitlog-chat/sessions")).json)
      const proposed = yield* request("POST", `/api/agents/fitlog-chat/sessions/${id}/input`, { text: "log 2 eggs", timeZone: "Asia/Tokyo" })
      expect(proposed).toMatchObject({ status: 200, json: { reply: expect.stringContaining("Log it? (yes / no)") } })
      expect(proposed.json).toMatchObject({ reply: expect.stringMatching(new RegExp(`^Breakfast, ${tokyo.date} `)) })
      const logged = yield* request("POST", `/api/agents/fitlog-chat/sessions/${id}/input`, { text: "yes", timeZone: "Asia/Tokyo" })
      expect(logged).toMatchObject({ status: 200, json: { reply: expect.stringContaining("Logged to") } })

      const rows = yield* diaryDay(tokyo.date)
      expect(rows.map((r) => ({ date: r.date, meal: r.meal, grams: r.grams }))).toEqual([{ date: tokyo.date, meal: "breakfast", grams: 100 }])
      expect(yield* diaryDay(utc.date)).toEqual([])
    }).pipe(Effect.scoped), 60_000)

  it.live("without a timeZone the runner's own zone files it, as before", () =>
    Effect.gen(function*() {
      const at = nextHalfPastElevenUtc()
      const { diaryDay, request } = yield* serveFitlogAt(at)
      const local = filedIn(at, DateTime.zoneMakeLocal())

      const id = idOf((yield* request("POST", "/api/agents/fitlog-chat/sessions")).json)
      expect((yield* request("POST", `/api/agents/fitlog-chat/sessions/${id}/input`, { text: "log 2 eggs" })).status).toBe(200)
      expect((yield* request("POST", `/api/agents/fitlog-chat/sessions/${id}/input`, { text: "yes" })).json).toMatchObject({ reply: expect.stringContaining("Logged to") })

      const rows = yield* diaryDay(local.date)
      expect(rows.map((r) => ({ date: r.date, meal: r.meal, grams: r.grams }))).toEqual([{ date: local.date, meal: local.meal, grams: 100 }])
    }).pipe(Effect.scoped), 60_000)

  it.live("an unknown timeZone is a 400 naming it, and the turn is not taken", () =>
    Effect.gen(function*() {
      const at = nextHalfPastElevenUtc()
      const { diaryDay, request } = yield* serveFitlogAt(at)
      const id = idOf((yield* request("POST", "/api/agents/fitlog-chat/sessions")).json)
      const bad = yield* request("POST", `/api/agents/fitlog-chat/sessions/${id}/input`, { text: "log 2 eggs", timeZone: "Mars/Olympus_Mons" })
      expect(bad.status).toBe(400)
      expect(JSON.stringify(bad.json)).toContain("Mars/Olympus_Mons")
      expect((yield* request("GET", `/api/agents/fitlog-chat/sessions/${id}`)).json).toMatchObject({ describe: "0 turns" })
      // Nothing proposed either: a "yes" now has nothing to log.
      expect((yield* request("POST", `/api/agents/fitlog-chat/sessions/${id}/input`, { text: "yes", timeZone: "Asia/Tokyo" })).json).not.toMatchObject({
        reply: expect.stringContaining("Logged to")
      })
      for (const zone of [DateTime.zoneUnsafeMakeNamed("Asia/Tokyo"), DateTime.zoneMakeOffset(0), DateTime.zoneMakeLocal()]) {
        expect(yield* diaryDay(filedIn(at, zone).date)).toEqual([])
      }
    }).pipe(Effect.scoped), 60_000)
})

describe("a served turn's time zone", () => {
  it.live("is its first run's: a turn resumed by an answer (its code run again, the answer sent without a zone) still reads it", () =>
    Effect.gen(function*() {
      const { request } = yield* startServe({ db: sqliteDb(), llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("sure"), ScriptedLlm.text("plain")])) })
      const id = idOf((yield* request("POST", "/api/agents/echo/sessions")).json)
      const asked = yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask zoned", timeZone: "Asia/Tokyo" })
      expect(asked.status).toBe(202)
      const answered = yield* request("POST", `/api/agents/echo/sessions/${id}/questions/${questionIdOf(asked.json)}`, { answer: { _tag: "ConfirmAnswer", confirmed: true } })
      expect(answered).toMatchObject({ status: 200, json: { reply: "sure (confirmed)" } })
      // The next turn, with no zone, reads the runner's: the zone is the turn's, not the session's.
      expect((yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "zoned again" })).status).toBe(200)
      const view = Schema.decodeUnknownSync(SessionView)((yield* request("GET", `/api/agents/echo/sessions/${id}`)).json)
      expect(view.state.said).toEqual(["ask zoned @ Asia/Tokyo", "zoned again @ runner's"])
    }).pipe(Effect.scoped), 60_000)
})
