// Android benchmarks (bench/README.md): logging the seeds/000 example meal on
// the simulated phone through the real adb client, counting model calls,
// tokens and adb round trips per food; and parsing the largest real
// uiautomator dump from the shared fixtures.
import { Effect, Layer, Option } from "effect"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import {
  Adb,
  androidTools,
  FitlogAgent,
  TextBlock,
  ToolLoop,
  userText,
  layerFallback,
  layerMemory,
  layerSr28,
  Llm,
  ModelResponse,
  parseUiDump,
  SimulatedDevice,
  StreamEvent,
  ToolCall,
  Usage
} from "../dist/lib/index.js"
import { liveAdbTransport } from "../dist/lib/services/adb/live.js"
import { makeAdb } from "../dist/lib/services/adb/internal/make-adb.js"
import { serveAdb } from "../dist/lib/simulator/server.js"
import { Stream } from "effect"

const root = fileURLToPath(new URL("..", import.meta.url))
export const exampleMeal = "113g fried minced beef, 135g white rice cooked, 50g greek yogurt for lunch"
const usage = new Usage({ inputTokens: 600, outputTokens: 20 })

/** A zero-latency model that picks the first search result whenever the navigator asks. */
const choosingModel = () => {
  const counts = { calls: 0, inputTokens: 0, outputTokens: 0 }
  const respond = (request) => {
    counts.calls++
    counts.inputTokens += usage.inputTokens
    counts.outputTokens += usage.outputTokens
    const tool = request.tools[0]?.name ?? "choose_result"
    return new ModelResponse({
      model: "fake",
      content: [new ToolCall({ id: `c${counts.calls}`, name: tool, input: { index: 1 } })],
      stopReason: "tool_use",
      usage
    })
  }
  const llm = {
    provider: "bench",
    model: "fake",
    generate: (request) => Effect.sync(() => respond(request)),
    stream: (request) => Stream.fromEffect(Effect.sync(() => respond(request))).pipe(Stream.map((response) => StreamEvent.Completed({ response })))
  }
  return { llm, counts }
}

/**
 * Log the example on a fresh simulated phone. Device services the adb client
 * sent (shell/exec after the transport switch) are the round trips; `input`
 * commands are actions and `uiautomator dump`s are screen reads.
 */
export const logExampleOnPhone = () =>
  Effect.runPromise(Effect.scoped(Effect.gen(function*() {
    const device = new SimulatedDevice()
    const server = yield* serveAdb([device])
    const transport = yield* liveAdbTransport({ host: server.host, port: server.port, serial: device.serial })
    const adb = yield* makeAdb(transport, {})
    const model = choosingModel()
    const outcome = yield* FitlogAgent.logFood(
      { text: exampleMeal, date: FitlogAgent.DiaryDate.make("2026-11-22"), meal: Option.none(), likelyMeal: "lunch", yes: true },
      FitlogAgent.androidTarget
    ).pipe(Effect.provide(Layer.mergeAll(Layer.succeed(Adb, adb), Layer.succeed(Llm, model.llm), layerSr28, layerMemory, layerFallback)))
    const services = server.requests.filter((r) => r.startsWith("shell:") || r.startsWith("exec:"))
    return {
      services,
      logged: device.fitness.diary().length,
      outcome: outcome._tag,
      model: model.counts,
      roundTrips: services.length,
      actions: services.filter((r) => /\binput\b|\bmonkey\b|am (start|force-stop)/.test(r)).length,
      reads: services.filter((r) => /uiautomator/.test(r)).length
    }
  })))

/** Median time to parse the largest real dump, against one regex scan of the same text. */
export const parseLargestDump = () => {
  const dir = join(root, "..", "shared", "fixtures", "ui-dumps")
  if (!existsSync(dir)) return undefined
  const [largest] = readdirSync(dir).filter((f) => f.endsWith(".xml")).map((f) => join(dir, f)).sort((a, b) => statSync(b).size - statSync(a).size)
  if (largest === undefined) return undefined
  const text = readFileSync(largest, "utf8")
  const time = (f, n) => {
    for (let i = 0; i < 50; i++) f() // warm up
    const samples = []
    for (let i = 0; i < n; i++) {
      const t = performance.now()
      f()
      samples.push(performance.now() - t)
    }
    return samples.sort((a, b) => a - b)[Math.floor(n / 2)]
  }
  let nodes = 0
  const parse = time(() => parseUiDump(text), 300)
  const scan = time(() => void (nodes = (text.match(/<node\b/g) ?? []).length), 300)
  return { file: largest.split("/").at(-1), bytes: text.length, nodes, parseMs: parse, scanMs: scan }
}

/** The device actions in a run's adb requests, as the seeds/000 tool calls that would make them. */
const toolCallsFor = (services) =>
  services.flatMap((r) => {
    const tap = /^shell:input tap (\d+) (\d+)$/.exec(r)
    if (tap !== null) return [{ name: "tap_screen", input: { x: Number(tap[1]), y: Number(tap[2]) } }]
    const key = /^shell:input keyevent (\d+)$/.exec(r)
    if (key !== null) return [{ name: "press_key", input: { keyCode: Number(key[1]) } }]
    const typed = /--es msg (\S+)/.exec(r)
    if (typed !== null) return [{ name: "type_text", input: { text: Buffer.from(typed[1].replace(/'/g, ""), "base64").toString("utf8") } }]
    const stop = /^shell:am force-stop (\S+)$/.exec(r)
    if (stop !== null) return [{ name: "kill_app", input: { packageName: stop[1] } }]
    const launch = /^shell:monkey -p (\S+)/.exec(r)
    if (launch !== null) return [{ name: "launch_app", input: { packageName: launch[1] } }]
    return []
  })

/**
 * The baseline: the model-driven Chat↔Tool loop of seeds/000 logging the same
 * meal on a fresh phone, with an oracle model that knows every step (the
 * navigator's own actions) and, as that loop's model must, looks at the
 * screen before each action. Its calls are a lower bound for a real model.
 */
export const logExampleWithToolLoop = (services) =>
  Effect.runPromise(Effect.scoped(Effect.gen(function*() {
    const device = new SimulatedDevice()
    const server = yield* serveAdb([device])
    const transport = yield* liveAdbTransport({ host: server.host, port: server.port, serial: device.serial })
    const adb = yield* makeAdb(transport, {})
    const steps = toolCallsFor(services).flatMap((call) => [{ name: "get_ui_hierarchy", input: {} }, call])
    let next = 0
    const counts = { calls: 0 }
    const respond = () => {
      counts.calls++
      const step = steps[next++]
      return step === undefined
        ? new ModelResponse({ model: "oracle", content: [new TextBlock({ text: "Logged all three." })], stopReason: "end_turn", usage })
        : new ModelResponse({ model: "oracle", content: [new ToolCall({ id: `t${next}`, name: step.name, input: step.input })], stopReason: "tool_use", usage })
    }
    const llm = {
      provider: "bench",
      model: "oracle",
      generate: () => Effect.sync(respond),
      stream: () => Stream.fromEffect(Effect.sync(respond)).pipe(Stream.map((response) => StreamEvent.Completed({ response })))
    }
    const result = yield* ToolLoop.run({
      system: "Log the user's meal in MyFitnessPal.",
      messages: [userText(exampleMeal)],
      tools: androidTools,
      maxIterations: steps.length + 5
    }).pipe(Effect.provide(Layer.mergeAll(Layer.succeed(Adb, adb), Layer.succeed(Llm, llm))))
    return { calls: counts.calls, turn: result.turn._tag, logged: device.fitness.diary().length }
  })))
