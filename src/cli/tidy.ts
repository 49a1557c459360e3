/**
 * `shoal tidy`: the tidying coach in the terminal (seeds/001).
 *
 *   shoal tidy [--photo PATH]…        start a session (photos are analysed with a model)
 *   shoal tidy --resume [ID]          continue a saved session (the newest without ID)
 *   shoal tidy --list                 show saved sessions
 *   shoal tidy --gui [--port 8024] [--open]   the same coach as a web page on 127.0.0.1
 *
 * Works in a pipe: each line of input is one message or one answer. At a
 * card, a number, a label or your own words ("bin it", "keep", "in the
 * drawer") answer it; "skip" leaves it for later; anything else ("stop",
 * "help", a new item) is read as your next message.
 */
import { Args, Command, Options } from "@effect/cli"
import { Data, Effect } from "effect"
import { llmOptions } from "./llm-options.js"
import { webOptions } from "./web-options.js"

/** The coach's page: its port unless --port says otherwise. */
export const tidyPort = 8024

const options = {
  ...llmOptions,
  photo: Options.file("photo", { exists: "yes" }).pipe(
    Options.withDescription("A photo of the space (repeatable). Analysed with the model's vision; skipped offline."),
    Options.repeated
  ),
  resume: Options.boolean("resume").pipe(
    Options.withDescription("Continue a saved session: the one named by SESSION, else the newest.")
  ),
  list: Options.boolean("list").pipe(Options.withDescription("List saved sessions and exit.")),
  ...webOptions("the coach (chat, photo upload, one-tap cards)", tidyPort),
  session: Args.text({ name: "SESSION" }).pipe(Args.withDescription("A saved session's id (with --resume)."), Args.optional)
}

/** A SESSION argument where none belongs: without `--resume`, or an unknown `--flag` taken for one. */
export class TidyUsageError extends Data.TaggedError("TidyUsageError")<{ readonly session: string }> {
  override get message(): string {
    return this.session.startsWith("-")
      ? `unknown option ${this.session} (see shoal tidy --help)`
      : `a session id (${this.session}) is only read with --resume`
  }
}

/** The flags and argument of `shoal tidy`, as @effect/cli reads them. */
export type TidyFlags = Command.Command.ParseConfig<typeof options>

export const tidy = Command.make("tidy", options, (flags) =>
  Effect.flatMap(Effect.promise(() => import("./tidy-run.js")), ({ runTidy }) => runTidy(flags))).pipe(
    Command.withDescription(
      "A calm coach that gets you through a messy room one question at a time: what the space is for, what stays, then one item after another into staying / out / unsure piles; anything skipped or too hard right now waits on a later list. At a card, type a number, a label or your own words (\"bin it\", \"keep\", \"in the drawer\"), \"skip\", or anything else, which is answered as your next message; name several things in one message and each gets its card in turn (\"next\"); \"stop\" ends any time. Sessions are saved after every turn (--resume, --list) where `shoal serve` keeps its own (<data dir>/serve/serve.sqlite, or the database SHOAL_SESSIONS_DB names), so each sees the other's; older JSON sessions are imported once. In the terminal, or as a web page with --gui. Works offline; a model key adds photo analysis and warmer replies."
    )
  )
