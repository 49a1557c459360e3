/**
 * `shoal serve` once its flags are read: the served agents with their layers
 * (tidy as it is; fitlog chat with its diary and food table; droid with
 * `--device`'s phone, the sandbox and fetch; shop with `--store`'s browser),
 * the database, the model, and the listener. Loaded by cli/serve.ts only when the command runs.
 */
import { FileSystem, HttpServer, Path } from "@effect/platform"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import * as NodePath from "@effect/platform-node/NodePath"
import { Console, Data, Effect, Either, Layer, Option } from "effect"
import { readFileSync } from "node:fs"
import type { Duration, Redacted } from "effect"
import { fitlogChatAgent } from "../agents/fitlog/chat-agent.js"
import { tidyAgent } from "../agents/tidy/agent.js"
import { createGuiServer } from "../gui/server.js"
import type { LlmFlags } from "../services/llm/settings.js"
import { selectsNoModel } from "../services/llm/settings.js"
import { UsageMeter } from "../services/llm/usage.js"
import { importPeer } from "../services/optional-peer.js"
import { fileTexts, resolveDataDir } from "../services/session-store/file.js"
import { defaultServeDb } from "../services/session-store/from-config.js"
import { diaryLayer } from "./fitlog-run.js"
import { llmLayerFor } from "./llm-options.js"
import { ServeUsageError } from "./serve.js"
import type { ServeDeps } from "../serve/served-agent.js"

export interface ServeFlags extends LlmFlags {
  readonly port: number
  readonly host: string
  readonly db: Option.Option<string>
  readonly runnerPort: Option.Option<number>
  readonly token: Option.Option<Redacted.Redacted<string>>
  readonly diary: Option.Option<string>
  readonly questionTimeout: Duration.Duration
  readonly keep: Option.Option<Duration.Duration>
  readonly device: Option.Option<string>
  readonly store: Option.Option<string>
}

/** The agents a flag turns on, when it is not given: their routes answer 404 with the line that says how. */
export const notServedWithout = (flags: Pick<ServeFlags, "device" | "store">) => [
  ...(Option.isNone(flags.device)
    ? [{ name: "droid", enable: "start `shoal serve --device sim` (the simulated phone) or `--device <adb serial>` to serve droid." }]
    : []),
  ...(Option.isNone(flags.store)
    ? [{ name: "shop", enable: "start `shoal serve --store metro` (or `--store <store profile file>`, as `shoal shop --store` takes) to serve shop." }]
    : [])
]

/** droid on `--device`'s phone, with the sandbox and fetch its runs use, opened once for every session. */
const droidOn = (device: string) =>
  Effect.gen(function*() {
    const [{ layerAdbFromChoice }, { layerQuickJs }, FetchHttpClient, { droidTaskAgent }] = yield* Effect.promise(() =>
      Promise.all([
        import("../services/adb/choose.js"),
        import("../services/sandbox/quickjs.js"),
        import("@effect/platform/FetchHttpClient"),
        import("../agents/droid/task-agent.js")
      ])
    )
    const context = yield* Layer.build(Layer.mergeAll(layerAdbFromChoice({ device }), layerQuickJs, FetchHttpClient.layer)).pipe(
      Effect.mapError((e) => new ServeUsageError({ message: `--device ${device} cannot be used: ${e.message}` }))
    )
    return { agent: droidTaskAgent(), context }
  })

/**
 * shop at `--store` (a built-in profile or a profile file): one headless Chromium for the server, on the
 * store's browser profile as `shoal shop` uses it, closed when serve stops; runs take turns on it.
 */
const shopAt = (store: string) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const [{ resolveProfileDir, resolveStoreProfile }, { storeCredentials }, { layerPlaywright }, { shopListAgent }] = yield* Effect.promise(() =>
      Promise.all([
        import("./shop-store.js"),
        import("./shop-run.js"),
        import("../services/browser/playwright.js"),
        import("../agents/shop/list-agent.js")
      ])
    )
    const usage = (e: { readonly message: string }) => new ServeUsageError({ message: `--store ${store}: ${e.message}` })
    const profile = yield* resolveStoreProfile(store).pipe(Effect.mapError(usage))
    const credentials = yield* storeCredentials.pipe(Effect.mapError(usage))
    const profileDir = yield* resolveProfileDir(Option.none(), profile.name).pipe(Effect.mapError(usage))
    yield* fs.makeDirectory(profileDir, { recursive: true }).pipe(Effect.mapError(usage))
    const context = yield* Layer.build(layerPlaywright({ store: profile, profileDir, headless: true })).pipe(Effect.mapError(usage))
    return { agent: shopListAgent(yield* Effect.makeSemaphore(1), { credentials }), context }
  })

