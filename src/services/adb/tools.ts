/**
 * The seeds/000 Android tools as ToolLoop tools over the `Adb` service:
 * tap_screen, type_text, swipe_screen, press_key, launch_app, kill_app,
 * get_ui_hierarchy, execute_shell_command and ui_parser. (get_user_input is
 * QuestionUI's, not the device's; the fitlog agent adds it.)
 *
 * Where it sits: fitlog's model-driven fallback loop and droid hand these to
 * `ToolLoop.run`. Results are short sentences saying what happened; failures
 * are typed errors whose messages say what to do next (the loop shows them
 * to the model as error results). The optional `deviceId` of the seed's
 * schemas is accepted but must name the session's device.
 */
import { Effect, Either, Schema } from "effect"
import { describeElements, elementList, elementUnder } from "../../domain/android/elements.js"
import {
  AdbTimeout,
  AppNotFound,
  CommandFailed,
  DeviceOffline,
  NoDevice,
  ShellCommandRefused,
  TextNotTypable,
  UiDumpInvalid,
  UiDumpTruncated
} from "../../domain/android/errors.js"
import { PackageName } from "../../domain/android/ids.js"
import { KeyCode, Keys } from "../../domain/android/key-codes.js"
import { allowedShellCommands } from "../../domain/android/shell-policy.js"
import { parseUiDump } from "../../domain/android/ui-tree.js"
import * as Tool from "../llm/tool.js"
import { Adb } from "./adb.js"

const Coordinate = Schema.Int.pipe(Schema.between(0, 10_000)).annotations({ description: "A screen pixel coordinate (0 is the left or top edge)" })
const DeviceId = Schema.optionalWith(Schema.String, { exact: true }).annotations({ description: "The device serial; defaults to the session's device" })

const onDevice = <A, E>(deviceId: string | undefined, use: (adb: typeof Adb.Service) => Effect.Effect<A, E>): Effect.Effect<A, E | CommandFailed, Adb> =>
  Effect.flatMap(Adb, (adb): Effect.Effect<A, E | CommandFailed> =>
    deviceId !== undefined && deviceId.length > 0 && deviceId !== adb.serial
      ? Effect.fail(new CommandFailed({ command: `select ${deviceId}`, output: `this session controls ${adb.serial}; omit deviceId or pass "${adb.serial}"` }))
      : use(adb))

/** What talking to the device can fail with (`AdbError`, and a `deviceId` naming another device): returned to the model as a tool error. */
const DeviceFailure = Schema.Union(DeviceOffline, NoDevice, CommandFailed, AdbTimeout)
const UiDumpFailure = Schema.Union(UiDumpTruncated, UiDumpInvalid)

const keyNames: Readonly<Record<number, string>> = Object.fromEntries(Object.entries(Keys).map(([name, code]) => [code, name]))

export const tapScreen = Tool.make("tap_screen", {
  description: "Tap the screen at pixel (x, y). Use the centre shown for an element by get_ui_hierarchy.",
  success: Schema.String,
  failure: DeviceFailure,
  failureMode: "return",
  parameters: Schema.Struct({ x: Coordinate, y: Coordinate, deviceId: DeviceId }),
  handler: ({ x, y, deviceId }) => onDevice(deviceId, (adb) => Effect.as(adb.tap({ x, y }), `Tapped (${x}, ${y}). Call get_ui_hierarchy to see the result.`))
})

export const typeText = Tool.make("type_text", {
  description: "Type text into the focused input field (tap the field first). Any characters, including spaces, quotes, symbols, accents and newlines, are typed exactly.",
  success: Schema.String,
  failure: Schema.Union(DeviceFailure, TextNotTypable),
  failureMode: "return",
  parameters: Schema.Struct({ text: Schema.String.pipe(Schema.minLength(1)), deviceId: DeviceId }),
  handler: ({ text, deviceId }) =>
    onDevice(deviceId, (adb) =>
      Effect.map(adb.typeText(text), (method) =>
        `Typed ${JSON.stringify(text)} (${Array.from(text).length} characters, via ${method === "adb-keyboard" ? "ADBKeyboard" : "input text"}) into the focused field.`))
})

export const swipeScreen = Tool.make("swipe_screen", {
  description: "Swipe from (x1, y1) to (x2, y2). To scroll a list down, swipe upwards (y2 < y1).",
  success: Schema.String,
  failure: DeviceFailure,
  failureMode: "return",
  parameters: Schema.Struct({
    x1: Coordinate, y1: Coordinate, x2: Coordinate, y2: Coordinate,
    durationMs: Schema.optionalWith(Schema.Int.pipe(Schema.between(10, 5000)), { default: () => 300 }),
    deviceId: DeviceId
  }),
  handler: ({ x1, y1, x2, y2, durationMs, deviceId }) =>
    onDevice(deviceId, (adb) => Effect.as(adb.swipe({ x: x1, y: y1 }, { x: x2, y: y2 }, durationMs), `Swiped from (${x1}, ${y1}) to (${x2}, ${y2}) in ${durationMs} ms.`))
})

