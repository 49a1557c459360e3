/**
 * `shoal serve`: every agent as an HTTP service (issue 18).
 *
 *   shoal serve [--port 8024] [--host 127.0.0.1] [--db PATH|postgres://…] [--runner-port N] [--token T] [--diary PATH]
 *               [--question-timeout 5m] [--keep 30d] [--device sim|SERIAL] [--store metro|FILE]
 *
 * Sessions, the cluster's messages and each turn's journal live in one
 * database: SQLite at <data dir>/serve/serve.sqlite unless --db says
 * otherwise. Today's JSON sessions are imported on the first start. With
 * `--db postgres://… --runner-port N` several nodes share the database as
 * cluster runners (runner-to-runner messages on --host:N).
 * The runtime (cluster, workflow engine, SQL driver) is imported only when
 * the command runs.
 */
import { Command, Options } from "@effect/cli"
import { Data, Effect, Either, Option, Redacted } from "effect"
import { parseDurationFlag } from "./duration-option.js"
import { llmOptions } from "./llm-options.js"

const options = {
  ...llmOptions,
  port: Options.integer("port").pipe(Options.withDescription("The port to listen on (0 picks a free one)."), Options.withDefault(8024)),
  host: Options.text("host").pipe(
    Options.withDescription("The address to listen on. Only a loopback address (the default) keeps the Host/Origin guard; any other needs --token."),
    Options.withDefault("127.0.0.1")
  ),
  db: Options.text("db").pipe(
    Options.withDescription("Where sessions and turn journals live: a SQLite file (default: <data dir>/serve/serve.sqlite) or a postgres:// URL."),
    Options.optional
  ),
  runnerPort: Options.integer("runner-port").pipe(
    Options.withDescription(
      "With --db postgres://…: this node is one of several runners sharing that database, reached by the others at --host on this port " +
        "(shard locks and 6 s runner leases in the database; a session moves to another runner when its own dies)."
    ),
    Options.optional
  ),
  token: Options.redacted("token").pipe(
    Options.withDescription("Require `Authorization: Bearer <token>` on every request; a browser opens /?token=<token> once (kept in a cookie)."),
    Options.optional
  ),
  questionTimeout: Options.text("question-timeout").pipe(
    Options.withDescription("How long a pending question waits for its answer before the turn takes its fallback, as on the page (90s, 5m, 1h; default 5m). The clock is durable: a restart waits only what is left."),
    Options.withDefault("5m")
  ),
  keep: Options.text("keep").pipe(
    Options.withDescription("Prune sessions untouched for this long (12h, 30d, 2w…) and with no question waiting nor turn under way, with their journal and events: on start, then daily. Default: keep everything."),
    Options.optional
  ),
  device: Options.text("device").pipe(
    Options.withDescription(
      "Serve droid on this Android device: `sim` (the simulated phone, no emulator needed) or an adb serial, as `shoal droid --device` takes. " +
        "Each input is a task run to its end as one turn (CodeAct, at most 15 steps); each device call is journaled, so a turn replayed after a crash does not act twice. " +
        "Without it droid is not served."
    ),
    Options.optional
  ),
  store: Options.text("store").pipe(
    Options.withDescription(
      "Serve shop at this store: a built-in profile name (metro) or a store profile file, as `shoal shop --store` takes. " +
        "Each input is a list, one item a line, shopped to its end as one turn in one headless Chromium for the server (runs take turns on it); " +
        "the reply is the summary. Checkout is never opened. Sign-in from SHOAL_STORE_USERNAME / SHOAL_STORE_PASSWORD. Without it shop is not served."
    ),
    Options.optional
  ),
  diary: Options.file("diary").pipe(
    Options.withDescription("fitlog chat's diary, a SQLite file (default: <data dir>/fitlog/diary.sqlite)."),
    Options.optional
  )
}

/** `sim` or an adb serial (domain/android/ids.ts's DeviceSerial, checked here without loading it). */
const validDevice = (device: string) => /^[A-Za-z0-9._:\-]{1,128}$/.test(device)

export class ServeUsageError extends Data.TaggedError("ServeUsageError")<{ readonly message: string }> {}

export const serve = Command.make("serve", options, (flags) =>
  Effect.gen(function*() {
    if (!Number.isInteger(flags.port) || flags.port < 0 || flags.port > 65535) {
      return yield* new ServeUsageError({ message: `--port ${flags.port} is not a port; use a number from 1 to 65535 (default 8024; 0 picks a free one).` })
    }
    if (Option.isSome(flags.runnerPort)) {
      const port = flags.runnerPort.value
      if (!Number.isInteger(port) || port < 1 || port > 65535 || port === flags.port) {
        return yield* new ServeUsageError({ message: `--runner-port ${port} is not a port of its own; use a number from 1 to 65535, not the HTTP --port.` })
      }
      if (!Option.exists(flags.db, (db) => /^postgres(ql)?:\/\//.test(db))) {
        return yield* new ServeUsageError({ message: "--runner-port needs --db postgres://…: several runners share one Postgres database (SQLite serves one runner)." })
      }
    }
    // A blank token (an unset variable: --token "$SHOAL_TOKEN") would guard nothing: it is refused, not served.
    if (Option.exists(flags.token, (token) => Redacted.value(token).trim().length === 0)) {
      return yield* new ServeUsageError({ message: "--token is blank: give the token every request must bear (or leave --token out on 127.0.0.1)." })
    }
    // A header carries bytes, read as Latin-1: a token with other characters, sent as UTF-8, would never match.
    if (Option.exists(flags.token, (token) => !/^[\x20-\x7e]+$/.test(Redacted.value(token)))) {
      return yield* new ServeUsageError({ message: "--token has a character an Authorization header cannot carry: use ASCII letters, digits and punctuation (e.g. `openssl rand -hex 24`)." })
    }
    const { isLoopback } = yield* Effect.promise(() => import("../serve/loopback.js"))
    if (!isLoopback(flags.host) && Option.isNone(flags.token)) {
      return yield* new ServeUsageError({ message: `--host ${flags.host} is reachable from other machines: start it with --token too.` })
    }
    const questionTimeout = parseDurationFlag("question-timeout", flags.questionTimeout)
    if (Either.isLeft(questionTimeout)) return yield* new ServeUsageError({ message: questionTimeout.left })
    if (Option.isSome(flags.device) && !validDevice(flags.device.value)) {
      return yield* new ServeUsageError({ message: `--device ${flags.device.value} is not a device: use sim (the simulated phone) or an adb serial as \`adb devices\` lists it (letters, digits, '.', '_', ':' or '-').` })
    }
    const keep = Option.map(flags.keep, (k) => parseDurationFlag("keep", k))
    if (Option.isSome(keep) && Either.isLeft(keep.value)) return yield* new ServeUsageError({ message: keep.value.left })
    const { runServe } = yield* Effect.promise(() => import("./serve-run.js"))
    return yield* runServe({ ...flags, questionTimeout: questionTimeout.right, keep: Option.flatMap(keep, Either.getRight) })
  })).pipe(
  Command.withDescription(
    "Serve every agent (tidy, fitlog chat; droid with --device, shop with --store) over HTTP: create sessions, send input (a JSON body { text, timeZone? }: the user's IANA time zone, where fitlog's today and meal are read; the server's without it), answer questions by id, stream events (SSE; each frame has an id, and Last-Event-ID or ?after=N resumes after it). " +
      "In a browser, / picks an agent and /agents/<agent>/ is its page. " +
      "Each session is a cluster entity and each turn a durable workflow: a restart continues a turn from its journal, without calling the model again."
  )
)
