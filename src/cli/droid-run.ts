/**
 * What `shoal droid` does when it runs: check everything the user gave
 * (goal, steps, output schema, script file) before a device is touched,
 * refuse without a model unless replaying a script, then build the device,
 * sandbox and model layers and run. Progress goes to stderr; the answer (or
 * the structured data as JSON) to stdout. A failed task exits non-zero.
 *
 * Where it sits: imported by droid.ts only when the command runs, so
 * QuickJS and appium-adb never load for `--help`.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { FileSystem } from "@effect/platform"
import { Console, Data, Effect, Either, Layer, Option } from "effect"
import { NeedsModel } from "../agents/droid/errors.js"
import { runDroid, runDroidFor } from "../agents/droid/run.js"
import { summaryLine } from "../agents/droid/result.js"
import { runScript } from "../agents/droid/script.js"
import { schemaFromJsonSchema } from "../domain/droid/json-schema.js"
import { layerAdbFromChoice } from "../services/adb/choose.js"
import type { LlmFlags } from "../services/llm/settings.js"
import { selectsNoModel } from "../services/llm/settings.js"
import { layerQuickJs } from "../services/sandbox/quickjs.js"
import { layerTrajectoryDir } from "../services/trajectory/dir.js"
import { layerSharpScreenImages } from "../services/vision/sharp.js"
import { describeDroidRun, droidRuns, makeDroidAgent } from "../agents/droid/agent.js"
import { SessionStore } from "../services/session-store/session-store.js"
import type { DroidResult } from "../agents/droid/result.js"
import type { DroidOptions } from "../agents/droid/run.js"
import { layerEvents } from "../services/events/live.js"
import { newSessionId } from "../services/session-store/session-kind.js"
import { hostRun, listRuns } from "./host-run.js"
import { llmLayerFor } from "./llm-options.js"
import { sessionStoreOrNone } from "./sessions.js"
import { droidPort } from "./droid.js"
import { checkPort } from "./web-options.js"

export class DroidUsageError extends Data.TaggedError("DroidUsageError")<{ readonly message: string }> {}

export class DroidTaskFailed extends Data.TaggedError("DroidTaskFailed")<{ readonly answer: string }> {
  override get message(): string {
    return `the task did not succeed: ${this.answer}`
  }
}

export interface DroidFlags extends LlmFlags {
  readonly goal: Option.Option<string>
  readonly reasoning: boolean
  readonly maxSteps: number
  readonly device: Option.Option<string>
  readonly avd: Option.Option<string>
  readonly outputSchema: Option.Option<string>
  readonly script: Option.Option<string>
  readonly allowHost: ReadonlyArray<string>
  readonly vision: boolean
  readonly saveRun: Option.Option<string>
  readonly sessions: boolean
  readonly gui: boolean
  readonly port: number
  readonly open: boolean
}

/** `--gui`: where the run's page listens, and whether to open it. */
interface WatchInPage {
  readonly port: number
  readonly open: boolean
}

const readText = (file: string, what: string) =>
  Effect.flatMap(FileSystem.FileSystem, (fs) =>
    fs.readFileString(file).pipe(Effect.mapError(() => new DroidUsageError({ message: `${what} ${file} cannot be read` }))))

const outputSchemaFrom = (file: string) =>
  Effect.gen(function*() {
    const text = yield* readText(file, "output schema")
    const document = yield* Effect.try({ try: (): unknown => JSON.parse(text), catch: (e) => new DroidUsageError({ message: `output schema ${file} is not JSON: ${e instanceof Error ? e.message : String(e)}` }) })
    return yield* Either.match(schemaFromJsonSchema(document), {
      onLeft: (problem) => Effect.fail(new DroidUsageError({ message: `output schema ${file}: ${problem}` })),
      onRight: Effect.succeed
    })
  })

