/**
 * `shoal droid --vision` on the wire: one CodeAct step on the simulated
 * phone through the real Anthropic and OpenAI SDK clients against the
 * loopback fake server. The screenshot goes out as the provider documents
 * it — an Anthropic `image` block with a base64 source, an OpenAI
 * `image_url` part with a data: URL — before the element list's text, and
 * what went out decodes to a JPEG of at most 1024 px.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Redacted, Schema } from "effect"
import sharp from "sharp"
import { runCodeAct } from "../../../src/agents/droid/codeact.js"
import { layerAdbMemory } from "../../../src/services/adb/memory.js"
import { SimulatedDevice } from "../../../src/simulator/device.js"
import { Llm } from "../../../src/services/llm/llm.js"
import { layerOpenAi } from "../../../src/services/llm/openai.js"
import { layerQuickJs } from "../../../src/services/sandbox/quickjs.js"
import { layerSharpScreenImages } from "../../../src/services/vision/sharp.js"
import { jsonFixture } from "../../fakes/llm-fixtures.js"
import { makeLlmServer } from "../../fakes/llm-server.js"
import { anthropicOnLoopback, testPolicy } from "../../fakes/llm-wire.js"

/** One CodeAct step with vision on a fresh phone, the model answering with text and no code. */
const oneVisionStep = (llm: Llm["Type"]) =>
  Effect.scoped(runCodeAct({ goal: "what is on the screen?", maxSteps: 1, vision: true })).pipe(
    Effect.provide(Layer.mergeAll(layerAdbMemory(new SimulatedDevice()), layerQuickJs, layerSharpScreenImages, Layer.succeed(Llm, llm)))
  )

const Body = Schema.Struct({ model: Schema.String, messages: Schema.Array(Schema.Struct({ role: Schema.String, content: Schema.Union(Schema.String, Schema.Array(Schema.Unknown)) })) })
const AnthropicImage = Schema.Struct({ source: Schema.Struct({ data: Schema.String }) })
const OpenAiImage = Schema.Struct({ image_url: Schema.Struct({ url: Schema.String }) })

const jpegSize = (base64: string) =>
  Effect.promise(() => sharp(Buffer.from(base64, "base64")).metadata()).pipe(Effect.map((m) => ({ format: m.format, width: m.width, height: m.height })))

describe("droid --vision on the wire", () => {
  it.scoped("Anthropic: a base64 image block, then the element list", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* anthropicOnLoopback
      yield* server.enqueue(jsonFixture("01-anthropic-text.json"))
      const result = yield* oneVisionStep(llm)
      expect(result.outcome._tag).toBe("StepLimit")
      const [request] = yield* server.requests
      const body = yield* Schema.decodeUnknown(Body)(request?.body)
      const content = body.messages[0]?.content ?? []
      const [image, text] = typeof content === "string" ? [] : content
      expect(body.messages[0]?.role).toBe("user")
      expect(image).toMatchObject({ type: "image", source: { type: "base64", media_type: "image/jpeg" } })
      expect(text).toMatchObject({ type: "text", text: expect.stringContaining("Current screen (the screenshot shows it too)") })
      const { data } = (yield* Schema.decodeUnknown(AnthropicImage)(image)).source
      expect(yield* jpegSize(data)).toEqual({ format: "jpeg", width: 461, height: 1024 })
    }))

  it.scoped("OpenAI: an image_url part with a data: URL, then the element list", () =>
    Effect.gen(function*() {
      const server = yield* makeLlmServer({ path: "/v1/chat/completions" })
      const llm = yield* Effect.provide(Llm, layerOpenAi({ apiKey: Redacted.make("sk-openai-test-key"), model: "gpt-4o", baseUrl: `${server.url}/v1` }, testPolicy))
      yield* server.enqueue(jsonFixture("08-openai-text.json"))
      yield* oneVisionStep(llm)
      const [request] = yield* server.requests
      const body = yield* Schema.decodeUnknown(Body)(request?.body)
      expect(body.model).toBe("gpt-4o")
      const user = body.messages.find((m) => m.role === "user")
      const content = user?.content ?? []
      const [image, text] = typeof content === "string" ? [] : content
      expect(image).toMatchObject({ type: "image_url", image_url: { url: expect.stringMatching(/^data:image\/jpeg;base64,/) } })
      expect(text).toMatchObject({ type: "text", text: expect.stringContaining("UI elements:") })
      const { url } = (yield* Schema.decodeUnknown(OpenAiImage)(image)).image_url
      expect(yield* jpegSize(url.slice("data:image/jpeg;base64,".length))).toEqual({ format: "jpeg", width: 461, height: 1024 })
    }))
})
