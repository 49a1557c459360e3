/**
 * Tools as values, in the shape of Effect AI's `Tool.make(name, { description,
 * parameters, success, failure, failureMode })` — our own, not `@effect/ai`'s:
 * the handler is given with the tool, and the loop runs it.
 *
 * - `parameters` is the Effect Schema of the model's input; the JSON Schema
 *   the model sees is derived from it (`JSONSchema.make`), so the two cannot drift.
 * - `success` (default `Schema.Unknown`) encodes what the handler returns;
 *   the model is shown the encoded value as JSON text (a string as itself),
 *   or what `render` makes of it (e.g. a page snapshot with a screenshot).
 * - `failure` (default `Schema.Never`) is the handler's typed failure. With
 *   `failureMode: "return"` a failure is encoded with it and given back to the
 *   model as a tool error (`is_error`), a sentence and the encoded value, so
 *   it can recover; with `"error"` (the default, as in Effect AI) it fails
 *   the loop, in the loop's error channel.
 *
 * A handler's requirements flow into the loop's type: a tool that asks the
 * user simply `yield* QuestionUI`.
 */
import { Effect, JSONSchema, Option, ParseResult, Schema } from "effect"
import { ImageBlock, TextBlock, ToolSpec } from "../../domain/llm.js"
import * as Steps from "../steps/steps.js"

/** What the model is shown of a call: text and images. As a `success` Schema, with `render: (blocks) => blocks`, a tool answers in blocks. */
export const ToolOutput = Schema.Array(Schema.Union(TextBlock, ImageBlock))
export type ToolOutput = ReadonlyArray<TextBlock | ImageBlock>

export type FailureMode = "error" | "return"

/** Any Schema without requirements, `Schema.Never` included (Effect's `Schema.All`, context-free). */
export type AnySchema = Schema.Schema.AnyNoContext | Schema.Schema<never, never, never>

/** What one call gave the model, and whether it ended the turn. */
export interface Called {
  readonly output: ToolOutput
  readonly isError: boolean
  /** Set when the tool ended the turn (`breaksTurn`): the loop stops with `ToolBroke`. */
  readonly brokeWith: Option.Option<string>
}

/** `Called` as a Schema: what a durable host journals of a call. */
export const CalledSchema = Schema.Struct({ output: ToolOutput, isError: Schema.Boolean, brokeWith: Schema.Option(Schema.String) })

/**
 * A tool with its Schemas erased to what the loop needs: `E` is what fails
 * the loop (a `failureMode: "error"` tool's failure), `R` what the handler needs.
 */
export interface Runnable<out E, out R> {
  readonly name: string
  readonly description: string
  /** The tool as the model sees it. */
  readonly spec: ToolSpec
  /** May run at the same time as the turn's other concurrency-safe calls (reads, lookups). */
  readonly concurrencySafe: boolean
  /**
   * The handler asks the user (`QuestionUI`): its call is not one journaled step (`Steps`), since a
   * durable host journals its questions one by one. Every other call is a step.
   */
  readonly asksUser: boolean
  /** Decode the model's input, run the handler, and encode what the model is shown. */
  readonly call: (input: unknown) => Effect.Effect<Called, E, R>
  /**
   * `call` as the `Steps` step `name` (once per step under a durable host): a typed failure that fails the
   * loop is journaled with the tool's own `failure` Schema, so a replay gets it back instead of calling again.
   */
  readonly once: (name: string, input: unknown) => Effect.Effect<Called, E, R>
}

/** Any tool, for lists of tools of different types. */
export type Any = Runnable<unknown, unknown>
export type ErrorOf<T> = T extends Runnable<infer E, infer _R> ? E : never
export type RequirementsOf<T> = T extends Runnable<infer _E, infer R> ? R : never

/**
 * A list of tools, seen as tools of the union of their errors and
 * requirements: the existential TypeScript cannot see through a generic
 * `Tools[number]`. Every element is such a tool (`Runnable` is covariant).
 */
export function erase<const Tools extends ReadonlyArray<Any>>(
  tools: Tools
): ReadonlyArray<Runnable<ErrorOf<Tools[number]>, RequirementsOf<Tools[number]>>>
export function erase(tools: ReadonlyArray<Any>): ReadonlyArray<Any> {
  return tools
}

/** What fails the loop for a tool of this mode: its failure with "error", nothing with "return". */
export type LoopError<Mode extends FailureMode, F> = Mode extends "error" ? F : never

export interface Tool<
  Parameters extends Schema.Schema.AnyNoContext,
  Success extends AnySchema,
  Failure extends AnySchema,
  Mode extends FailureMode,
  R
> extends Runnable<LoopError<Mode, Failure["Type"]>, R> {
  readonly parameters: Parameters
  readonly success: Success
  readonly failure: Failure
  readonly failureMode: Mode
  readonly handler: (params: Parameters["Type"]) => Effect.Effect<Success["Type"], Failure["Type"], R>
}

export interface Options<
  Parameters extends Schema.Schema.AnyNoContext,
  Success extends AnySchema,
  Failure extends AnySchema,
  R
