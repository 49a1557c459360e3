// Tidy benchmarks (bench/README.md): runtime overhead per turn against the
// same four-node loop on LangGraph.js, model calls and tokens per turn, and
// 1,000 concurrent sessions. Everything runs on a zero-latency fake model, so
// what is measured is the runtime, not a model.
import { Annotation, END, START, StateGraph } from "@langchain/langgraph"
import { DateTime, Effect, Layer, Option, Stream } from "effect"
import {
  CollectedEvents,
  GenerateRequest,
  layerFallback,
  Llm,
  ModelResponse,
  StreamEvent,
  TextBlock,
  TidyAgent,
  ToolCall,
  ToolSpec,
  Usage,
  UsageMeter
} from "../dist/lib/index.js"

/** A 200-turn session: set up the space, then items decided in every way, splits and refining included. */
export const sessionScript = (() => {
  const lines = [{ intent: "start", function: "working from home" }, { intent: "start", anchors: ["desk"] }]
  const choices = ["trash", "keep", "unsure", "unsure", "keep", "trash", "unsure", "unsure"]
  for (let i = 0; lines.length < 200; i++) {
    if (i % 9 === 8) lines.push({ intent: "continue" })
    else lines.push({ intent: "decided", item: `thing ${i}`, choice: choices[i % choices.length] })
  }
  return lines
})()

const usage = new Usage({ inputTokens: 120, outputTokens: 30 })

/** The fake model: answers an extraction with the script's next line, anything else with a short reply. */
export const makeFakeModel = (script) => {
  let next = 0
  const counts = { calls: 0, inputTokens: 0, outputTokens: 0 }
  const respond = (request) => {
    counts.calls++
    counts.inputTokens += usage.inputTokens
    counts.outputTokens += usage.outputTokens
    const extracting = request.tools.some((t) => t.name === "record_extract")
    const content = extracting
      ? [new ToolCall({ id: `c${next}`, name: "record_extract", input: script[next++ % script.length] })]
      : [new TextBlock({ text: "Good. What's next?" })]
    return new ModelResponse({ model: "fake", content, stopReason: extracting ? "tool_use" : "end_turn", usage })
  }
  const llm = {
    provider: "bench",
    model: "fake",
    generate: (request) => Effect.sync(() => respond(request)),
    stream: (request) =>
      Stream.fromEffect(Effect.sync(() => respond(request))).pipe(Stream.map((response) => StreamEvent.Completed({ response })))
  }
  return { llm, respond, counts }
}

const layersFor = (fake) => Layer.mergeAll(Layer.succeed(Llm, fake.llm), layerFallback, CollectedEvents.layer, UsageMeter.layer)

/** Shoal: `turns` turns of TidyAgent.turn, state carried from one to the next. */
export const runShoal = (turns, fake = makeFakeModel(sessionScript)) =>
  Effect.runPromise(
    Effect.gen(function*() {
      let state = TidyAgent.initialState
      for (let i = 0; i < turns; i++) state = (yield* TidyAgent.turn(state, TidyAgent.userSaid(`line ${i}`))).state
      return state
    }).pipe(Effect.provide(layersFor(fake)))
  )

/** LangGraph.js: the same observe → orient → decide → act loop, the same pure decide/transition, the same fake model. */
const extractTool = new ToolSpec({ name: "record_extract", description: "", inputSchema: {} })

export const makeLangGraph = (fake) => {
  const State = Annotation.Root({
    session: Annotation(),
    text: Annotation(),
    extract: Annotation(),
    action: Annotation(),
    next: Annotation(),
    reply: Annotation()
  })
  const now = DateTime.unsafeMake(Date.UTC(2026, 10, 21))
  const graph = new StateGraph(State)
    .addNode("observe", async () => ({}))
    .addNode("orient", async (s) => {
      const response = fake.respond(new GenerateRequest({ messages: [], tools: [extractTool] }))
      return { extract: TidyAgent.fromWire(response.toolCalls[0].input) }
    })
    .addNode("decide", async (s) => {
      const [action, next] = TidyAgent.decide(s.session, Option.none(), s.extract)
      return { action, next, session: TidyAgent.transition(s.session, s.extract, action, next, now) }
    })
    .addNode("act", async (s) => {
      const canned = TidyAgent.cannedResponse(s.action)
      if (canned !== undefined) return { reply: canned }
      return { reply: fake.respond(new GenerateRequest({ messages: [] })).text }
    })
    .addEdge(START, "observe")
    .addEdge("observe", "orient")
    .addEdge("orient", "decide")
    .addEdge("decide", "act")
    .addEdge("act", END)
    .compile()
  return graph
}

export const runLangGraph = async (turns, fake = makeFakeModel(sessionScript)) => {
  const graph = makeLangGraph(fake)
  let session = TidyAgent.initialState
  for (let i = 0; i < turns; i++) session = (await graph.invoke({ session, text: `line ${i}` })).session
  return session
}

/** 1,000 sessions at once, each `turns` turns, in one process. */
export const runConcurrent = (sessions, turns) => {
  const fakes = Array.from({ length: sessions }, () => makeFakeModel(sessionScript))
  return Effect.runPromise(
    Effect.forEach(fakes, (fake) =>
      Effect.gen(function*() {
        let state = TidyAgent.initialState
        for (let i = 0; i < turns; i++) state = (yield* TidyAgent.turn(state, TidyAgent.userSaid(`line ${i}`))).state
        return state
      }).pipe(Effect.provide(layersFor(fake))), { concurrency: "unbounded" })
  )
}

/** Model calls and tokens of a scripted session, split by whether the action was canned. */
export const countCalls = async (turns) => {
  const fake = makeFakeModel(sessionScript)
  let cannedActCalls = 0
  let cannedTurns = 0
  await Effect.runPromise(
    Effect.gen(function*() {
      let state = TidyAgent.initialState
      for (let i = 0; i < turns; i++) {
        const before = fake.counts.calls
        const r = yield* TidyAgent.turn(state, TidyAgent.userSaid(`line ${i}`))
        state = r.state
        if (TidyAgent.cannedResponse(r.action) !== undefined) {
          cannedTurns++
          cannedActCalls += fake.counts.calls - before - 1 // one call is orient's extraction
        }
      }
    }).pipe(Effect.provide(layersFor(fake)))
  )
  return { ...fake.counts, turns, cannedTurns, cannedActCalls }
}
