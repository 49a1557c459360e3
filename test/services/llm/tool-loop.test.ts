import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Ref, Schema } from "effect"
import { LlmUnavailable, userText } from "../../../src/domain/llm.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import * as Tool from "../../../src/services/llm/tool.js"
import * as ToolLoop from "../../../src/services/llm/tool-loop.js"
import { UsageMeter } from "../../../src/services/llm/usage.js"

class Pantry extends Context.Tag("test/Pantry")<Pantry, Ref.Ref<ReadonlyArray<string>>>() {}

const addItem = Tool.make("add_item", {
  description: "Add an item to the pantry",
  parameters: Schema.Struct({ item: Schema.String.pipe(Schema.nonEmptyString()) }),
  handler: ({ item }) =>
    Effect.flatMap(Pantry, (ref) => Ref.updateAndGet(ref, (items) => [...items, item])).pipe(
      Effect.map((items) => ({ count: items.length }))
    )
})

class NoScale extends Schema.TaggedError<NoScale>()("NoScale", { item: Schema.String }) {
  override get message(): string {
    return `no scale for ${this.item}`
  }
}

const failing = Tool.make("weigh", {
  description: "Weigh an item",
  parameters: Schema.Struct({ item: Schema.String }),
  failure: NoScale,
  failureMode: "return",
  handler: ({ item }) => Effect.fail(new NoScale({ item }))
})

const finish = Tool.make("finish", {
  description: "End the turn",
  parameters: Schema.Struct({ reason: Schema.String }),
  handler: () => Effect.succeed("ok"),
  breaksTurn: ({ reason }) => reason
})

const pantry = Layer.effect(Pantry, Ref.make<ReadonlyArray<string>>([]))

