/**
 * Tools as values: a name, a description, an Effect Schema for the input and
 * an Effect handler. The JSON Schema the model sees is derived from the Effect
 * Schema (`JSONSchema.make`), so the two cannot drift. A handler's
 * requirements flow into the loop's type: a tool that asks the user simply
 * `yield* QuestionUI`.
 */
import { Effect, JSONSchema, ParseResult, Schema } from "effect"
import { ImageBlock, TextBlock, ToolSpec } from "../../domain/llm.js"

export type ToolOutput = ReadonlyArray<TextBlock | ImageBlock>

export interface Tool<in out I = any, out E = any, out R = any> {
  readonly name: string
  readonly description: string
  readonly input: Schema.Schema<I, any, never>
  /** Runs the tool. Its output is shown to the model as the tool result. */
  readonly handler: (input: I) => Effect.Effect<ToolOutput, E, R>
  /** May run at the same time as the turn's other concurrency-safe calls (reads, lookups). */
  readonly concurrencySafe: boolean
  /**
   * When it returns a reason, the tool ended the turn (e.g. the user said
   * stop, or a report tool recorded the item's outcome): the loop stops with
   * `ToolBroke` instead of asking the model again.
   */
  readonly breaksTurn?: (input: I) => string | undefined
}

export type ToolError<T> = T extends Tool<any, infer E, any> ? E : never
export type ToolRequirements<T> = T extends Tool<any, any, infer R> ? R : never

/** Build a tool whose handler returns any JSON-encodable value, shown to the model as JSON text. */
export const make = <I, O, E = never, R = never>(options: {
  readonly name: string
  readonly description: string
  readonly input: Schema.Schema<I, any, never>
  readonly handler: (input: I) => Effect.Effect<O, E, R>
  readonly render?: (output: O) => ToolOutput
  readonly concurrencySafe?: boolean
  readonly breaksTurn?: (input: I) => string | undefined
}): Tool<I, E, R> => ({
  name: options.name,
  description: options.description,
  input: options.input,
  concurrencySafe: options.concurrencySafe ?? false,
  ...(options.breaksTurn === undefined ? {} : { breaksTurn: options.breaksTurn }),
  handler: (input) => Effect.map(options.handler(input), options.render ?? renderJson)
})

export const renderJson = (output: unknown): ToolOutput => [
  new TextBlock({ text: typeof output === "string" ? output : JSON.stringify(output) })
]

/** The tool as the model sees it. */
export const spec = (tool: Pick<Tool, "name" | "description" | "input">): ToolSpec =>
  toolSpecFromSchema(tool.name, tool.description, tool.input)

/**
 * A tool spec whose input schema is derived from an Effect Schema. Providers
 * need an object at the root, so a top-level `$ref` is inlined.
 */
export const toolSpecFromSchema = <A, I>(
  name: string,
  description: string,
  schema: Schema.Schema<A, I, never>
): ToolSpec => new ToolSpec({ name, description, inputSchema: inputSchemaOf(schema) })

/**
 * A Schema's JSON Schema never changes, and deriving it walks the whole AST: it
 * is derived once per Schema (a structured-output call builds its tool spec on
 * every turn).
 */
const inputSchemas = new WeakMap<Schema.Schema.Any, Record<string, unknown>>()

const inputSchemaOf = <A, I>(schema: Schema.Schema<A, I, never>): Record<string, unknown> => {
  const known = inputSchemas.get(schema)
  if (known !== undefined) return known
  const { $schema: _ignored, ...root } = JSONSchema.make(schema) as unknown as Record<string, unknown>
  const derived = inlineRootRef(root)
  inputSchemas.set(schema, derived)
  return derived
}

const inlineRootRef = (root: Record<string, unknown>): Record<string, unknown> => {
  const ref = root["$ref"]
  const defs = root["$defs"]
  if (typeof ref !== "string" || typeof defs !== "object" || defs === null) return root
  const key = decodeURIComponent(ref.replace(/^#\/\$defs\//, ""))
  const target = (defs as Record<string, unknown>)[key]
  if (typeof target !== "object" || target === null) return root
  const { $ref: _r, $defs: _d, ...rest } = root
  return { ...(target as Record<string, unknown>), ...rest, $defs: defs }
}

/** Decode a model-written tool input with the tool's Schema; the message is readable by a model. */
export const decodeInput = <I>(schema: Schema.Schema<I, any, never>, input: unknown) =>
  Schema.decodeUnknown(schema, { errors: "all", onExcessProperty: "ignore" })(input).pipe(
    Effect.mapError((e) => ParseResult.TreeFormatter.formatErrorSync(e))
  )
