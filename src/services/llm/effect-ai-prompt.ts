/**
 * Effect AI ⇄ Shoal, the request side: system prompt, messages, tools and
 * tool choice. Pure translations used by both adapters (effect-ai.ts); each
 * fails with `Unmappable`, naming what has no counterpart, instead of
 * dropping it.
 *
 * What maps: text; user images (base64, or by URL as `image/*`); tool calls;
 * tool results whose content is text (one text block ⇄ a string result,
 * several ⇄ an array of strings); the system prompt (Effect AI's system
 * messages are joined with a blank line); tool specs (their JSON Schema is
 * passed through unchanged); tool choice. A Shoal user message holding both
 * tool results and text becomes Effect AI `tool` and `user` messages, the
 * later ones marked `options.shoal.continuesTurn` so the way back joins them.
 *
 * What does not map (an `Unmappable`): files other than png/jpeg/gif/webp
 * images, images inside tool results, reasoning parts and provider-executed
 * tool calls or results in the conversation, provider-defined tools.
 * Provider options on messages and parts are not forwarded.
 */
import type * as LanguageModel from "@effect/ai/LanguageModel"
import * as Prompt from "@effect/ai/Prompt"
import * as Tool from "@effect/ai/Tool"
import type * as Toolkit from "@effect/ai/Toolkit"
import { Data, Effect, Either, Schema } from "effect"
import type { AssistantContent, Message, ToolChoice, UserContent } from "../../domain/llm.js"
import {
  AssistantMessage,
  GenerateRequest,
  ImageBlock,
  ImageMediaType,
  TextBlock,
  ToolCall,
  ToolResult,
  ToolSpec,
  UserMessage
} from "../../domain/llm.js"

/** Something one side can say and the other cannot. */
export class Unmappable extends Data.TaggedError("EffectAiUnmappable")<{ readonly what: string }> {
  override get message(): string {
    return `cannot translate between Shoal and Effect AI: ${this.what}`
  }
}

const unmappable = (what: string) => Either.left(new Unmappable({ what }))

/** Marks an Effect AI message that continues the previous Shoal user message. */
const continued = { shoal: { continuesTurn: true } } as const
const continuesTurn = (options: Prompt.ProviderOptions): boolean => options["shoal"]?.["continuesTurn"] === true

// ---------------------------------------------------------------------------
// Shoal → Effect AI
// ---------------------------------------------------------------------------

/** The Effect AI prompt for a Shoal request: system message first, then the conversation. */
export const toPrompt = (request: GenerateRequest): Either.Either<Prompt.Prompt, Unmappable> =>
  Either.gen(function*() {
    const messages: Array<Prompt.Message> = []
    if (request.system !== undefined) messages.push(Prompt.makeMessage("system", { content: request.system }))
    const toolNames = new Map<string, string>()
    for (const message of request.messages) {
      if (message._tag === "Assistant") {
        const content = message.content.map((block): Prompt.AssistantMessagePart => {
          if (block._tag === "Text") return Prompt.makePart("text", { text: block.text })
          toolNames.set(block.id, block.name)
          return Prompt.makePart("tool-call", { id: block.id, name: block.name, params: block.input, providerExecuted: false })
        })
        messages.push(Prompt.makeMessage("assistant", { content }))
        continue
      }
      const runs = runsOf(message.content)
      for (const [i, run] of runs.entries()) {
        const options = i === 0 ? {} : continued
        if (run.kind === "tool") {
          const content = yield* Either.all(run.blocks.map((b) => toolResultPart(b, toolNames)))
          messages.push(Prompt.makeMessage("tool", { content, options }))
        } else {
          const content = yield* Either.all(run.blocks.map(userPart))
          messages.push(Prompt.makeMessage("user", { content, options }))
        }
      }
    }
    return Prompt.fromMessages(messages)
  })

type Run =
  | { readonly kind: "tool"; readonly blocks: Array<ToolResult> }
  | { readonly kind: "user"; readonly blocks: Array<TextBlock | ImageBlock> }

/** A user message's content as runs of tool results and of text/images, in order (one empty run for no content). */
const runsOf = (content: ReadonlyArray<UserContent>): ReadonlyArray<Run> => {
  const runs: Array<Run> = []
  for (const block of content) {
    const last = runs.at(-1)
    if (block._tag === "ToolResult") {
      if (last?.kind === "tool") last.blocks.push(block)
      else runs.push({ kind: "tool", blocks: [block] })
    } else if (last?.kind === "user") last.blocks.push(block)
    else runs.push({ kind: "user", blocks: [block] })
  }
  return runs.length === 0 ? [{ kind: "user", blocks: [] }] : runs
}

