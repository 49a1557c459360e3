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
import { Cause, Console, Effect, Layer, Logger } from "effect"
import packageJson from "../../package.json" with { type: "json" }
import { droid } from "./droid.js"
import { fitlog } from "./fitlog.js"
import { shop } from "./shop.js"
import { tidy } from "./tidy.js"

const shoal = Command.make("shoal").pipe(
  Command.withDescription("Shoal: four calm agents on an Effect runtime — tidy, fitlog, droid, shop."),
  Command.withSubcommands([tidy, fitlog, droid, shop])
)

const cli = Command.run(shoal, { name: "shoal", version: packageJson.version })

/** Warnings go to stderr as one short line, so a piped conversation on stdout stays clean. */
const stderrLogger = Logger.replace(
  Logger.defaultLogger,
  Logger.make(({ logLevel, message }) => {
    const text = (Array.isArray(message) ? message : [message]).map((m) => (typeof m === "string" ? m : String(m))).join(" ")
    process.stderr.write(`shoal: ${logLevel.label.toLowerCase()}: ${text}\n`)
  })
)

const platform = Layer.mergeAll(NodeFileSystem.layer, NodePath.layer, NodeTerminal.layer, stderrLogger)

/** A user's mistake is one clear line and exit code 1; @effect/cli has already shown usage errors. */
const reportFailure = (error: unknown) =>
  Effect.sync(() => {
    process.exitCode = ValidationError.isValidationError(error) ? 2 : 1
  }).pipe(
    Effect.zipRight(
      ValidationError.isValidationError(error)
        ? Effect.void
        : Console.error(`shoal: ${error instanceof Error ? error.message : String(error)}`)
    )
  )

cli(process.argv).pipe(
  Effect.catchAll(reportFailure),
  Effect.catchAllDefect((defect) =>
    Console.error(`shoal: internal error (a bug — please report it)\n${Cause.pretty(Cause.die(defect))}`).pipe(
      Effect.zipRight(Effect.sync(() => void (process.exitCode = 70)))
    )
  ),
  Effect.provide(platform),
  NodeRuntime.runMain({ disableErrorReporting: true })
)