export const pressKey = Tool.make("press_key", {
  description: `Press an Android key by key code: BACK=${Keys.BACK}, ENTER=${Keys.ENTER}, HOME=${Keys.HOME}, DEL=${Keys.DEL} (backspace), SEARCH=${Keys.SEARCH}, TAB=${Keys.TAB}.`,
  success: Schema.String,
  failure: DeviceFailure,
  failureMode: "return",
  parameters: Schema.Struct({ keyCode: KeyCode, deviceId: DeviceId }),
  handler: ({ keyCode, deviceId }) =>
    onDevice(deviceId, (adb) => Effect.as(adb.keyevent(keyCode), `Pressed ${keyNames[keyCode] ?? "key"} (${keyCode}).`))
})

export const launchApp = Tool.make("launch_app", {
  description: "Launch an app by package name (e.g. com.myfitnesspal.android), or bring it to the front if it is running.",
  success: Schema.String,
  failure: Schema.Union(DeviceFailure, AppNotFound),
  failureMode: "return",
  parameters: Schema.Struct({ packageName: PackageName, deviceId: DeviceId }),
  handler: ({ packageName, deviceId }) =>
    onDevice(deviceId, (adb) => Effect.as(adb.launch(packageName), `Launched ${packageName}. It may take a moment to show its first screen; call get_ui_hierarchy.`))
})

export const killApp = Tool.make("kill_app", {
  description: "Force-stop an app by package name, so the next launch starts it fresh.",
  success: Schema.String,
  failure: DeviceFailure,
  failureMode: "return",
  parameters: Schema.Struct({ packageName: PackageName, deviceId: DeviceId }),
  handler: ({ packageName, deviceId }) => onDevice(deviceId, (adb) => Effect.as(adb.forceStop(packageName), `Force-stopped ${packageName}.`))
})

export const getUiHierarchy = Tool.make("get_ui_hierarchy", {
  description: "Read the current screen once it has settled: the app in front and a numbered list of the elements you can act on or read, each with its text, id, state and centre (x,y) to tap. format \"xml\" returns the raw uiautomator XML instead.",
  success: Schema.String,
  failure: Schema.Union(DeviceFailure, UiDumpFailure),
  failureMode: "return",
  parameters: Schema.Struct({ format: Schema.optionalWith(Schema.Literal("elements", "xml"), { default: () => "elements" as const }), deviceId: DeviceId }),
  concurrencySafe: true,
  handler: ({ format, deviceId }) =>
    onDevice(deviceId, (adb) =>
      format === "xml"
        ? adb.dumpXml
        : Effect.gen(function*() {
          const screen = yield* adb.waitForIdle()
          const focus = yield* adb.focused
          const app = focus._tag === "Some" ? `${focus.value.packageName} (${focus.value.activity})` : "unknown"
          const note = screen.settled ? "" : "\n(The screen was still changing; read it again if something looks incomplete.)"
          return `App in front: ${app}\n${describeElements(screen.elements)}${note}`
        }))
})

export const executeShellCommand = Tool.make("execute_shell_command", {
  description: `Run a read-only shell command on the device, e.g. "pm list packages | grep fitness" or "dumpsys window displays". Only these commands are allowed: ${allowedShellCommands.join(", ")} (pipes into grep/head/tail/wc/sort/uniq are fine). Use the other tools to act.`,
  success: Schema.String,
  failure: Schema.Union(DeviceFailure, ShellCommandRefused),
  failureMode: "return",
  parameters: Schema.Struct({ command: Schema.String.pipe(Schema.minLength(1)), deviceId: DeviceId }),
  handler: ({ command, deviceId }) =>
    onDevice(deviceId, (adb) => Effect.map(adb.shell(command), (out) => (out.trim().length === 0 ? "(no output)" : out.trim().slice(0, 8000))))
})

export const uiParser = Tool.make("ui_parser", {
  description: "Turn uiautomator XML (from get_ui_hierarchy with format \"xml\") into the numbered element list; optionally say which element lies under a point.",
  success: Schema.String,
  failure: UiDumpFailure,
  failureMode: "return",
  parameters: Schema.Struct({ xmlContent: Schema.String, x: Schema.optionalWith(Coordinate, { exact: true }), y: Schema.optionalWith(Coordinate, { exact: true }) }),
  concurrencySafe: true,
  handler: ({ xmlContent, x, y }) =>
    Either.match(parseUiDump(xmlContent), {
      onLeft: (e) => Effect.fail(e),
      onRight: (tree) => {
        const list = elementList(tree)
        if (x === undefined || y === undefined) return Effect.succeed(describeElements(list))
        const hit = elementUnder(list, { x, y })
        return Effect.succeed(hit === undefined ? `No listed element under (${x}, ${y}).` : `Under (${x}, ${y}): element [${hit.index}]\n${describeElements(list)}`)
      }
    })
})

/** Every Android tool, in the seed's order. */
export const androidTools = [tapScreen, typeText, swipeScreen, pressKey, launchApp, killApp, getUiHierarchy, executeShellCommand, uiParser] as const
