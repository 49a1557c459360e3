/**
 * The `shoal` command line: the four agents as subcommands, wired to Node.
 *
 * Start-up stays cheap: this module loads only @effect/cli and the Node
 * platform. Agents, provider SDKs, the browser and image libraries are
 * imported by the subcommand that needs them, when it runs.
 */
import { Command, ValidationError } from "@effect/cli"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as NodeTerminal from "@effect/platform-node/NodeTerminal"
import { Cause, Console, Effect, Exit, HashMap, Layer, Logger } from "effect"
import packageJson from "../../package.json" with { type: "json" }
import { droid } from "./droid.js"
import { fitlog } from "./fitlog.js"
import { serve } from "./serve.js"
import { shop } from "./shop.js"
import { tidy } from "./tidy.js"

const shoal = Command.make("shoal").pipe(
  Command.withDescription("Shoal: four calm agents on an Effect runtime — tidy, fitlog, droid, shop."),
  Command.withSubcommands([tidy, fitlog, droid, shop, serve])
)

const cli = Command.run(shoal, { name: "shoal", version: packageJson.version })

/** One line of text: a value's first line, cut to `max` characters. */
const oneLine = (value: unknown, max: number): string => {
  const text = (typeof value === "string" ? value : String(value)).trim().split("\n")[0] ?? ""
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/**
 * Warnings go to stderr as one short line, so a piped conversation on stdout
 * stays clean; the warning's facts (its annotations: which file, why) follow
 * it on that line, so the user can act on it.
 */
const stderrLogger = Logger.replace(
  Logger.defaultLogger,
  Logger.make(({ annotations, logLevel, message }) => {
    const text = (Array.isArray(message) ? message : [message]).map((m) => (typeof m === "string" ? m : String(m))).join(" ")
    const facts = [...HashMap.toEntries(annotations)].map(([key, value]) => `${key}: ${oneLine(value, 200)}`)
    process.stderr.write(`shoal: ${logLevel.label.toLowerCase()}: ${text}${facts.length === 0 ? "" : ` (${facts.join("; ")})`}\n`)
  })
)

const platform = Layer.mergeAll(NodeFileSystem.layer, NodePath.layer, NodeTerminal.layer, stderrLogger)

/**
 * Exit codes: 2 for a usage error (a bad flag or argument: @effect/cli's own
 * `ValidationError`, already printed with usage, or a command's `…UsageError`,
 * the naming convention every subcommand follows), 1 for any other failure,
 * 70 for a bug, 130 when Ctrl-C (SIGINT) or SIGTERM stopped the run.
 */
const isUsageError = (error: unknown): boolean =>
  ValidationError.isValidationError(error) ||
  (typeof error === "object" && error !== null && "_tag" in error && typeof error._tag === "string" &&
    error._tag.endsWith("UsageError"))

const reportFailure = (error: unknown) =>
  Effect.sync(() => {
    process.exitCode = isUsageError(error) ? 2 : 1
  }).pipe(
    Effect.zipRight(
      ValidationError.isValidationError(error)
        ? Effect.void
        : Console.error(`shoal: ${error instanceof Error ? error.message : String(error)}`)
    )
  )

// A reader that stops reading (`shoal tidy --list | head -1`) ends the run quietly, as it ends any Unix tool:
// no EPIPE stack trace. What was done is kept (sessions and the diary are saved as they go). Other stream
// errors stay errors.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error
  process.exit(0)
})

cli(process.argv).pipe(
  Effect.catchAll(reportFailure),
  Effect.catchAllDefect((defect) =>
    Console.error(`shoal: internal error (a bug — please report it)\n${Cause.pretty(Cause.die(defect))}`).pipe(
      Effect.zipRight(Effect.sync(() => void (process.exitCode = 70)))
    )
  ),
  Effect.provide(platform),
  // Stopped by Ctrl-C or SIGTERM (the run interrupted, nothing failed): 130, never 0, whatever had loaded by then.
  NodeRuntime.runMain({
    disableErrorReporting: true,
    disablePrettyLogger: true,
    teardown: (exit, onExit) => onExit(Exit.isFailure(exit) ? (Cause.isInterruptedOnly(exit.cause) ? 130 : 1) : 0)
  })
)