const userPart = (block: TextBlock | ImageBlock): Either.Either<Prompt.UserMessagePart, Unmappable> => {
  if (block._tag === "Text") return Either.right(Prompt.makePart("text", { text: block.text }))
  const source = block.source
  if (source._tag === "Base64") return Either.right(Prompt.makePart("file", { mediaType: source.mediaType, data: source.data }))
  if (!URL.canParse(source.url)) return unmappable(`an image URL that does not parse: ${source.url.slice(0, 80)}`)
  return Either.right(Prompt.makePart("file", { mediaType: "image/*", data: new URL(source.url) }))
}

const toolResultPart = (
  block: ToolResult,
  toolNames: ReadonlyMap<string, string>
): Either.Either<Prompt.ToolResultPart, Unmappable> => {
  const name = toolNames.get(block.toolCallId)
  if (name === undefined) return unmappable(`a tool result for call ${block.toolCallId}, which no earlier message made`)
  const texts: Array<string> = []
  for (const b of block.content) {
    if (b._tag === "Image") return unmappable(`an image in the result of tool ${name} (Effect AI tool results are JSON)`)
    texts.push(b.text)
  }
  const [only] = texts
  return Either.right(Prompt.makePart("tool-result", {
    id: block.toolCallId,
    name,
    isFailure: block.isError,
    result: texts.length === 1 && only !== undefined ? only : texts,
    providerExecuted: false
  }))
}

/** Parameters that pass any JSON object through, and show the model exactly the spec's JSON Schema. */
const parametersOf = (spec: ToolSpec) =>
  Schema.Struct({}, Schema.Record({ key: Schema.String, value: Schema.Unknown })).annotations({
    jsonSchema: spec.inputSchema
  })

/** A Shoal tool as an Effect AI tool (a definition only: Shoal's tool loop runs the handlers). */
export const toEffectTool = (spec: ToolSpec) =>
  Tool.make(spec.name, { description: spec.description }).setParameters(parametersOf(spec))

export type EffectTool = ReturnType<typeof toEffectTool>
/** The toolkit shape of a translated Shoal request. */
export type EffectTools = Record<string, EffectTool>

/**
 * The tools of a request as a toolkit for `disableToolCallResolution`: Effect AI
 * never runs them (Shoal's tool loop does), so its handler is a defect.
 */
export const toToolkit = (specs: ReadonlyArray<ToolSpec>): Toolkit.WithHandler<EffectTools> => ({
  tools: Object.fromEntries(specs.map((spec) => [spec.name, toEffectTool(spec)])),
  handle: (name) => Effect.dieMessage(`Shoal runs its own tools; Effect AI was asked to run ${String(name)}`)
})

export const toEffectToolChoice = (choice: ToolChoice): LanguageModel.ToolChoice<string> => {
  switch (choice._tag) {
    case "Auto":
      return "auto"
    case "Any":
      return "required"
    case "None":
      return "none"
    case "Tool":
      return { tool: choice.name }
  }
}

// ---------------------------------------------------------------------------
// Effect AI → Shoal
// ---------------------------------------------------------------------------

export interface RequestDefaults {
  /** Effect AI has no per-call token limit; Shoal's requests need one. */
  readonly maxTokens?: number
  readonly temperature?: number
}

/** The tool a JSON answer (`generateObject`) is forced through, as in Shoal's own `extract`. */
export interface ObjectTool {
  readonly name: string
}

/** A Shoal request for what Effect AI hands a provider; `objectTool` is set when the answer must be a JSON object. */
export const toRequest = (
  options: LanguageModel.ProviderOptions,
  defaults: RequestDefaults = {}
): Either.Either<{ readonly request: GenerateRequest; readonly objectTool: ObjectTool | undefined }, Unmappable> =>
  Either.gen(function*() {
    const system: Array<string> = []
    const messages: Array<Message> = []
    for (const message of options.prompt.content) {
      switch (message.role) {
        case "system":
          system.push(message.content)
          break
        case "assistant":
          messages.push(new AssistantMessage({ content: yield* Either.all(message.content.map(assistantBlock)) }))
          break
        case "user":
        case "tool": {
          const blocks = message.role === "user"
            ? yield* Either.all(message.content.map(userBlock))
            : yield* Either.all(message.content.map(toolResultBlock))
          const last = messages.at(-1)
          if (continuesTurn(message.options) && last?._tag === "User") {
            messages[messages.length - 1] = new UserMessage({ content: [...last.content, ...blocks] })
          } else messages.push(new UserMessage({ content: blocks }))
          break
        }
      }
    }
    const tools = yield* Either.all(options.tools.map(toToolSpec))
    let toolChoice = toShoalToolChoice(options.toolChoice)
    let objectTool: ObjectTool | undefined
    if (options.responseFormat.type === "json") {
      const name = toolName(options.responseFormat.objectName)
      if (tools.some((t) => t.name === name)) return yield* unmappable(`an object named like the tool ${name}`)
      tools.push(yield* specOf(name, "Record the answer. Always call this tool exactly once.", options.responseFormat.schema.ast))
      objectTool = { name }
      // Alone, the object tool is forced; beside other tools, some tool must be called.
      toolChoice = tools.length === 1 ? { _tag: "Tool", name } : { _tag: "Any" }
    }
    const request = new GenerateRequest({
      ...(system.length === 0 ? {} : { system: system.join("\n\n") }),
      messages,
      tools,
      toolChoice,
      ...(defaults.maxTokens === undefined ? {} : { maxTokens: defaults.maxTokens }),
      ...(defaults.temperature === undefined ? {} : { temperature: defaults.temperature })
    })
    return { request, objectTool }
  })

