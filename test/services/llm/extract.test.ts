import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Exit, Option, Schema, Stream } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { GenerateRequest, ImageBlock, LlmRejected, LlmUnavailable, userText } from "../../../src/domain/llm.js"
import { extract, extractTurn } from "../../../src/services/llm/extract.js"
import { chain, withFallback } from "../../../src/services/llm/fallback.js"
import { Llm } from "../../../src/services/llm/llm.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { recording, recordingKey, replaying } from "../../../src/services/llm/record-replay.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { makeLlm } from "../../../src/services/llm/layer.js"
import { resolveLlmSettings } from "../../../src/services/llm/settings.js"

const noLlmFlags = { provider: Option.none(), model: Option.none(), baseUrl: Option.none(), fallbackModel: Option.none() }

const Room = Schema.Struct({
  roomType: Schema.String,
  chaos: Schema.Literal("buried", "cluttered", "moderate", "clear")
})

describe("extract", () => {
  it.effect("forces the tool and decodes its input with the Schema", () =>
    Effect.gen(function*() {
      const room = yield* extract(Room, {
        prompt: "what is this room?",
        images: [ImageBlock.base64("image/png", "iVBORw0KGgo=")],
        toolName: "analyze_photo"
      })
      expect(room).toEqual({ roomType: "office", chaos: "cluttered" })
      const [request] = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      expect(request?.toolChoice).toEqual({ _tag: "Tool", name: "analyze_photo" })
      expect(request?.tools[0]?.inputSchema).toMatchObject({
        type: "object",
        properties: { chaos: { enum: ["buried", "cluttered", "moderate", "clear"] } }
      })
      expect(request?.messages[0]?.content.map((b) => b._tag)).toEqual(["Image", "Text"])
    }).pipe(Effect.provide(ScriptedLlm.layer([
      ScriptedLlm.toolCall("analyze_photo", { roomType: "office", chaos: "cluttered" })
    ]))))

  it.effect("a malformed answer is a typed ParseFailed with the raw text, not a crash", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(extract(Room, { prompt: "x" }))
      expect(error._tag).toBe("ParseFailed")
      if (error._tag === "ParseFailed") {
        expect(error.raw).toBe('{"roomType":"office","chaos":"chaotic"}')
        expect(error.error).toContain("chaos")
      }
      const noTool = yield* Effect.flip(extract(Room, { prompt: "y" }))
      expect(noTool).toMatchObject({ _tag: "ParseFailed", raw: "I think it is an office." })
    }).pipe(Effect.provide(ScriptedLlm.layer([
      ScriptedLlm.toolCall("record_answer", { roomType: "office", chaos: "chaotic" }),
      ScriptedLlm.text("I think it is an office.")
    ]))))

  it.effect("extractTurn folds every outcome into a TurnResult", () =>
    Effect.gen(function*() {
      const turn = yield* extractTurn(Room, { prompt: "x" })
      expect(turn._tag).toBe("Unavailable")
    }).pipe(Effect.provide(layerOffline)))
})

describe("ScriptedLlm", () => {
  it.effect("an unexpected call is a defect that shows the request", () =>
    Effect.gen(function*() {
      const llm = yield* Llm
      const exit = yield* Effect.exit(llm.generate(new GenerateRequest({ system: "be calm", messages: [userText("help me")] })))
      expect(Exit.isFailure(exit) && String(exit.cause)).toContain("unexpected model call")
      expect(Exit.isFailure(exit) && String(exit.cause)).toContain("help me")
    }).pipe(Effect.provide(ScriptedLlm.layer([]))))
})

