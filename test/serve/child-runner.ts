/**
 * `shoal serve`'s runtime as a child process the restart test can SIGKILL:
 * the echo agent on `SHOAL_TEST_DB` (a SQLite file, or a postgres:// URL with
 * `SHOAL_TEST_RUNNER_PORT` for one of several runners), with a model that
 * appends one line to `SHOAL_TEST_CALLS` per call it is paid for — a count
 * that outlives the process. For "note…" the model first calls `write_note`
 * (then answers "noted"), and the note goes to the file `SHOAL_TEST_NOTES`;
 * a note that says "refuse" is appended there too (the attempt), then refused
 * with the tool's typed failure `NoteRefused`. `SHOAL_TEST_CLOCK_OFFSET_MS`
 * moves the whole runner's `Clock` (a runner on another day).
 * Prints `{"url": …}` once listening.
 */
import { Clock, Effect, Layer, Stream } from "effect"
import { appendFileSync } from "node:fs"
import type { GenerateRequest } from "../../src/domain/llm.js"
import { StreamEvent } from "../../src/domain/llm.js"
import { Llm } from "../../src/services/llm/llm.js"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { shiftedClock } from "../../src/serve/turn-clock.js"
import { NoteRefused, startServe } from "./harness.js"

const db = process.env["SHOAL_TEST_DB"] ?? ""
const calls = process.env["SHOAL_TEST_CALLS"] ?? ""
const notes = process.env["SHOAL_TEST_NOTES"] ?? ""
const runnerPort = process.env["SHOAL_TEST_RUNNER_PORT"]
/** With several runners: which process paid for each call (`<pid> <text>` per line). */
const payers = process.env["SHOAL_TEST_PAYERS"]
const clockOffset = Number(process.env["SHOAL_TEST_CLOCK_OFFSET_MS"] ?? "0")

const paid = (request: GenerateRequest) =>
  Effect.sync(() => {
    const last = request.messages.at(-1)
    const text = last !== undefined && last._tag === "User" ? last.content.map((c) => (c._tag === "Text" ? c.text : "")).join("") : ""
    const toolResult = last !== undefined && last._tag === "User" && last.content.some((c) => c._tag === "ToolResult")
    appendFileSync(calls, `${toolResult ? "(tool result)" : text}\n`)
    if (payers !== undefined) appendFileSync(payers, `${process.pid} ${toolResult ? "(tool result)" : text}\n`)
    if (toolResult) return ScriptedLlm.text("noted")
    return text.startsWith("note") ? ScriptedLlm.toolCall("write_note", { text }, "n1") : ScriptedLlm.text(`paid for ${text}`)
  })

const countingLlm = Layer.succeed(Llm, {
  provider: "counting",
  model: "counting",
  generate: paid,
  stream: (request) => Stream.flatMap(Stream.fromEffect(paid(request)), (response) => Stream.make(StreamEvent.Completed({ response })))
})

Effect.runFork(
  Effect.gen(function*() {
    const notebook = {
      write: (text: string) =>
        Effect.sync(() => appendFileSync(notes, `${text}\n`)).pipe(
          Effect.zipRight(text.includes("refuse") ? Effect.fail(new NoteRefused({ text })) : Effect.void)
        )
    }
    const served = yield* startServe({ db, llm: countingLlm, notebook, ...(runnerPort === undefined ? {} : { runnerPort: Number(runnerPort) }) })
    process.stdout.write(`${JSON.stringify({ url: served.url })}\n`)
    return yield* Effect.never
  }).pipe(Effect.scoped, Effect.withClock(shiftedClock(Clock.make(), clockOffset)))
)
