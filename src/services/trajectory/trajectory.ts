/**
 * The `Trajectory` port: where a droid run's steps are saved as they happen
 * (`--save-run DIR`). Agents look it up with `Effect.serviceOption`, so a run
 * without it saves nothing and needs no layer.
 *
 * Layers: `layerTrajectoryDir` (files in a directory; dir.ts) and
 * `layerTrajectoryMemory` (kept in a Ref, for tests; here).
 */
import { Context, Data, Effect, Layer, Ref } from "effect"
import type { RecordedStep } from "../../domain/droid/trajectory.js"

export class TrajectoryWriteFailed extends Data.TaggedError("TrajectoryWriteFailed")<{ readonly path: string; readonly reason: string }> {
  override get message(): string {
    return `cannot save the run to ${this.path}: ${this.reason}`
  }
}

/** How the run ended, as saved beside its steps. */
export interface RunSummary {
  readonly goal: string
  readonly success: boolean
  readonly answer: string
  readonly steps: number
  /** The outcome's tag: Finished, StepLimit, Stuck, Diverged. */
  readonly outcome: string
}

export interface TrajectoryShape {
  /** Save one step (and refresh run.js so a run cut short still replays up to here). */
  readonly record: (goal: string, step: RecordedStep) => Effect.Effect<void, TrajectoryWriteFailed>
  readonly finish: (summary: RunSummary) => Effect.Effect<void, TrajectoryWriteFailed>
}

export class Trajectory extends Context.Tag("shoal/Trajectory")<Trajectory, TrajectoryShape>() {}

/** What the memory layer kept. */
export class TrajectoryLog extends Context.Tag("shoal/TrajectoryLog")<TrajectoryLog, {
  readonly steps: Effect.Effect<ReadonlyArray<RecordedStep>>
  readonly summary: Effect.Effect<ReadonlyArray<RunSummary>>
}>() {}

export const layerTrajectoryMemory: Layer.Layer<Trajectory | TrajectoryLog> = Layer.effectContext(
  Effect.gen(function*() {
    const steps = yield* Ref.make<ReadonlyArray<RecordedStep>>([])
    const summaries = yield* Ref.make<ReadonlyArray<RunSummary>>([])
    return Context.make(Trajectory, {
      record: (_goal, step) => Ref.update(steps, (s) => [...s, step]),
      finish: (summary) => Ref.update(summaries, (s) => [...s, summary])
    }).pipe(Context.add(TrajectoryLog, { steps: Ref.get(steps), summary: Ref.get(summaries) }))
  })
)

/** Record through the Trajectory when one is provided; a failed write is logged, never the end of the run. */
export const recordStep = (goal: string, step: RecordedStep): Effect.Effect<void> =>
  Effect.flatMap(Effect.serviceOption(Trajectory), (t) =>
    t._tag === "None" ? Effect.void : t.value.record(goal, step).pipe(Effect.catchAll((e) => Effect.logWarning(e.message))))

export const finishRun = (summary: RunSummary): Effect.Effect<void> =>
  Effect.flatMap(Effect.serviceOption(Trajectory), (t) =>
    t._tag === "None" ? Effect.void : t.value.finish(summary).pipe(Effect.catchAll((e) => Effect.logWarning(e.message))))
