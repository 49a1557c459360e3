/**
 * droid as an Agent: the input is the task, a turn is one step on the
 * device. The run itself is today's (`runDroid`: CodeAct or reasoning, the
 * loop guard, `--save-run`), started on the first turn; each step it
 * records comes back as one turn (through the `Trajectory` hook every step
 * already passes, so the loops are unchanged), and the last turn is how the
 * run ended. The state is Schema'd (`DroidRun`), so a host saves it after
 * every step and `--sessions` shows how far a run got.
 *
 * Where it sits: above run.ts. The run stays at most one step ahead of the
 * host (a queue of one), and stops with the scope the agent was made in.
 */
import { Effect, Exit, Option, Queue, Ref, Schema } from "effect"
import type { Scope } from "effect"
import type { SessionKind } from "../../services/session-store/session-kind.js"
import { Events } from "../../services/events/events.js"
import { Trajectory } from "../../services/trajectory/trajectory.js"
import type { RecordedStep } from "../../domain/droid/trajectory.js"
import type { TurnResult } from "../agent.js"
import { defineAgent } from "../run-steps.js"
import { DroidEnd, DroidEvent, DroidMode, DroidStep } from "./events.js"
import type { DroidResult } from "./result.js"
import { summaryLine } from "./result.js"
import type { DroidOptions } from "./run.js"
import { defaultMaxSteps } from "./run.js"

/** The task: what to do on the device, in words. */
export interface DroidTask {
  readonly goal: string
}

export const DroidRun = Schema.Struct({
  goal: Schema.String,
  mode: DroidMode,
  maxSteps: Schema.Int,
  steps: Schema.Array(DroidStep),
  end: Schema.Option(DroidEnd)
})
export type DroidRun = typeof DroidRun.Type

export const droidRuns: SessionKind<DroidRun, typeof DroidRun.Encoded> = { name: "droid", version: 1, schema: DroidRun }

export const describeDroidRun = (run: DroidRun): string =>
  Option.match(run.end, {
    onNone: () => `"${run.goal}": stopped after ${run.steps.length} step(s)`,
    onSome: (end) => `"${run.goal}": ${end.success ? "done" : `failed (${end.outcome})`} after ${end.steps} step(s)`
  })

type Message<Res, E> =
  | { readonly _tag: "Step"; readonly step: RecordedStep }
  | { readonly _tag: "Done"; readonly exit: Exit.Exit<Res, E> }

const emit = (event: DroidEvent): Effect.Effect<void> =>
  Effect.flatMap(Effect.serviceOption(Events), Option.match({ onNone: () => Effect.void, onSome: (events) => events.emit(event) }))

const stepOf = (s: RecordedStep): DroidStep => ({ step: s.step, app: s.app, action: s.action, ok: s.ok })

/** One line per step, for whoever watches the run. */
export const stepLine = (s: DroidStep): string => `step ${s.step}: ${s.action}${s.ok ? "" : " (failed)"}`

/**
 * The droid agent for one run of `run` (runDroid, or runDroidFor with an
 * output Schema), with the options other than the goal. `result` is the
 * run's full result once it ended (the structured data too).
 */
export const makeDroidAgent = <Res extends DroidResult, E, R>(
  options: Omit<DroidOptions, "goal">,
  run: (options: DroidOptions) => Effect.Effect<Res, E, R>
) =>
  Effect.gen(function*() {
    const scope: Scope.Scope = yield* Effect.scope
    const queue = yield* Queue.bounded<Message<Res, E>>(1)
    const started = yield* Ref.make(false)
    const result = yield* Ref.make<Option.Option<Res>>(Option.none())
    const mode = options.mode ?? "codeact"
    const maxSteps = Math.max(1, options.maxSteps ?? defaultMaxSteps)

    /** Every recorded step goes to the host as well as to `--save-run`'s Trajectory, if one is provided. */
    const hooked = (goal: string) =>
      Effect.gen(function*() {
        const saving = yield* Effect.serviceOption(Trajectory)
        const body = run({ ...options, goal }).pipe(
          Effect.provideService(Trajectory, {
            record: (g, step) =>
              Option.match(saving, { onNone: () => Effect.void, onSome: (t) => t.record(g, step) }).pipe(Effect.ensuring(Queue.offer(queue, { _tag: "Step", step }))),
            finish: (summary) => Option.match(saving, { onNone: () => Effect.void, onSome: (t) => t.finish(summary) })
          })
        )
        return yield* Effect.forkIn(Effect.flatMap(Effect.exit(body), (exit) => Queue.offer(queue, { _tag: "Done", exit })), scope)
      })

    const turn = (state: DroidRun, task: DroidTask) =>
      Effect.gen(function*() {
        if (!(yield* Ref.getAndSet(started, true))) {
          yield* emit({ _tag: "RunStarted", goal: task.goal, mode, maxSteps })
          yield* hooked(task.goal)
        }
        const message = yield* Queue.take(queue)
        if (message._tag === "Step") {
          const step = stepOf(message.step)
          yield* emit({ _tag: "StepTaken", step })
          const next: TurnResult<DroidRun> = { reply: stepLine(step), state: { ...state, goal: task.goal, steps: [...state.steps, step] }, ended: false, degraded: false }
          return next
        }
        const done = yield* message.exit
        yield* Ref.set(result, Option.some(done))
        const end: DroidEnd = { success: done.success, answer: done.answer, steps: done.steps, outcome: done.outcome._tag, memory: done.memory }
        const summary = summaryLine(done)
        yield* emit({ _tag: "RunFinished", end, summary })
        const last: TurnResult<DroidRun> = { reply: summary, state: { ...state, goal: task.goal, end: Option.some(end) }, ended: true, degraded: false }
        return last
      })

    const agent = defineAgent({
      name: "droid",
      session: droidRuns,
      initial: { goal: "", mode, maxSteps, steps: [], end: Option.none() },
      events: DroidEvent,
      input: (line: string): Effect.Effect<DroidTask, never, Effect.Effect.Context<ReturnType<typeof turn>>> => Effect.succeed({ goal: line }),
      turn,
      view: {
        opening: (state: DroidRun) => `Task: ${state.goal}`,
        welcomeBack: describeDroidRun,
        status: (state: DroidRun) => Option.some(`· step ${state.steps.length} of at most ${state.maxSteps}`),
        summary: (state: DroidRun) => Option.map(state.end, (end) => end.answer),
        describe: describeDroidRun
      }
    })
    return { agent, result: Ref.get(result) }
  })
