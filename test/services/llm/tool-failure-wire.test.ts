/**
 * A tool's typed failure, end to end on the wire: with `failureMode: "return"`
 * the loop encodes it with the tool's failure Schema and the live Anthropic
 * and OpenAI layers send it back as an error result — Anthropic's
 * `tool_result` with `is_error: true`, OpenAI's tool message marked
 * `Error:` (its tool messages have no error flag). Real SDKs, the recorded
 * fixtures, a loopback server; nothing leaves 127.0.0.1.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { userText } from "../../../src/domain/llm.js"
import { Llm } from "../../../src/services/llm/llm.js"
import * as Tool from "../../../src/services/llm/tool.js"
import * as ToolLoop from "../../../src/services/llm/tool-loop.js"
import { jsonFixture } from "../../fakes/llm-fixtures.js"
import { anthropicOnLoopback, openAiOnLoopback } from "../../fakes/llm-wire.js"

class UnknownPerson extends Schema.TaggedError<UnknownPerson>()("UnknownPerson", { name: Schema.String }) {
  override get message(): string {
    return `nobody called ${this.name} is in the family`
  }
}

const family: Record<string, number> = { Alice: 30, Bob: 29, Charlie: 28 }

/** Matches the fixture's tool: Daisy is not in the family, a typed failure the model is told of. */
const retrieveEntityInfo = Tool.make("retrieve_entity_info", {
  description: "Look up a family member",
  parameters: Schema.Struct({ name: Schema.String }),
  success: Schema.Struct({ age: Schema.Int }),
  failure: UnknownPerson,
  failureMode: "return",
  handler: ({ name }) => {
    const age = family[name]
    return age === undefined ? Effect.fail(new UnknownPerson({ name })) : Effect.succeed({ age })
  }
})

class NoCountry extends Schema.TaggedError<NoCountry>()("NoCountry", { country: Schema.String }) {
  override get message(): string {
    return `no capital is known for ${this.country}`
  }
}

const getCapital = Tool.make("get_capital", {
  description: "The capital of a country",
  parameters: Schema.Struct({ country: Schema.String }),
  success: Schema.String,
  failure: NoCountry,
  failureMode: "return",
  handler: ({ country }) => Effect.fail(new NoCountry({ country }))
})

describe("a tool's typed failure reaches the model as an error result", () => {
  it.scoped("Anthropic: tool_result with is_error true, the failure encoded", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* anthropicOnLoopback
      yield* server.enqueue(jsonFixture("02-anthropic-tool-use-parallel.json"), jsonFixture("01-anthropic-text.json"))
      const result = yield* ToolLoop.run({ messages: [userText("Who is the youngest?")], tools: [retrieveEntityInfo] }).pipe(
        Effect.provideService(Llm, llm)
      )
      expect(result.turn._tag).toBe("Parsed")
      const [, second] = yield* server.requests
      const body = Schema.decodeUnknownSync(Schema.Struct({ messages: Schema.Array(Schema.Struct({ role: Schema.String, content: Schema.Unknown })) }))(second?.body)
      expect(body.messages.at(-1)).toEqual({
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_0167cfEnoQaPviGdVXA95zcu", is_error: false, content: [{ type: "text", text: "{\"age\":30}" }] },
          { type: "tool_result", tool_use_id: "toolu_01EEe2V5HD1Ac4rKiUR4HD2T", is_error: false, content: [{ type: "text", text: "{\"age\":29}" }] },
          { type: "tool_result", tool_use_id: "toolu_01XFyAjstT3966qvRynZyVPo", is_error: false, content: [{ type: "text", text: "{\"age\":28}" }] },
          {
            type: "tool_result",
            tool_use_id: "toolu_013mnQZbgtK2oe3Mo3XKJsx3",
            is_error: true,
            content: [{
              type: "text",
              text: "retrieve_entity_info failed: UnknownPerson: nobody called Daisy is in the family\n{\"name\":\"Daisy\",\"_tag\":\"UnknownPerson\"}"
            }]
          }
        ]
      })
    }))

  it.scoped("OpenAI: the tool message says Error:, the failure encoded", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* openAiOnLoopback
      yield* server.enqueue(jsonFixture("09-openai-tool-calls.json"), jsonFixture("08-openai-text.json"))
      const result = yield* ToolLoop.run({ messages: [userText("What is the capital of England?")], tools: [getCapital] }).pipe(
        Effect.provideService(Llm, llm)
      )
      expect(result.turn._tag).toBe("Parsed")
      const [, second] = yield* server.requests
      expect(second?.body).toMatchObject({
        messages: [
          { role: "user" },
          { role: "assistant", tool_calls: [{ id: "call_SkEQ3ZGSJC8m6AvaIGNuuKdm", function: { name: "get_capital" } }] },
          {
            role: "tool",
            tool_call_id: "call_SkEQ3ZGSJC8m6AvaIGNuuKdm",
            content: "Error: get_capital failed: NoCountry: no capital is known for England\n{\"country\":\"England\",\"_tag\":\"NoCountry\"}"
          }
        ]
      })
    }))
})
