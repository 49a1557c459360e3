/**
 * Our `GenerateRequest` in the Anthropic Messages wire format.
 *
 * Where it sits: the first half of the Anthropic adapter (anthropic.ts) — pure
 * translation, no IO. Only SDK *types* are imported, so loading this module
 * never loads the SDK.
 */
import type Anthropic from "@anthropic-ai/sdk"
import { Match } from "effect"
import type {
  AssistantContent,
  GenerateRequest,
  ImageBlock,
  Message,
  TextBlock,
  ToolChoice,
  ToolSpec,
  UserContent
} from "../../domain/llm.js"

/**
 * SDK 1.12's types no longer list `temperature`, but the Messages API still
 * accepts it for the models we use; it is sent only when the caller set one.
 */
export type AnthropicParams = Anthropic.MessageCreateParamsNonStreaming & { temperature?: number }

export const toAnthropicParams = (model: string, request: GenerateRequest): AnthropicParams => ({
  model,
  max_tokens: request.maxTokens,
  messages: request.messages.map(toMessageParam),
  ...(request.system === undefined ? {} : { system: request.system }),
  ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  // The API rejects `tool_choice` without tools, so both are sent or neither.
  ...(request.tools.length === 0 ? {} : {
    tools: request.tools.map(toTool),
    tool_choice: toToolChoice(request.toolChoice)
  })
})

const toMessageParam = (message: Message): Anthropic.MessageParam =>
  message._tag === "User"
    ? { role: "user", content: message.content.flatMap(userBlock) }
    : { role: "assistant", content: message.content.flatMap(assistantBlock) }

// The API rejects empty text blocks; a streamed response can end with one.
const textBlock = (block: TextBlock): Array<Anthropic.TextBlockParam> =>
  block.text.length === 0 ? [] : [{ type: "text", text: block.text }]

const imageBlock = (block: ImageBlock): Anthropic.ImageBlockParam => ({
  type: "image",
  source: block.source._tag === "Base64"
    ? { type: "base64", media_type: block.source.mediaType, data: block.source.data }
    : { type: "url", url: block.source.url }
})

const userBlock = (block: UserContent): Array<Anthropic.ContentBlockParam> =>
  Match.value(block).pipe(
    Match.tag("Text", textBlock),
    Match.tag("Image", (b): Array<Anthropic.ContentBlockParam> => [imageBlock(b)]),
    Match.tag("ToolResult", (b): Array<Anthropic.ContentBlockParam> => [{
      type: "tool_result",
      tool_use_id: b.toolCallId,
      is_error: b.isError,
      content: b.content.flatMap((c): Array<Anthropic.TextBlockParam | Anthropic.ImageBlockParam> =>
        c._tag === "Text" ? textBlock(c) : [imageBlock(c)]
      )
    }]),
    Match.exhaustive
  )

const assistantBlock = (block: AssistantContent): Array<Anthropic.ContentBlockParam> =>
  Match.value(block).pipe(
    Match.tag("Text", textBlock),
    Match.tag("ToolCall", (b): Array<Anthropic.ContentBlockParam> => [{
      type: "tool_use",
      id: b.id,
      name: b.name,
      // The API only takes an object. A non-object input can only be the raw
      // text of a call another provider garbled; the model sees it was empty.
      input: isRecord(b.input) ? b.input : {}
    }]),
    Match.exhaustive
  )

const toTool = (spec: ToolSpec): Anthropic.Tool => ({
  name: spec.name,
  description: spec.description,
  input_schema: { ...spec.inputSchema, type: "object" }
})

const toToolChoice = (choice: ToolChoice): Anthropic.ToolChoice =>
  Match.value(choice).pipe(
    Match.tagsExhaustive({
      Auto: (): Anthropic.ToolChoice => ({ type: "auto" }),
      Any: (): Anthropic.ToolChoice => ({ type: "any" }),
      None: (): Anthropic.ToolChoice => ({ type: "none" }),
      Tool: ({ name }): Anthropic.ToolChoice => ({ type: "tool", name })
    })
  )

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
