/**
 * The options every command with a web page shares (`--gui`, `--port`,
 * `--open`) and the check that the port is one.
 *
 * Where it sits: the CLI edge; `shoal tidy` and `shoal fitlog chat` spread
 * `webOptions(port)` into their options and start `hostWeb` with them.
 */
import { Options } from "@effect/cli"
import { Data, Effect } from "effect"

/** `gui` replaces --gui's description (a run is watched in the page beside the terminal, not instead of it). */
export const webOptions = (what: string, defaultPort: number, gui?: string) => ({
  gui: Options.boolean("gui").pipe(Options.withDescription(gui ?? `Serve ${what} as a web page on 127.0.0.1 instead of the terminal.`)),
  port: Options.integer("port").pipe(Options.withDescription("The web page's port (with --gui; 0 picks a free one)."), Options.withDefault(defaultPort)),
  open: Options.boolean("open").pipe(Options.withDescription("Open the web page in your browser (with --gui)."))
})

export class GuiPortInvalid extends Data.TaggedError("GuiPortInvalid")<{ readonly port: number; readonly defaultPort: number }> {
  override get message(): string {
    return `--port ${this.port} is not a port; use a number from 1 to 65535 (default ${this.defaultPort}; 0 picks a free one).`
  }
}

/** The port, if it is one (0 asks the system for a free one). */
export const checkPort = (port: number, defaultPort: number): Effect.Effect<number, GuiPortInvalid> =>
  Number.isInteger(port) && port >= 0 && port <= 65535 ? Effect.succeed(port) : Effect.fail(new GuiPortInvalid({ port, defaultPort }))
