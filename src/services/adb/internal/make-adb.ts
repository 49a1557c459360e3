/**
 * The `Adb` service over any `AdbTransport`: the behaviour both the live and
 * the in-memory layers share.
 *
 * - typing picks ADBKeyboard's base64 broadcast when the IME is installed
 *   (checked once per service) and `input text` otherwise (text-input.ts);
 * - dumps are read with `exec-out uiautomator dump /dev/tty` (no file, no
 *   `adb pull`) and retried a few times when the device says it cannot dump
 *   yet or cuts the dump off;
 * - `waitForIdle` dumps until the element list stops changing, bounded;
 * - `shell` refuses anything off the read-only allowlist before sending it.
 *
 * Sleeps go through Effect's Clock, so tests drive them with TestClock.
 */
import { Duration, Effect, Either, Option, Ref, Schedule } from "effect"
import { elementList, fingerprint } from "../../../domain/android/elements.js"
import type { ElementList } from "../../../domain/android/elements.js"
import { outputError, parseFocus } from "../../../domain/android/device-output.js"
import { AppNotFound, CommandFailed } from "../../../domain/android/errors.js"
import type { AdbError, ShellCommandRefused, UiDumpError } from "../../../domain/android/errors.js"
import { checkShellCommand } from "../../../domain/android/shell-policy.js"
import { adbKeyboardIme, adbKeyboardPackage, planClearing, planTyping } from "../../../domain/android/text-input.js"
import type { TypingMethod } from "../../../domain/android/text-input.js"
import { parseUiDump } from "../../../domain/android/ui-tree.js"
import type { UiTree } from "../../../domain/android/ui-tree.js"
import type { AdbShape, Screen, WaitForIdleOptions } from "../adb.js"
import type { AdbTransport } from "./transport.js"

export interface AdbBehaviour {
  /** "auto" (default): ADBKeyboard when installed, else `input text`. */
  readonly typing?: TypingMethod | "auto"
  /** Attempts per dump when the device cannot dump yet (default 3). */
  readonly dumpAttempts?: number
  /** Pause between those attempts (default 250 ms). */
  readonly dumpRetryDelay?: Duration.DurationInput
}

const commandLine = (argv: ReadonlyArray<string>) => `adb shell ${argv.join(" ")}`

/** Fail with CommandFailed when a device tool printed an error instead of a result. */
const checked = (argv: ReadonlyArray<string>) => (output: string) =>
  Option.match(outputError(output), {
    onNone: () => Effect.succeed(output),
    onSome: (line) => Effect.fail(new CommandFailed({ command: commandLine(argv), output: line }))
  })

// Worth another try: the screen was animating, the accessibility bridge had no root yet, or the dump was cut off.
const isTransient = (e: UiDumpError): boolean =>
  e._tag === "UiDumpTruncated" || /could not get idle state|null root node/.test(e.reason)

/** Dump with `dumpUi` until two consecutive element lists are identical (android_world's settle step), bounded. */
export const settleScreen = <E>(dumpUi: Effect.Effect<UiTree, E>, options: WaitForIdleOptions = {}): Effect.Effect<Screen, E> =>
  Effect.gen(function*() {
    const maxDumps = Math.max(2, options.maxDumps ?? 6)
    const interval = options.interval ?? Duration.millis(300)
    let tree = yield* dumpUi
    let list: ElementList = elementList(tree)
    for (let dumps = 2; dumps <= maxDumps; dumps++) {
      yield* Effect.sleep(interval)
      const next = yield* dumpUi
      const nextList = elementList(next)
      const same = fingerprint(nextList) === fingerprint(list)
      tree = next
      list = nextList
      if (same) return { tree, elements: list, settled: true, dumps }
    }
    yield* Effect.logDebug(`screen still changing after ${maxDumps} dumps`)
    return { tree, elements: list, settled: false, dumps: maxDumps }
  })

