/**
 * `journaledAdb`: the same device with every call made through `Steps.once`
 * (`adb/tap`, `adb/dumpXml`…, repeats told apart by their order), so a
 * durable host that runs a turn's code again (`shoal serve` after a crash, or
 * a turn resumed) gets each recorded result back instead of acting on the
 * device again: a tap made before a crash is not made twice.
 *
 * Reads are steps too (the dump, the app in front, a screenshot, a shell
 * read): a replay then sees the screens the first run saw, so the agent's
 * code takes the same branches and asks for the same steps in the same order.
 * `dumpUi` and `waitForIdle` are built here on the journaled dump, so each
 * dump is one step. `devices` (the adb server's list) is not a step.
 *
 * Without a durable host `Steps` is `direct` and this is the device itself.
 *
 * Where it sits: beside the Adb port; the served droid turn
 * (agents/droid/task-agent.ts) wraps its device with it.
 */
import { Effect, Either, Schema } from "effect"
import { PackageName } from "../../domain/android/ids.js"
import { parseUiDump } from "../../domain/android/ui-tree.js"
import type { UiTree } from "../../domain/android/ui-tree.js"
import type { UiDumpError } from "../../domain/android/errors.js"
import type { AdbError } from "../../domain/android/errors.js"
import type { StepsShape } from "../steps/steps.js"
import type { AdbShape } from "./adb.js"
import { settleScreen } from "./internal/make-adb.js"

const TypingMethod = Schema.Literal("adb-keyboard", "input-text")
const Focus = Schema.Struct({ packageName: PackageName, activity: Schema.String })

export const journaledAdb = (adb: AdbShape, steps: StepsShape): AdbShape => {
  const step = <A, I, E>(name: string, success: Schema.Schema<A, I>, effect: Effect.Effect<A, E>) => steps.once(`adb/${name}`, success, effect)
  const dumpXml = step("dumpXml", Schema.String, adb.dumpXml)
  const dumpUi: Effect.Effect<UiTree, AdbError | UiDumpError> = Effect.flatMap(dumpXml, (xml) =>
    Either.match(parseUiDump(xml), { onLeft: (e) => Effect.fail(e), onRight: Effect.succeed }))
  return {
    serial: adb.serial,
    devices: adb.devices,
    tap: (point) => step("tap", Schema.Void, adb.tap(point)),
    typeText: (text) => step("typeText", TypingMethod, adb.typeText(text)),
    clearText: step("clearText", TypingMethod, adb.clearText),
    swipe: (from, to, durationMs) => step("swipe", Schema.Void, adb.swipe(from, to, durationMs)),
    keyevent: (key) => step("keyevent", Schema.Void, adb.keyevent(key)),
    launch: (pkg) => step("launch", Schema.Void, adb.launch(pkg)),
    forceStop: (pkg) => step("forceStop", Schema.Void, adb.forceStop(pkg)),
    focused: step("focused", Schema.Option(Focus), adb.focused),
    dumpXml,
    dumpUi,
    waitForIdle: (options) => settleScreen(dumpUi, options),
    screenshot: step("screenshot", Schema.Uint8ArrayFromBase64, adb.screenshot),
    shell: (command) => step("shell", Schema.String, adb.shell(command))
  }
}