/** The address could not be listened on (taken, or not this machine's): said with the address and what to do. */
export class ServeListenError extends Data.TaggedError("ServeListenError")<{ readonly address: string; readonly code: string; readonly reason: string }> {
  override get message(): string {
    return this.code === "EADDRINUSE"
      ? `cannot listen on ${this.address}: the port is in use (another shoal serve?). Pick another with --port, or --port 0 for a free one.`
      : `cannot listen on ${this.address}: ${this.reason}. Check --host and --port.`
  }
}

const listenOn = (host: string, port: number) =>
  NodeHttpServer.layer(createGuiServer, { port, host }).pipe(Layer.mapError((e) => {
    const cause: unknown = e.cause
    const field = (key: string) =>
      typeof cause === "object" && cause !== null && key in cause ? String(Reflect.get(cause, key)) : ""
    return new ServeListenError({ address: `${host}:${port}`, code: field("code"), reason: field("message") || String(cause) })
  }))

/** The address listened on as a URL to open: an IPv6 host in brackets (`http://[::1]:8024`, not `http://::1:8024`). */
export const openableUrl = (address: HttpServer.Address): string =>
  address._tag === "UnixAddress"
    ? `unix://${address.path}`
    : `http://${address.hostname.includes(":") ? `[${address.hostname}]` : address.hostname}:${address.port}`

/**
 * Another `shoal serve` already runs on this SQLite file (another terminal, another --port): a second would be a
 * second runner of one file's cluster, which SQLite does not have (requests hang, storage reads fail).
 */
export class ServeInUseError extends Data.TaggedError("ServeInUseError")<{ readonly db: string; readonly pid: number }> {
  override get message(): string {
    return `${this.db} is already served by another shoal serve (pid ${this.pid}). Use that one, stop it, or give this one --db with another file ` +
      `(if pid ${this.pid} is no shoal serve, delete ${this.db}.serve-pid).`
  }
}

/** Whether a process with this id runs (one of another user's still counts; a killed one not yet reaped, a zombie, does not). */
const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return typeof error === "object" && error !== null && "code" in error && error.code === "EPERM"
  }
  try {
    // Linux: the state after the command name in parentheses; Z is a zombie.
    return !/\)\s+Z\s/.test(readFileSync(`/proc/${pid}/stat`, "utf8"))
  } catch {
    return true
  }
}

/**
 * Holds `<db>.serve-pid` (this process's id) while serve runs: a second serve on the same SQLite file is refused.
 * A file left by a serve that is gone (kill -9) is taken over; one that cannot be written (a read-only folder)
 * guards nothing and stops nothing.
 */
const holdSqliteFile = (fs: FileSystem.FileSystem, db: string) => {
  const lock = `${db}.serve-pid`
  const mine = String(process.pid)
  const take: Effect.Effect<boolean, ServeInUseError> = Effect.gen(function*() {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (Either.isRight(yield* Effect.either(fs.writeFileString(lock, mine, { flag: "wx" })))) return true
      const holder = yield* fs.readFileString(lock).pipe(Effect.option)
      if (Option.isNone(holder)) return false
      const pid = Number(holder.value.trim())
      if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && running(pid)) return yield* new ServeInUseError({ db, pid })
      yield* Effect.ignore(fs.remove(lock))
    }
    return false
  })
  return Effect.acquireRelease(take, (held) =>
    held
      ? fs.readFileString(lock).pipe(Effect.flatMap((text) => (text.trim() === mine ? fs.remove(lock) : Effect.void)), Effect.ignore)
      : Effect.void)
}

