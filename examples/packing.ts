/**
 * The packing agent (packing-agent.ts) in either host, with sessions saved in
 * Shoal's data directory: `npm run example:packing` in the terminal, with
 * `-- --gui` as a page on 127.0.0.1:8027 (`-- --resume` continues the newest).
 */
import { NodeRuntime } from "@effect/platform-node"
import { Effect, Layer, Option } from "effect"
import { closingLine, findSession, fromRenderer, layerEvents, layerFileFromConfigNode, newSessionId, pipeIO, QuestionUI, runTerminal, terminalRenderer } from "shoal"
import type { SaveOutcome } from "shoal"
import { hostWeb, webAgent } from "shoal/gui"
import { packingAgent } from "./packing-agent.js"

const terminal = Effect.gen(function*() {
  const io = yield* pipeIO(process.stdin, process.stdout)
  const resumed = process.argv.includes("--resume") ? Option.some(yield* findSession(packingAgent, Option.none())) : Option.none()
  const sessionId = Option.isSome(resumed) ? resumed.value.sessionId : yield* newSessionId
  const state = Option.isSome(resumed) ? resumed.value.state : packingAgent.initial
  yield* io.write(`${Option.isSome(resumed) ? packingAgent.view.welcomeBack(state) : packingAgent.view.opening(state)}\n`)
  // The same line reader answers the agent's yes/no question.
  // The closing line names this example's command, not a `shoal` one.
  const closing = (id: string, saved: SaveOutcome) =>
    Option.some(saved._tag === "Saved" ? `Saved as ${id}. Continue later with: npm run example:packing -- --resume\n` : closingLine("packing", sessionId, saved))
  yield* runTerminal(packingAgent, { io, sessionId, state, color: process.stdout.isTTY === true, closing }).pipe(
    Effect.provide(Layer.succeed(QuestionUI, fromRenderer(terminalRenderer(io))))
  )
}).pipe(Effect.scoped)

const program = Effect.if(process.argv.includes("--gui"), {
  onTrue: () => hostWeb(webAgent(packingAgent, { title: "Packing", placeholder: "socks, charger" }), { port: 8027, open: false }),
  onFalse: () => terminal
})

program.pipe(Effect.provide(Layer.mergeAll(layerEvents, layerFileFromConfigNode)), NodeRuntime.runMain)
