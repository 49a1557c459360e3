/**
 * `layerTrajectoryDir(dir)`: a run saved as files, one set per step —
 * `step-01.xml` (the screen), `step-01.png` (with --vision), `step-01.json`
 * (app, screen hash, action, code, outcome, report) — plus `run.js`
 * (domain/droid/trajectory.ts), rewritten after every step, and
 * `result.json` at the end.
 */
import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import { Effect, Layer, Option, Ref } from "effect"
import type { RecordedStep } from "../../domain/droid/trajectory.js"
import { renderRunJs } from "../../domain/droid/trajectory.js"
import { Trajectory, TrajectoryWriteFailed } from "./trajectory.js"

const pad = (n: number): string => String(n).padStart(2, "0")

export const layerTrajectoryDir = (dir: string): Layer.Layer<Trajectory, TrajectoryWriteFailed, FileSystem.FileSystem | Path.Path> =>
  Layer.effect(
    Trajectory,
    Effect.gen(function*() {
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const failed = (file: string) => (e: { readonly message: string }) => new TrajectoryWriteFailed({ path: file, reason: e.message })
      yield* fs.makeDirectory(dir, { recursive: true }).pipe(Effect.mapError(failed(dir)))
      const steps = yield* Ref.make<ReadonlyArray<RecordedStep>>([])
      const write = (name: string, data: string | Uint8Array) => {
        const file = path.join(dir, name)
        return (typeof data === "string" ? fs.writeFileString(file, data) : fs.writeFile(file, data)).pipe(Effect.mapError(failed(file)))
      }
      return {
        record: (goal, step) =>
          Effect.gen(function*() {
            const name = `step-${pad(step.step)}`
            yield* write(`${name}.xml`, step.xml)
            if (Option.isSome(step.png)) yield* write(`${name}.png`, step.png.value)
            const { xml: _xml, png: _png, ...rest } = step
            yield* write(`${name}.json`, JSON.stringify(rest, null, 2) + "\n")
            const all = yield* Ref.updateAndGet(steps, (s) => [...s, step])
            yield* write("run.js", renderRunJs(goal, all))
          }),
        finish: (summary) => write("result.json", JSON.stringify(summary, null, 2) + "\n")
      }
    })
  )