export const runServe = (flags: ServeFlags) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const dataDir = yield* resolveDataDir
    // The CLI's --resume/--list read this same default (services/session-store/from-config.ts).
    const db = Option.isSome(flags.db) ? flags.db.value : defaultServeDb(path, dataDir)
    if (Option.isNone(flags.db)) yield* fs.makeDirectory(path.dirname(db), { recursive: true })
    const { layer: llm, settings } = yield* llmLayerFor(flags)
    // droid has no rule path: served offline, every task would fail. Said at start, as a device that cannot be reached is.
    if (Option.isSome(flags.device) && selectsNoModel(settings)) {
      return yield* new ServeUsageError({
        message: `--device ${flags.device.value}: droid needs a model to plan device actions: set ANTHROPIC_API_KEY or OPENAI_API_KEY (or pass --provider), or serve without --device.`
      })
    }
    const { layerFoodSearch } = yield* Effect.promise(() => import("../services/nutrition-table/food-search-table.js"))
    const server = yield* importPeer("@effect/cluster", "shoal serve", () => import("../serve/server.js"))
    if (!server.isPostgresUrl(db) && db !== ":memory:") yield* holdSqliteFile(fs, db)
    const { provideAgent, serveAgent } = yield* Effect.promise(() => import("../serve/served-agent.js"))
    // fitlog chat's diary and food table are opened once, for every session.
    const fitlogContext = yield* Layer.build(Layer.mergeAll(layerFoodSearch, diaryLayer({ db: flags.diary }), UsageMeter.layer))
    const fitlogChat = provideAgent(fitlogChatAgent, fitlogContext)
    const texts = yield* fileTexts(dataDir)
    const turns = { questionTimeout: flags.questionTimeout }
    const droid = Option.isSome(flags.device) ? Option.some(yield* droidOn(flags.device.value)) : Option.none()
    const shop = Option.isSome(flags.store) ? Option.some(yield* shopAt(flags.store.value)) : Option.none()
    const served = [
      tidyAgent.session.name,
      fitlogChatAgent.session.name,
      ...Option.match(droid, { onNone: () => [], onSome: (d) => [d.agent.name] }),
      ...Option.match(shop, { onNone: () => [], onSome: (d) => [d.agent.name] })
    ]

    // A postgres:// URL is shown without its user and password.
    const where = server.isPostgresUrl(db) ? db.replace(/\/\/[^@/]*@/, "//") : db
    const runner = Option.isSome(flags.runnerPort) ? `; runner ${flags.host}:${flags.runnerPort.value}` : ""
    const listening = Layer.effectDiscard(Effect.flatMap(Effect.map(HttpServer.HttpServer, (server) => openableUrl(server.address)), (url) =>
      Console.log(
        `Shoal serves ${served.join(", ")}: pages at ${url}/${Option.isSome(flags.token) ? "?token=<your --token> (once, in the browser)" : ""}, ` +
          `the API at ${url}/api/agents  (sessions in ${where}${runner}; Ctrl-C to stop)`
      )))
    const app = server.layerServe(
      {
        host: flags.host,
        token: flags.token,
        where,
        ...Option.match(flags.keep, { onNone: () => ({}), onSome: (keep) => ({ keep }) }),
        importFrom: { texts, kinds: [tidyAgent.session.name, fitlogChatAgent.session.name] },
        unavailable: notServedWithout(flags),
        ...(Option.isSome(flags.runnerPort) ? { runner: { host: flags.host, port: flags.runnerPort.value } } : {})
      },
      [
        (deps) => serveAgent(tidyAgent, deps, turns),
        (deps) => serveAgent(fitlogChat, deps, turns),
        ...Option.match(droid, { onNone: () => [], onSome: (d) => [(deps: ServeDeps) => serveAgent(provideAgent(d.agent, d.context), deps, turns)] }),
        ...Option.match(shop, { onNone: () => [], onSome: (d) => [(deps: ServeDeps) => serveAgent(provideAgent(d.agent, d.context), deps, turns)] })
      ]
    )
    // The address is printed once the routes are in place: a request sent as soon as it shows is answered
    // (the listener opens before the routes are attached, and a request that came in between would hang).
    return yield* Layer.launch(listening.pipe(
      Layer.provide(app),
      Layer.provide(listenOn(flags.host, flags.port)),
      Layer.provide(llm),
      Layer.provide(server.layerSql(db))
    ))
  }).pipe(Effect.scoped, Effect.provide(Layer.merge(NodeFileSystem.layer, NodePath.layer)))