const assistantBlock = (part: Prompt.AssistantMessagePart): Either.Either<AssistantContent, Unmappable> => {
  switch (part.type) {
    case "text":
      return Either.right(new TextBlock({ text: part.text }))
    case "tool-call":
      return part.providerExecuted
        ? unmappable(`the provider-executed tool call ${part.name}`)
        : Either.right(new ToolCall({ id: part.id, name: part.name, input: part.params }))
    case "tool-result":
      return unmappable(`the provider-executed tool result of ${part.name}`)
    case "reasoning":
      return unmappable("a reasoning part in an assistant message")
    case "file":
      return unmappable(`a ${part.mediaType} file in an assistant message`)
  }
}

const isImageMediaType = Schema.is(ImageMediaType)

const userBlock = (part: Prompt.UserMessagePart): Either.Either<TextBlock | ImageBlock, Unmappable> => {
  if (part.type === "text") return Either.right(new TextBlock({ text: part.text }))
  const data = part.data
  if (data instanceof URL) {
    return part.mediaType.startsWith("image/")
      ? Either.right(ImageBlock.url(data.toString()))
      : unmappable(`a ${part.mediaType} file by URL (Shoal's models read images only)`)
  }
  if (typeof data === "string" && data.startsWith("data:")) {
    // A data URL: its own media type wins over the part's.
    const match = /^data:([^;,]+);base64,(.*)$/s.exec(data)
    const [, mediaType, payload] = match ?? []
    if (mediaType !== undefined && payload !== undefined && isImageMediaType(mediaType)) {
      return Either.right(ImageBlock.base64(mediaType, payload))
    }
    return unmappable(`a data URL that is not a base64 png, jpeg, gif or webp image`)
  }
  if (!isImageMediaType(part.mediaType)) {
    return unmappable(`a ${part.mediaType} file (Shoal's models read png, jpeg, gif and webp images)`)
  }
  const base64 = typeof data === "string" ? data : Buffer.from(data).toString("base64")
  return Either.right(ImageBlock.base64(part.mediaType, base64))
}

const toolResultBlock = (part: Prompt.ToolResultPart): Either.Either<ToolResult, Unmappable> => {
  if (part.providerExecuted) return unmappable(`the provider-executed tool result of ${part.name}`)
  const result: unknown = part.result
  const texts = typeof result === "string"
    ? [result]
    : Array.isArray(result) && result.every((r): r is string => typeof r === "string")
    ? result
    : [JSON.stringify(result) ?? "null"]
  return Either.right(
    new ToolResult({
      toolCallId: part.id,
      content: texts.map((text) => new TextBlock({ text })),
      isError: part.isFailure
    })
  )
}

const decodeSpec = Schema.decodeUnknownEither(ToolSpec)

const specOf = (name: string, description: string, ast: Schema.Schema.Any["ast"]) =>
  decodeSpec({ name, description, inputSchema: Tool.getJsonSchemaFromSchemaAst(ast) }).pipe(
    Either.mapLeft(() => new Unmappable({ what: `the tool name ${JSON.stringify(name)} (Shoal allows [a-zA-Z0-9_-]{1,64})` }))
  )

const toToolSpec = (tool: Tool.Any): Either.Either<ToolSpec, Unmappable> =>
  Tool.isProviderDefined(tool)
    ? unmappable(`the provider-defined tool ${tool.name}`)
    : specOf(
      tool.name,
      tool.description ?? Tool.getDescriptionFromSchemaAst(tool.parametersSchema.ast) ?? "",
      tool.parametersSchema.ast
    )

/** A valid Shoal tool name for an object name such as a schema identifier. */
const toolName = (objectName: string): string => {
  const cleaned = objectName.replace(/[^a-zA-Z0-9_-]+/g, "_").slice(0, 64)
  return cleaned.length === 0 ? "generateObject" : cleaned
}

const toShoalToolChoice = (choice: LanguageModel.ToolChoice<string>): ToolChoice => {
  if (choice === "auto") return { _tag: "Auto" }
  if (choice === "none") return { _tag: "None" }
  if (choice === "required") return { _tag: "Any" }
  if ("tool" in choice) return { _tag: "Tool", name: choice.tool }
  // `oneOf`: Effect AI has already narrowed the tools to those named.
  return choice.mode === "required" ? { _tag: "Any" } : { _tag: "Auto" }
}