describe("ToolLoop", () => {
  it.effect("runs tools until the model answers, feeding results back", () =>
    Effect.gen(function*() {
      const result = yield* ToolLoop.run({
        messages: [userText("stock up")],
        tools: [addItem],
        system: "You keep a pantry."
      })
      expect(result.turn).toMatchObject({ _tag: "Parsed", value: "Added both." })
      expect(result.iterations).toBe(2)
      expect(yield* Effect.flatMap(Pantry, Ref.get)).toEqual(["rice", "beans"])

      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      expect(requests).toHaveLength(2)
      expect(requests[0]?.tools.map((t) => t.name)).toEqual(["add_item"])
      // The tool's JSON Schema is derived from its Effect Schema.
      expect(requests[0]?.tools[0]?.inputSchema).toMatchObject({
        type: "object",
        required: ["item"],
        properties: { item: { type: "string" } }
      })
      const results = requests[1]?.messages.at(-1)?.content ?? []
      expect(results.map((b) => b._tag === "ToolResult" ? [b.toolCallId, b.isError] : null)).toEqual([
        ["a", false],
        ["b", false]
      ])
      expect(result.usage.inputTokens).toBe(20)
    }).pipe(
      Effect.provide(Layer.merge(
        ScriptedLlm.layer([
          ScriptedLlm.toolCalls([{ name: "add_item", input: { item: "rice" }, id: "a" }, {
            name: "add_item",
            input: { item: "beans" },
            id: "b"
          }]),
          ScriptedLlm.text("Added both.")
        ]),
        pantry
      ))
    ))

  it.effect("turns unknown tools, bad input and handler failures into error results the model sees", () =>
    Effect.gen(function*() {
      const result = yield* ToolLoop.run({ messages: [userText("go")], tools: [addItem, failing] })
      expect(result.turn._tag).toBe("Parsed")
      const [, second] = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      const blocks = second?.messages.at(-1)?.content ?? []
      const texts = blocks.map((b) =>
        b._tag === "ToolResult" ? [b.isError, b.content.map((c) => (c._tag === "Text" ? c.text : "")).join("")] : null
      )
      expect(texts[0]?.[0]).toBe(true)
      expect(texts[0]?.[1]).toContain('Unknown tool "fly"')
      expect(texts[1]?.[0]).toBe(true)
      expect(texts[1]?.[1]).toContain("Invalid input for add_item")
      // A typed failure goes back as a tool error: in words, then encoded with the tool's failure Schema.
      expect(texts[2]).toEqual([true, 'weigh failed: NoScale: no scale for flour\n{"item":"flour","_tag":"NoScale"}'])
    }).pipe(Effect.provide(Layer.merge(
      ScriptedLlm.layer([
        ScriptedLlm.toolCalls([
          { name: "fly", input: {} },
          { name: "add_item", input: { item: "" } },
          { name: "weigh", input: { item: "flour" } }
        ]),
        ScriptedLlm.text("Sorry.")
      ]),
      pantry
    ))))

  it.effect("a failureMode error tool's typed failure fails the loop, in its error channel", () =>
    Effect.gen(function*() {
      const strict = Tool.make("weigh", {
        description: "Weigh an item",
        parameters: Schema.Struct({ item: Schema.String }),
        failure: NoScale,
        handler: ({ item }) => Effect.fail(new NoScale({ item }))
      })
      const error = yield* Effect.flip(ToolLoop.run({ messages: [userText("go")], tools: [strict] }))
      expect(error).toEqual(new NoScale({ item: "salt" }))
      // The loop stopped at the failure: the model's second answer was never asked for.
      expect(yield* Effect.flatMap(ScriptedLlm, (s) => s.remaining)).toBe(1)
    }).pipe(Effect.provide(ScriptedLlm.layer([ScriptedLlm.toolCall("weigh", { item: "salt" }), ScriptedLlm.text("unused")]))))

  it.effect("a success is encoded with the tool's success Schema before the model sees it", () =>
    Effect.gen(function*() {
      const when = Tool.make("when", {
        description: "When it was bought",
        parameters: Schema.Struct({}),
        success: Schema.Struct({ bought: Schema.DateFromString }),
        handler: () => Effect.succeed({ bought: new Date("2026-11-20T08:00:00.000Z") })
      })
      yield* ToolLoop.run({ messages: [userText("go")], tools: [when] })
      const [, second] = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      const [result] = second?.messages.at(-1)?.content ?? []
      expect(result).toMatchObject({ _tag: "ToolResult", isError: false, content: [{ text: '{"bought":"2026-11-20T08:00:00.000Z"}' }] })
    }).pipe(Effect.provide(ScriptedLlm.layer([ScriptedLlm.toolCall("when", {}), ScriptedLlm.text("Friday.")]))))

  it.effect("stops when a tool ends the turn, without asking the model again", () =>
    Effect.gen(function*() {
      const result = yield* ToolLoop.run({ messages: [userText("done")], tools: [finish] })
      expect(result.turn).toMatchObject({ _tag: "ToolBroke", tool: "finish", detail: "user said stop" })
      expect(yield* Effect.flatMap(ScriptedLlm, (s) => s.remaining)).toBe(0)
    }).pipe(Effect.provide(ScriptedLlm.layer([ScriptedLlm.toolCall("finish", { reason: "user said stop" })]))))

  it.effect("is bounded by maxIterations", () =>
    Effect.gen(function*() {
      const result = yield* ToolLoop.run({ messages: [userText("loop")], tools: [addItem], maxIterations: 2 })
      expect(result.turn).toMatchObject({ _tag: "ToolBroke", tool: "tool_loop" })
      expect(result.iterations).toBe(2)
    }).pipe(Effect.provide(Layer.merge(
      ScriptedLlm.layer([
        ScriptedLlm.toolCall("add_item", { item: "a" }),
        ScriptedLlm.toolCall("add_item", { item: "b" })
      ]),
      pantry
    ))))

  it.effect("reports an unavailable model as a broken turn, keeping usage of the calls that worked", () =>
    Effect.gen(function*() {
      const result = yield* ToolLoop.run({ messages: [userText("go")], tools: [addItem] })
      expect(result.turn._tag).toBe("Unavailable")
      expect(result.usage.outputTokens).toBe(5)
      expect(yield* Effect.flatMap(Pantry, Ref.get)).toEqual(["tea"])
    }).pipe(Effect.provide(Layer.merge(
      ScriptedLlm.layer([
        ScriptedLlm.toolCall("add_item", { item: "tea" }),
        ScriptedLlm.fail(new LlmUnavailable({ provider: "p", model: "m", reason: "529", attempts: 5 }))
      ]),
      pantry
    ))))

  it.effect("runs concurrency-safe calls together and others one at a time, keeping the model's order", () =>
    Effect.gen(function*() {
      const log = yield* Ref.make<ReadonlyArray<string>>([])
      const slowRead = (name: string) =>
        Tool.make(name, {
          description: "read",
          parameters: Schema.Struct({}),
          concurrencySafe: true,
          handler: () =>
            Ref.update(log, (l) => [...l, `${name}:start`]).pipe(
              Effect.zipRight(Effect.yieldNow()),
              Effect.zipRight(Ref.update(log, (l) => [...l, `${name}:end`])),
              Effect.as(name)
            )
        })
      const write = Tool.make("write", {
        description: "write",
        parameters: Schema.Struct({}),
        handler: () => Ref.update(log, (l) => [...l, "write"]).pipe(Effect.as("w"))
      })
      const result = yield* ToolLoop.run({ messages: [userText("x")], tools: [slowRead("r1"), slowRead("r2"), write] })
      expect(result.turn._tag).toBe("Parsed")
      const entries = yield* Ref.get(log)
      // r1 and r2 overlap (both start before either ends); write runs after both.
      expect(entries.slice(0, 2).sort()).toEqual(["r1:start", "r2:start"])
      expect(entries.at(-1)).toBe("write")
      const [, second] = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      const ids = second?.messages.at(-1)?.content.map((b) => (b._tag === "ToolResult" ? b.toolCallId : ""))
      expect(ids).toEqual(["call_1", "call_2", "call_3"])
    }).pipe(Effect.provide(ScriptedLlm.layer([
      ScriptedLlm.toolCalls([{ name: "r1", input: {} }, { name: "r2", input: {} }, { name: "write", input: {} }]),
      ScriptedLlm.text("done")
    ]))))

  it.effect("accumulates token usage over every call of a session in the UsageMeter", () =>
    Effect.gen(function*() {
      yield* ToolLoop.run({ messages: [userText("a")], tools: [addItem] })
      yield* ToolLoop.run({ messages: [userText("b")], tools: [addItem] })
      const meter = yield* UsageMeter
      expect(yield* meter.calls).toBe(3)
      expect((yield* meter.total).inputTokens).toBe(30)
    }).pipe(Effect.provide(Layer.mergeAll(
      ScriptedLlm.layer([ScriptedLlm.toolCall("add_item", { item: "x" }), ScriptedLlm.text("ok"), ScriptedLlm.text("ok")]),
      pantry,
      UsageMeter.layer
    ))))
})
