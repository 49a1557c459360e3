/**
 * Record/replay: turn a real session into a deterministic test.
 *
 * `SHOAL_LLM_RECORD=DIR` saves every request/response pair, keyed by a hash
 * of (provider, model, request). `SHOAL_LLM_REPLAY=DIR` answers from those
 * files and fails with `ReplayMiss` on a request it has not seen, so a replayed
 * session cannot silently drift from the recording.
 */
import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import { createHash } from "node:crypto"
import { Data, Effect, Schema, Stream } from "effect"
import type { GenerateRequest as GenerateRequestType } from "../../domain/llm.js"
import { GenerateRequest, ModelResponse, ReplayMiss, StreamEvent } from "../../domain/llm.js"
import { takesImages } from "./images.js"
import type { LlmShape } from "./llm.js"
import { meter } from "./resilient.js"

const Recording = Schema.Struct({
  provider: Schema.String,
  model: Schema.String,
  request: GenerateRequest,
  response: ModelResponse
})
const RecordingJson = Schema.parseJson(Recording, { space: 2 })

const encodeRequest = Schema.encodeSync(GenerateRequest)

/** Stable across runs and machines: keys sorted, so property order never changes the hash. */
export const recordingKey = (provider: string, model: string, request: GenerateRequestType): string =>
  createHash("sha256")
    .update(stableStringify({ provider, model, request: encodeRequest(request) }))
    .digest("hex")
    .slice(0, 32)

const stableStringify = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`
  }
  return JSON.stringify(value)
}

/** Streams of a recorded or replayed call are its response, emitted whole. */
const streamOf = (generate: LlmShape["generate"]): LlmShape["stream"] => (request) =>
  Stream.fromEffect(generate(request)).pipe(
    Stream.flatMap((response) =>
      Stream.make(
        ...(response.text.length > 0 ? [StreamEvent.TextDelta({ text: response.text })] : []),
        StreamEvent.Completed({ response })
      )
    )
  )

/** Wrap a live model so every answered call is saved under `directory`. */
export const recording = (directory: string) => (llm: LlmShape) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    yield* fs.makeDirectory(directory, { recursive: true }).pipe(Effect.orDie)
    const generate: LlmShape["generate"] = (request) =>
      llm.generate(request).pipe(
        Effect.tap((response) => {
          const file = path.join(directory, `${recordingKey(llm.provider, llm.model, request)}.json`)
          return Schema.encode(RecordingJson)({ provider: llm.provider, model: llm.model, request, response }).pipe(
            Effect.flatMap((text) => fs.writeFileString(file, text)),
            Effect.catchAll((error) => Effect.logWarning(`could not record ${file}: ${String(error)}`))
          )
        })
      )
    return { ...llm, generate, stream: streamOf(generate) } satisfies LlmShape
  })

/**
 * A model that answers only from recordings made with the same provider and
 * model; it takes images when that model does, so a run replays as recorded.
 */
export const replaying = (directory: string, provider: string, model: string) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const generate: LlmShape["generate"] = (request) => {
      const key = recordingKey(provider, model, request)
      return fs.readFileString(path.join(directory, `${key}.json`)).pipe(
        Effect.flatMap(Schema.decode(RecordingJson)),
        Effect.map((r) => r.response),
        Effect.mapError(() => new ReplayMiss({ key, directory })),
        Effect.tap(meter)
      )
    }
    const capabilities = { answers: true, images: takesImages(provider, model) }
    return { provider, model, generate, stream: streamOf(generate), capabilities } satisfies LlmShape
  })

/** `SHOAL_LLM_REPLAY` names a directory that cannot say which model to replay. */
export class ReplayUnusable extends Data.TaggedError("ReplayUnusable")<{
  readonly directory: string
  readonly problem: "empty" | "several-models"
  readonly models: ReadonlyArray<string>
}> {
  override get message(): string {
    return this.problem === "empty"
      ? `SHOAL_LLM_REPLAY=${this.directory} holds no recordings (make some with SHOAL_LLM_RECORD)`
      : `SHOAL_LLM_REPLAY=${this.directory} holds recordings of ${this.models.join(", ")}: pass --provider and --model to pick one`
  }
}

/**
 * The provider and model the recordings in `directory` were made with, so a
 * replay needs no key and no flags: replay is its own provider, never the
 * offline rules. Fails when the directory holds none, or several models.
 */
export const recordedModel = (directory: string) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const names = yield* fs.readDirectory(directory).pipe(Effect.orElseSucceed(() => []))
    const seen = new Map<string, { readonly provider: string; readonly model: string }>()
    for (const name of names.filter((n) => n.endsWith(".json"))) {
      const recording = yield* fs.readFileString(path.join(directory, name)).pipe(
        Effect.flatMap(Schema.decode(RecordingJson)),
        Effect.option
      )
      if (recording._tag === "Some") {
        const { provider, model } = recording.value
        seen.set(`${provider}/${model}`, { provider, model })
      }
    }
    const models = [...seen.values()]
    const only = models[0]
    if (only === undefined) return yield* new ReplayUnusable({ directory, problem: "empty", models: [] })
    if (models.length > 1) return yield* new ReplayUnusable({ directory, problem: "several-models", models: [...seen.keys()] })
    return only
  })