> {
  readonly description: string
  readonly parameters: Parameters
  readonly success?: Success
  readonly failure?: Failure
  readonly handler: (params: Parameters["Type"]) => Effect.Effect<Success["Type"], Failure["Type"], R>
  /** How a success is shown to the model; default: the encoded value as JSON text (a string as itself). */
  readonly render?: (success: Success["Type"]) => ToolOutput
  readonly concurrencySafe?: boolean
  /** The handler asks the user (see `Runnable.asksUser`); default false. */
  readonly asksUser?: boolean
  /**
   * When it returns a reason after a success, the tool ended the turn (e.g.
   * the user said stop, or a report tool recorded the item's outcome): the
   * loop stops with `ToolBroke` instead of asking the model again.
   */
  readonly breaksTurn?: (params: Parameters["Type"]) => string | undefined
}

/** A tool whose typed failures go back to the model as tool errors. */
export function make<
  Parameters extends Schema.Schema.AnyNoContext,
  Failure extends AnySchema,
  R,
  Success extends AnySchema = typeof Schema.Unknown
>(
  name: string,
  options: Options<Parameters, Success, Failure, R> & { readonly failure: Failure; readonly failureMode: "return" }
): Tool<Parameters, Success, Failure, "return", R>
/** A tool whose failures (none, by default) fail the loop. */
export function make<
  Parameters extends Schema.Schema.AnyNoContext,
  R,
  Success extends AnySchema = typeof Schema.Unknown,
  Failure extends AnySchema = typeof Schema.Never
>(
  name: string,
  options: Options<Parameters, Success, Failure, R> & { readonly failureMode?: "error" }
): Tool<Parameters, Success, Failure, "error", R>
export function make(
  name: string,
  options: Options<Schema.Schema.AnyNoContext, Schema.Schema.AnyNoContext, Schema.Schema.AnyNoContext, unknown> & {
    readonly failureMode?: FailureMode
  }
): Tool<Schema.Schema.AnyNoContext, AnySchema, AnySchema, FailureMode, unknown> {
  const success = options.success ?? Schema.Unknown
  const failure = options.failure
  const failureMode = options.failureMode ?? "error"
  const render = options.render
  const error = (text: string): Called => ({ output: [new TextBlock({ text })], isError: true, brokeWith: Option.none() })
  const call = (input: unknown): Effect.Effect<Called, unknown, unknown> =>
    Effect.gen(function*() {
      const params = yield* decodeInput(options.parameters, input).pipe(Effect.either)
      if (params._tag === "Left") return error(`Invalid input for ${name}:\n${params.left}`)
      const outcome = yield* options.handler(params.right).pipe(Effect.either)
      if (outcome._tag === "Left") {
        if (failureMode === "error" || failure === undefined) return yield* Effect.fail(outcome.left)
        // A failure its own Schema cannot encode is the tool's bug: a defect, shown as an internal error.
        const encoded = yield* Schema.encodeUnknown(failure)(outcome.left).pipe(Effect.orDie)
        yield* Effect.logWarning(`tool ${name} failed: ${describeError(outcome.left)}`)
        return error(failureText(name, outcome.left, encoded))
      }
      const encoded = yield* Schema.encodeUnknown(success)(outcome.right).pipe(Effect.orDie)
      return {
        output: render === undefined ? renderJson(encoded) : render(outcome.right),
        isError: false,
        brokeWith: Option.fromNullable(options.breaksTurn?.(params.right))
      }
    })
  return {
    name,
    description: options.description,
    spec: toolSpecFromSchema(name, options.description, options.parameters),
    concurrencySafe: options.concurrencySafe ?? false,
    asksUser: options.asksUser ?? false,
    parameters: options.parameters,
    success,
    failure: failure ?? Schema.Never,
    failureMode,
    handler: options.handler,
    call,
    // Only an "error" tool's failure leaves the step as a failure; a "return" tool's is a result like any other.
    once: (step, input) => Steps.once(step, CalledSchema, call(input), failureMode === "error" ? failure : undefined)
  }
}

export const renderJson = (output: unknown): ToolOutput => [
  new TextBlock({ text: typeof output === "string" ? output : JSON.stringify(output) })
]

/** A returned failure as the model reads it: what went wrong in words, then the encoded typed value. */
const failureText = (name: string, failure: unknown, encoded: unknown): string =>
  `${name} failed: ${describeError(failure)}${typeof encoded === "object" && encoded !== null ? `\n${JSON.stringify(encoded)}` : ""}`

export const describeError = (error: unknown): string => {
  if (typeof error === "object" && error !== null) {
    const message = "message" in error && typeof error.message === "string" && error.message.length > 0
      ? error.message
      : undefined
    const tag = "_tag" in error && typeof error._tag === "string" ? error._tag : undefined
    if (message !== undefined && tag !== undefined) return `${tag}: ${message}`
    if (message !== undefined) return message
    if (tag !== undefined) return tag
  }
  return String(error)
}

/** The tool as the model sees it. */
export const spec = (tool: Any): ToolSpec => tool.spec

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
export const decodeInput = <A, I>(schema: Schema.Schema<A, I, never>, input: unknown) =>
  Schema.decodeUnknown(schema, { errors: "all", onExcessProperty: "ignore" })(input).pipe(
    Effect.mapError((e) => ParseResult.TreeFormatter.formatErrorSync(e))
  )