export const makeAdb = (transport: AdbTransport, behaviour: AdbBehaviour = {}): Effect.Effect<AdbShape> =>
  Effect.gen(function*() {
    const method = yield* Ref.make<Option.Option<TypingMethod>>(
      behaviour.typing === undefined || behaviour.typing === "auto" ? Option.none() : Option.some(behaviour.typing)
    )
    const run = (argv: ReadonlyArray<string>) => Effect.flatMap(transport.shell(argv), checked(argv))

    const typingMethod = Effect.gen(function*() {
      const known = yield* Ref.get(method)
      if (Option.isSome(known)) return known.value
      const listed = yield* transport.shell(["pm", "list", "packages", adbKeyboardPackage])
      const chosen: TypingMethod = listed.includes(`package:${adbKeyboardPackage}`) ? "adb-keyboard" : "input-text"
      if (chosen === "adb-keyboard") {
        // The broadcast only reaches the keyboard while it is the current IME.
        yield* run(["ime", "enable", adbKeyboardIme])
        yield* run(["ime", "set", adbKeyboardIme])
      }
      yield* Ref.set(method, Option.some(chosen))
      return chosen
    })

    const dumpOnce: Effect.Effect<string, AdbError | UiDumpError> = Effect.flatMap(
      transport.execOut(["uiautomator", "dump", "/dev/tty"]),
      (output) => Either.match(parseUiDump(output), {
        onLeft: (e) => Effect.fail(e),
        // Keep exactly the XML so callers can show or parse it again.
        onRight: () => Effect.succeed(output.slice(output.search(/<\?xml|<hierarchy/), output.lastIndexOf("</hierarchy>") + "</hierarchy>".length))
      })
    )
    const dumpXml = dumpOnce.pipe(
      Effect.retry({
        while: (e) => (e._tag === "UiDumpTruncated" || e._tag === "UiDumpInvalid") && isTransient(e),
        schedule: Schedule.spaced(behaviour.dumpRetryDelay ?? Duration.millis(250)),
        times: Math.max(0, (behaviour.dumpAttempts ?? 3) - 1)
      })
    )
    const dumpUi: Effect.Effect<UiTree, AdbError | UiDumpError> = Effect.flatMap(dumpXml, (xml) =>
      Either.match(parseUiDump(xml), { onLeft: (e) => Effect.fail(e), onRight: Effect.succeed }))

    const waitForIdle = (options: WaitForIdleOptions = {}) => settleScreen(dumpUi, options)

    return {
      serial: transport.serial,
      devices: transport.devices,
      tap: (p) => Effect.asVoid(run(["input", "tap", String(Math.round(p.x)), String(Math.round(p.y))])).pipe(Effect.withSpan("Adb.tap", { attributes: { x: p.x, y: p.y } })),
      swipe: (from, to, durationMs = 300) =>
        Effect.asVoid(run(["input", "swipe", ...[from.x, from.y, to.x, to.y, durationMs].map((n) => String(Math.round(n)))])).pipe(Effect.withSpan("Adb.swipe")),
      keyevent: (key) => Effect.asVoid(run(["input", "keyevent", String(key)])).pipe(Effect.withSpan("Adb.keyevent", { attributes: { key } })),
      typeText: (text) =>
        Effect.gen(function*() {
          const chosen = yield* typingMethod
          const plan = planTyping(text, chosen)
          if (Either.isLeft(plan)) return yield* plan.left
          for (const argv of plan.right) yield* run(argv)
          return chosen
        }).pipe(Effect.withSpan("Adb.typeText", { attributes: { characters: text.length } })), // never the text: it may be a password
      clearText: Effect.gen(function*() {
        const chosen = yield* typingMethod
        for (const argv of planClearing(chosen)) yield* run(argv)
        return chosen
      }).pipe(Effect.withSpan("Adb.clearText")),
      launch: (pkg) =>
        transport.shell(["monkey", "-p", pkg, "-c", "android.intent.category.LAUNCHER", "1"]).pipe(
          Effect.flatMap((output) =>
            /monkey aborted|No activities found/.test(output)
              ? Effect.fail(new AppNotFound({ packageName: pkg, output: outputError(output).pipe(Option.getOrElse(() => output.trim())) }))
              : Effect.void)
        ).pipe(Effect.withSpan("Adb.launch", { attributes: { pkg } })),
      forceStop: (pkg) => Effect.asVoid(run(["am", "force-stop", pkg])).pipe(Effect.withSpan("Adb.forceStop", { attributes: { pkg } })),
      focused: Effect.map(transport.shell(["dumpsys", "window", "displays"]), parseFocus).pipe(Effect.withSpan("Adb.focused")),
      dumpXml: dumpXml.pipe(Effect.withSpan("Adb.dumpXml")),
      dumpUi: dumpUi.pipe(Effect.withSpan("Adb.dumpUi")),
      waitForIdle: (options) => waitForIdle(options).pipe(Effect.withSpan("Adb.waitForIdle")),
      screenshot: transport.screenshot.pipe(Effect.withSpan("Adb.screenshot")),
      shell: (command) =>
        Either.match(checkShellCommand(command), {
          onLeft: (refused): Effect.Effect<string, AdbError | ShellCommandRefused> => Effect.fail(refused),
          // Sent as one word list: the device's sh parses it exactly as the allowlist did.
          onRight: () => transport.shell([command])
        }).pipe(Effect.withSpan("Adb.shell", { attributes: { command } }))
    } satisfies AdbShape
  })
