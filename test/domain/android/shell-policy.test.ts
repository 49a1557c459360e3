/** The read-only shell allowlist and the shell word splitter it stands on. */
import { describe, expect, it } from "@effect/vitest"
import { Either, FastCheck as fc } from "effect"
import { checkShellCommand } from "../../../src/domain/android/shell-policy.js"
import { quoteArg, splitShell } from "../../../src/domain/android/shell-words.js"

const words = (line: string) => Either.getOrThrow(splitShell(line)).map((t) => (t._tag === "Word" ? t.value : `<${t.op}>`))

describe("splitShell", () => {
  it("handles single quotes, double quotes, backslashes and operators like sh", () => {
    expect(words(`input text ''2%seggs%s\\&%stoast\\'s''`)).toEqual(["input", "text", "2%seggs%s&%stoast's"])
    expect(words(`uiautomator 'dump' '/dev/tty'`)).toEqual(["uiautomator", "dump", "/dev/tty"])
    expect(words(`echo "a \\"b\\" c" d;e&&f|g`)).toEqual(["echo", "a \"b\" c", "d", "<;>", "e", "<&&>", "f", "<|>", "g"])
    expect(Either.isLeft(splitShell("echo 'open"))).toBe(true)
  })

  it("quoteArg produces one word with exactly the value (property)", () => {
    fc.assert(fc.property(fc.string({ unit: "binary" }), (value) => {
      expect(words(`cmd ${quoteArg(value)}`)).toEqual(["cmd", value])
    }), { numRuns: 300 })
  })
})

describe("checkShellCommand", () => {
  it.each([
    "getprop ro.build.version.sdk",
    "pm list packages | grep myfitnesspal",
    "dumpsys window displays",
    "cmd package resolve-activity --brief com.myfitnesspal.android",
    "settings get global wifi_on",
    "wm size",
    "cat /proc/meminfo | head -n 3"
  ])("allows the read-only command %s", (command) => {
    expect(Either.isRight(checkShellCommand(command))).toBe(true)
  })

  it.each([
    ["rm -rf /sdcard", "\"rm\" is not a read-only command"],
    ["am start -n com.x/.Main", "\"am\" is not a read-only command"],
    ["input tap 1 1", "\"input\" is not"],
    ["setprop persist.sys.locale de", "\"setprop\""],
    ["settings put global wifi_on 1", "settings: only get / list"],
    ["wm size 720x1280", "wm: takes no arguments"],
    ["getprop a; reboot", "the operator \";\""],
    ["getprop a && reboot", "the operator \"&&\""],
    ["cat /sdcard/x > /sdcard/y", "the operator \">\""],
    ["echo $(reboot)", "would be expanded"],
    ["echo `reboot`", "would be expanded"],
    ["pm list packages | sh", "\"sh\" cannot follow a pipe"],
    ["dumpsys battery unplug", "\"unplug\" changes device state"],
    ["pm uninstall com.x", "pm: only list / path"],
    ["getprop a\nreboot", "one line"],
    ["'r''m' -rf /", "\"rm\" is not"]
  ])("refuses %s", (command, reason) => {
    const result = checkShellCommand(command)
    expect(Either.isLeft(result) && result.left.reason).toContain(reason)
    expect(Either.isLeft(result) && result.left._tag).toBe("ShellCommandRefused")
  })
})