export const runDroidCommand = (flags: DroidFlags) =>
  Effect.gen(function*() {
    if (flags.sessions) {
      const store = yield* Effect.serviceOption(SessionStore)
      if (Option.isNone(store)) return yield* new DroidUsageError({ message: "runs are saved under SHOAL_DATA_DIR (else $XDG_DATA_HOME/shoal or ~/.local/share/shoal), and none can be found: set one" })
      return yield* listRuns("droid", droidRuns, describeDroidRun).pipe(Effect.provideService(SessionStore, store.value))
    }
    if (flags.maxSteps < 1) return yield* new DroidUsageError({ message: "--max-steps must be at least 1" })
    if (flags.gui && Option.isSome(flags.script)) {
      return yield* new DroidUsageError({ message: "--gui watches a model's run; a --script replay prints each block on stderr (leave out --gui)" })
    }
    const page: Option.Option<WatchInPage> = flags.gui ? Option.some({ port: yield* checkPort(flags.port, droidPort), open: flags.open }) : Option.none()
    const device = layerAdbFromChoice({
      ...Option.match(flags.device, { onNone: () => ({}), onSome: (d) => ({ device: d }) }),
      ...Option.match(flags.avd, { onNone: () => ({}), onSome: (a) => ({ avd: a }) })
    })

    if (Option.isSome(flags.script)) {
      if (Option.isSome(flags.saveRun)) return yield* new DroidUsageError({ message: "--save-run saves a model's run; a --script replay is already saved (leave out --save-run)" })
      const source = yield* readText(flags.script.value, "script")
      const report = yield* Effect.scoped(runScript(source)).pipe(Effect.provide(Layer.merge(device, layerQuickJs)))
      for (const [i, r] of report.reports.entries()) yield* Console.error(`block ${i + 1}:\n${r}`)
      yield* Console.error(summaryLine(report))
      if (!report.success) return yield* new DroidTaskFailed({ answer: report.answer })
      yield* Console.log(report.answer)
      return
    }

    const goal = Option.filter(flags.goal, (g) => g.trim().length > 0)
    if (Option.isNone(goal)) return yield* new DroidUsageError({ message: "say what to do, e.g. shoal droid \"turn on Wi-Fi\" (or replay a script with --script FILE)" })
    const schema = Option.isSome(flags.outputSchema) ? Option.some(yield* outputSchemaFrom(flags.outputSchema.value)) : Option.none()
    const { layer: llm, settings } = yield* llmLayerFor(flags)
    if (selectsNoModel(settings)) return yield* new NeedsModel()

    const options = {
      goal: goal.value,
      mode: flags.reasoning ? "reasoning" as const : "codeact" as const,
      maxSteps: flags.maxSteps,
      allowHosts: flags.allowHost,
      vision: flags.vision
    }
    // A model that takes no images is reported by the run itself (agents/droid/camera.ts), as a warning on stderr.
    const saving = Option.match(flags.saveRun, { onNone: () => Layer.empty, onSome: layerTrajectoryDir })
    // The command's layers, in one place: the model, the device, the sandbox, fetch, the camera, --save-run, the events.
    const layers = Layer.mergeAll(llm, device, layerQuickJs, FetchHttpClient.layer, flags.vision ? layerSharpScreenImages : Layer.empty, saving, layerEvents)
    if (Option.isSome(schema)) {
      const result = yield* droidOnHost(options, (o) => runDroidFor(schema.value, o), page).pipe(Effect.provide(layers))
      yield* Console.error(result.answer)
      if (!result.success) return yield* new DroidTaskFailed({ answer: result.answer })
      yield* Console.log(JSON.stringify(Option.getOrNull(result.data), null, 2))
      return
    }
    const result = yield* droidOnHost(options, runDroid, page).pipe(Effect.provide(layers))
    yield* Console.error(summaryLine(result))
    if (!result.success) return yield* new DroidTaskFailed({ answer: result.answer })
    yield* Console.log(result.answer)
  }).pipe(Effect.provide(Layer.unwrapEffect(sessionStoreOrNone)))

/**
 * The droid agent on the run host: each step a turn, shown on stderr and
 * saved, and with --gui in the run's page too (served as long as the run);
 * the run's full result.
 */
const droidOnHost = <Res extends DroidResult, E, R>(
  options: DroidOptions,
  run: (options: DroidOptions) => Effect.Effect<Res, E, R>,
  page: Option.Option<WatchInPage>
) =>
  Effect.scoped(Effect.gen(function*() {
    const { agent, result } = yield* makeDroidAgent(options, run)
    const sessionId = yield* newSessionId
    const watcher = Option.isNone(page) ? undefined : yield* Effect.flatMap(
      Effect.promise(() => import("../gui/run-server.js")),
      ({ serveRunPage }) =>
        Effect.map(
          serveRunPage(agent, sessionId, agent.initial, { title: "droid run", opening: `Task: ${options.goal}`, port: page.value.port, open: page.value.open }),
          (served) => served.watcher
        )
    )
    yield* hostRun(agent, { goal: options.goal }, {
      sessionId,
      state: agent.initial,
      show: (line) => Console.error(line),
      ...(watcher === undefined ? {} : { watcher })
    })
    return yield* Effect.flatMap(result, Option.match({ onNone: () => Effect.dieMessage("droid: the run ended without a result"), onSome: Effect.succeed }))
  }))
