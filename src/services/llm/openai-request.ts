/**
 * Our `GenerateRequest` in the OpenAI Chat Completions wire format — also
 * what OpenAI-compatible servers (Ollama, vLLM, Gemini) accept.
 *
 * Where it sits: the first half of the OpenAI adapter (openai.ts) — pure
 * translation, no IO; only SDK *types* are imported.
 *
 * Two shapes differ from ours: a tool result is its own `role: "tool"`
 * message and can carry only text, so a tool's images follow in a user
 * message; and there is no `is_error`, so a failed tool's text says so.
 */
import type {
  ChatCompletionContentPart,
  ChatCompletionContentPartImage,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
  ChatCompletionToolChoiceOption
} from "openai/resources/chat/completions"
import { Match } from "effect"
import type { AssistantMessage, GenerateRequest, ImageBlock, Message, ToolChoice, ToolSpec, UserMessage } from "../../domain/llm.js"
// Declared beside the layer, so the layer's types do not reach the SDK's (an optional peer).
import type { TokenLimitField } from "./openai.js"


export const toOpenAiParams = (
  model: string,
  request: GenerateRequest,
  tokenLimitField: TokenLimitField = "max_completion_tokens"
): ChatCompletionCreateParamsNonStreaming => ({
  model,
  messages: [
    ...(request.system === undefined ? [] : [{ role: "system" as const, content: request.system }]),
    ...request.messages.flatMap(toMessages)
  ],
  [tokenLimitField]: request.maxTokens,
  ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  // Servers reject `tool_choice` without tools, so both are sent or neither.
  ...(request.tools.length === 0 ? {} : {
    tools: request.tools.map(toTool),
    tool_choice: toToolChoice(request.toolChoice)
  })
})

const toMessages = (message: Message): Array<ChatCompletionMessageParam> =>
  message._tag === "User" ? fromUser(message) : [fromAssistant(message)]

export const imagePart = (block: ImageBlock): ChatCompletionContentPartImage => ({
  type: "image_url",
  image_url: {
    url: block.source._tag === "Base64" ? `data:${block.source.mediaType};base64,${block.source.data}` : block.source.url
  }
})

/**
 * Tool messages first (they must directly follow the assistant's tool
 * calls), then one user message with the tools' images and the user's own
 * text and images.
 */
const fromUser = (message: UserMessage): Array<ChatCompletionMessageParam> => {
  const toolMessages: Array<ChatCompletionMessageParam> = []
  const parts: Array<ChatCompletionContentPart> = []
  for (const block of message.content) {
    Match.value(block).pipe(
      Match.tagsExhaustive({
        Text: (b) => void parts.push({ type: "text", text: b.text }),
        Image: (b) => void parts.push(imagePart(b)),
        ToolResult: (b) => {
          const texts = b.content.flatMap((c) => (c._tag === "Text" ? [c.text] : []))
          const images = b.content.filter((c): c is ImageBlock => c._tag === "Image")
          const text = texts.join("\n") || (images.length > 0 ? "(the result is the image below)" : "")
          toolMessages.push({ role: "tool", tool_call_id: b.toolCallId, content: b.isError ? `Error: ${text}` : text })
          if (images.length > 0) {
            parts.push({ type: "text", text: `Image(s) returned by tool call ${b.toolCallId}:` }, ...images.map(imagePart))
          }
        }
      })
    )
  }
  if (parts.length === 0) return toolMessages
  // A lone text part goes as a plain string: the form every compatible server accepts.
  const only = parts.length === 1 ? parts[0] : undefined
  const content = only?.type === "text" ? only.text : parts
  return [...toolMessages, { role: "user", content }]
}

const fromAssistant = (message: AssistantMessage): ChatCompletionMessageParam => {
  const text = message.content.flatMap((b) => (b._tag === "Text" ? [b.text] : [])).join("")
  const calls = message.content.flatMap((b) =>
    b._tag === "ToolCall"
      ? [{
        id: b.id,
        type: "function" as const,
        // An input kept raw because it did not parse is sent back as it was written.
        function: { name: b.name, arguments: typeof b.input === "string" ? b.input : JSON.stringify(b.input) }
      }]
      : []
  )
  return {
    role: "assistant",
    content: text.length === 0 ? null : text,
    ...(calls.length === 0 ? {} : { tool_calls: calls })
  }
}

const toTool = (spec: ToolSpec): ChatCompletionTool => ({
  type: "function",
  function: { name: spec.name, description: spec.description, parameters: { ...spec.inputSchema } }
})

const toToolChoice = (choice: ToolChoice): ChatCompletionToolChoiceOption =>
  Match.value(choice).pipe(
    Match.tagsExhaustive({
      Auto: (): ChatCompletionToolChoiceOption => "auto",
      Any: (): ChatCompletionToolChoiceOption => "required",
      None: (): ChatCompletionToolChoiceOption => "none",
      Tool: ({ name }): ChatCompletionToolChoiceOption => ({ type: "function", function: { name } })
    })
  )
