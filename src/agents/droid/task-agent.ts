/**
 * droid as a served agent (`shoal serve --device …`): one input is one task,
 * and one turn runs it to its end. Inside the turn the run is droid's own
 * agent (agent.ts: each step a turn of `runSteps`), so the events are the
 * same as in the terminal — RunStarted, one StepTaken per step, RunFinished —
 * and the reply is the run's summary line. The state is the task's `DroidRun`.
 *
 * The device is wrapped in `journaledAdb` with the host's `Steps`: on `shoal
 * serve` each device call is a journaled step, so a turn replayed after a
 * crash gets the recorded screens and results back and does not tap again
 * (its model calls are journaled by the host's `Llm`). Elsewhere `Steps` is
 * direct and the device is used as it is.
 *
 * Where it sits: above agent.ts; the CLI's serve-run.ts provides the device,
 * the sandbox and fetch.
 */
import type { HttpClient } from "@effect/platform"
import { Effect, Option } from "effect"
import { Adb } from "../../services/adb/adb.js"
import { journaledAdb } from "../../services/adb/journaled.js"
import type { Events } from "../../services/events/events.js"
import type { Llm } from "../../services/llm/llm.js"
import type { Sandbox } from "../../services/sandbox/sandbox.js"
import { Steps } from "../../services/steps/steps.js"
import type { Agent } from "../agent.js"
import { TurnFailed } from "../agent.js"
import { defineAgent, runSteps } from "../run-steps.js"
import type { DroidRun, DroidTask } from "./agent.js"
import { describeDroidRun, droidRuns, makeDroidAgent } from "./agent.js"
import { DroidEvent } from "./events.js"
import { summaryLine } from "./result.js"
import type { DroidOptions } from "./run.js"
import { defaultMaxSteps, runDroid } from "./run.js"

export type DroidTaskNeeds = Llm | Events | Adb | Sandbox | HttpClient.HttpClient

export const droidTaskAgent = (
  options: Omit<DroidOptions, "goal"> = {}
): Agent<DroidRun, DroidTask, DroidEvent, DroidTaskNeeds, typeof DroidRun.Encoded, typeof DroidEvent.Encoded> => {
  const mode = options.mode ?? "codeact"
  const maxSteps = Math.max(1, options.maxSteps ?? defaultMaxSteps)
  const run = (task: DroidTask) =>
    Effect.scoped(Effect.gen(function*() {
      const { agent, result } = yield* makeDroidAgent(options, runDroid)
      const state = yield* runSteps(agent, task, { state: agent.initial })
      const done = yield* result
      return { state, reply: Option.match(done, { onNone: () => describeDroidRun(state), onSome: summaryLine }) }
    }))
  return defineAgent({
    name: "droid",
    session: droidRuns,
    initial: { goal: "", mode, maxSteps, steps: [], end: Option.none() },
    events: DroidEvent,
    input: (line: string) => Effect.succeed({ goal: line.trim() }),
    turn: (_state: DroidRun, task: DroidTask) =>
      Effect.gen(function*() {
        const device = journaledAdb(yield* Adb, yield* Steps)
        const { reply, state } = yield* run(task).pipe(
          Effect.provideService(Adb, device),
          Effect.mapError((e) => new TurnFailed({ message: e.message }))
        )
        return { reply, state, ended: false, degraded: false }
      }),
    view: {
      opening: () => "Say what to do on the device; each input is one task, run to its end.",
      welcomeBack: describeDroidRun,
      status: (state: DroidRun) => Option.some(`· ${state.steps.length} step(s)${Option.isSome(state.end) ? "" : ` of at most ${state.maxSteps}`}`),
      summary: (state: DroidRun) => Option.map(state.end, (end) => end.answer),
      describe: (state: DroidRun) => (state.goal.length === 0 ? "no task yet" : describeDroidRun(state))
    }
  })
}