describe("fallback chain", () => {
  const unavailable = ScriptedLlm.fail(new LlmUnavailable({ provider: "a", model: "big", reason: "529", attempts: 5 }))

  it.effect("the next model takes the call when the primary stays unavailable", () =>
    Effect.gen(function*() {
      const primary = yield* Effect.provide(Llm, ScriptedLlm.layer([unavailable]))
      const backup = yield* Effect.provide(Llm, ScriptedLlm.layer([ScriptedLlm.text("from backup")]))
      const response = yield* chain(primary, backup).generate(new GenerateRequest({ messages: [userText("hi")] }))
      expect(response.text).toBe("from backup")
    }))

  it.effect("a rejected request does not fall back", () =>
    Effect.gen(function*() {
      const primary = yield* Effect.provide(
        Llm,
        ScriptedLlm.layer([ScriptedLlm.fail(new LlmRejected({ provider: "a", model: "b", reason: "bad", status: 400 }))])
      )
      const backup = yield* Effect.provide(Llm, ScriptedLlm.layer([ScriptedLlm.text("should not be asked")]))
      const error = yield* Effect.flip(withFallback(primary, backup).generate(new GenerateRequest({ messages: [] })))
      expect(error._tag).toBe("LlmRejected")
    }))

  it.effect("a stream falls back only before anything was emitted", () =>
    Effect.gen(function*() {
      const primary = yield* Effect.provide(Llm, ScriptedLlm.layer([unavailable]))
      const backup = yield* Effect.provide(Llm, ScriptedLlm.layer([ScriptedLlm.text("backup text")]))
      const events = yield* Stream.runCollect(withFallback(primary, backup).stream(new GenerateRequest({ messages: [] })))
      expect([...events].map((e) => e._tag)).toEqual(["TextDelta", "Completed"])
    }))
})

describe("record/replay", () => {
  const request = new GenerateRequest({ system: "s", messages: [userText("log my lunch")] })

  it.effect("SHOAL_LLM_REPLAY with no key replays the recorded model (never the offline rules); a miss names its hash", () =>
    Effect.gen(function*() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shoal-replay-"))
      const live = yield* Effect.provide(Llm, ScriptedLlm.layer([ScriptedLlm.text("logged")], { model: "m1" }))
      yield* (yield* recording(dir)(live)).generate(request)
      const settings = yield* resolveLlmSettings(noLlmFlags).pipe(
        Effect.withConfigProvider(ConfigProvider.fromMap(new Map([["SHOAL_LLM_REPLAY", dir]])))
      )
      expect(settings.provider).toBe("offline")
      const replayer = yield* makeLlm(settings)
      expect([replayer.provider, replayer.model]).toEqual(["scripted", "m1"])
      expect((yield* replayer.generate(request)).text).toBe("logged")
      const miss = yield* Effect.flip(replayer.generate(new GenerateRequest({ messages: [userText("other")] })))
      expect(miss._tag).toBe("ReplayMiss")
      expect(miss.message).toMatch(/[0-9a-f]{32}/)
    }).pipe(Effect.provide(NodeContext.layer)))

  it.effect("an empty replay directory is a clear error, not a silent offline run", () =>
    Effect.gen(function*() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shoal-replay-"))
      const settings = yield* resolveLlmSettings(noLlmFlags).pipe(
        Effect.withConfigProvider(ConfigProvider.fromMap(new Map([["SHOAL_LLM_REPLAY", dir]])))
      )
      const error = yield* Effect.flip(makeLlm(settings))
      expect(error._tag).toBe("ReplayUnusable")
      expect(error.message).toContain("holds no recordings")
    }).pipe(Effect.provide(NodeContext.layer)))

  it.effect("a recorded session replays without the model, and a new request is a ReplayMiss", () =>
    Effect.gen(function*() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shoal-replay-"))
      const live = yield* Effect.provide(Llm, ScriptedLlm.layer([ScriptedLlm.text("logged")], { model: "m1" }))
      const recorder = yield* recording(dir)(live)
      yield* recorder.generate(request)
      expect(fs.readdirSync(dir)).toEqual([`${recordingKey("scripted", "m1", request)}.json`])

      const replayer = yield* replaying(dir, "scripted", "m1")
      expect((yield* replayer.generate(request)).text).toBe("logged")
      const miss = yield* Effect.flip(replayer.generate(new GenerateRequest({ messages: [userText("other")] })))
      expect(miss._tag).toBe("ReplayMiss")
      // The key covers provider and model too.
      const otherModel = yield* replaying(dir, "scripted", "m2")
      expect((yield* Effect.flip(otherModel.generate(request)))._tag).toBe("ReplayMiss")
    }).pipe(Effect.provide(NodeContext.layer)))

  it("the key does not depend on property order", () => {
    const a = GenerateRequest.make({ messages: [], maxTokens: 10, system: "x" })
    const b = GenerateRequest.make({ system: "x", maxTokens: 10, messages: [] })
    expect(recordingKey("p", "m", a)).toBe(recordingKey("p", "m", b))
    expect(recordingKey("p", "m", a)).not.toBe(recordingKey("p", "m2", a))
  })
})



