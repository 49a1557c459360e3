/**
 * The simulated device's `/system/bin/sh`: parses a command line the way the
 * real shell would (shell-words.ts) and answers the commands that agents,
 * appium-adb and the adb client send, with the output formats of real
 * devices (notes/adb-protocol.md §8). Pipes into grep/head/tail/wc work;
 * other commands print what sh prints for an unknown command.
 *
 * Where it sits: server.ts calls `runCommand` for `shell:` and `exec:`
 * requests; the in-memory Adb layer calls it directly.
 */
import { Either } from "effect"
import { keyCodeOfWord } from "../domain/android/key-codes.js"
import { pipelineStages, splitShell } from "../domain/android/shell-words.js"
import { decodeAdbKeyboardMessage, inputTextValue } from "../domain/android/text-input.js"
import type { SimulatedDevice } from "./device.js"

export interface DeviceReply {
  readonly output: Uint8Array
  /** How long the device takes to answer (a slow dump). */
  readonly delayMs: number
}

const reply = (text: string, delayMs = 0): DeviceReply => ({ output: Buffer.from(text, "utf8"), delayMs })

/** Run one command line on the device, as `adb shell` or `adb exec-out` delivers it. */
export const runCommand = (device: SimulatedDevice, line: string): DeviceReply => {
  device.commands.push(line)
  const tokens = splitShell(line)
  if (Either.isLeft(tokens)) return reply(`/system/bin/sh: syntax error: ${tokens.left}\n`)
  const stages = pipelineStages(tokens.right)
  if (Either.isLeft(stages)) return reply(`/system/bin/sh: the simulated shell supports simple commands and pipes only (${stages.left})\n`)
  const [first = [], ...filters] = stages.right
  const result = run(device, first)
  if (filters.length === 0) return result
  let text = Buffer.from(result.output).toString("utf8")
  for (const f of filters) text = filter(f, text)
  return reply(text, result.delayMs)
}

const filter = ([name = "", ...args]: ReadonlyArray<string>, input: string): string => {
  const lines = input.split("\n").filter((l, i, all) => i < all.length - 1 || l.length > 0)
  const flags = args.filter((a) => a.startsWith("-"))
  const rest = args.filter((a) => !a.startsWith("-"))
  const count = Number.parseInt(args[args.indexOf("-n") + 1] ?? "10", 10) || 10
  const out = (ls: ReadonlyArray<string>) => (ls.length === 0 ? "" : `${ls.join("\n")}\n`)
  switch (name) {
    case "grep": {
      const ci = flags.includes("-i")
      const wanted = ci ? (rest[0] ?? "").toLowerCase() : (rest[0] ?? "")
      return out(lines.filter((l) => (ci ? l.toLowerCase() : l).includes(wanted) !== flags.includes("-v")))
    }
    case "head": return out(lines.slice(0, count))
    case "tail": return out(lines.slice(-count))
    case "wc": return `${flags.includes("-l") ? lines.length : input.length}\n`
    case "sort": return out([...lines].sort())
    case "uniq": return out(lines.filter((l, i) => l !== lines[i - 1]))
    default: return `/system/bin/sh: ${name}: inaccessible or not found\n`
  }
}

const props = (device: SimulatedDevice): Readonly<Record<string, string>> => ({
  "ro.build.version.sdk": "34",
  "ro.build.version.release": "14",
  "ro.product.model": device.model,
  "ro.serialno": device.serial,
  "sys.boot_completed": "1",
  "ro.kernel.qemu": "1"
})

const focusLines = (device: SimulatedDevice): string => {
  const app = device.foreground()
  const component = `${app.packageName}/${app.packageName}${app.activity()}`
  const dialog = device.currentDialog()
  const focus = dialog === undefined ? component : `${dialog.packageName}/${dialog.title}`
  return `WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)\n  Display: mDisplayId=0\n    mCurrentFocus=Window{1f2a3b4 u0 ${focus}}\n    mFocusedApp=ActivityRecord{5c6d7e8 u0 ${app.packageName}/${app.activity()} t12}\n`
}

const run = (device: SimulatedDevice, argv: ReadonlyArray<string>): DeviceReply => {
  const [cmd = "", ...args] = argv
  const arg = (i: number) => args[i] ?? ""
  const option = (name: string) => {
    const i = args.indexOf(name)
    return i === -1 ? undefined : args[i + 1]
  }
  const num = (i: number) => Number.parseInt(arg(i), 10)
  switch (cmd) {
    case "getprop": {
      const all = props(device)
      if (args.length === 0) return reply(Object.entries(all).map(([k, v]) => `[${k}]: [${v}]`).join("\n") + "\n")
      return reply(`${all[arg(0)] ?? ""}\n`)
    }
    case "wm":
      return reply(arg(0) === "size" ? "Physical size: 1080x2400\n" : arg(0) === "density" ? "Physical density: 420\n" : "")
    case "echo":
      return reply(`${args.join(" ")}\n`)
    case "id":
    case "whoami":
      return reply(cmd === "id" ? "uid=2000(shell) gid=2000(shell)\n" : "shell\n")
    case "dumpsys":
      if (arg(0) === "window") return reply(focusLines(device))
      if (arg(0) === "wifi") return reply(`Wi-Fi is ${device.settings.wifiEnabled ? "enabled" : "disabled"}\n`)
      if (arg(0) === "activity") return reply(`  mResumedActivity: ActivityRecord{5c6d7e8 u0 ${device.foreground().packageName}/${device.foreground().activity()} t12}\n`)
      return reply("")
    case "settings":
      if (arg(0) === "get" && arg(2) === "wifi_on") return reply(device.settings.wifiEnabled ? "1\n" : "0\n")
      if (arg(0) === "get" && arg(2) === "airplane_mode_on") return reply(device.settings.airplaneMode ? "1\n" : "0\n")
      return reply("null\n")
    case "pm":
    case "cmd":
      return packageManager(device, cmd === "cmd" ? args.slice(1) : args)
    case "am":
      return activityManager(device, args)
    case "monkey": {
      const pkg = option("-p") ?? ""
      if (!device.launch(pkg, false)) return reply("** No activities found to run, monkey aborted.\n")
      return reply(`  bash arg: -p\n  bash arg: ${pkg}\n  bash arg: -c\n  bash arg: android.intent.category.LAUNCHER\n  bash arg: 1\nargs: [-p, ${pkg}, -c, android.intent.category.LAUNCHER, 1]\nEvents injected: 1\n## Network stats: elapsed time=16ms (0ms mobile, 0ms wifi, 16ms not connected)\n`)
    }
    case "input":
      return input(device, args)
    case "ime":
      if (arg(0) === "list") return reply(device.adbKeyboard ? "com.android.adbkeyboard/.AdbIME\ncom.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME\n" : "com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME\n")
      if (!device.packages().includes((arg(1).split("/")[0]) ?? "")) return reply(`Unknown input method ${arg(1)} cannot be selected for user #0\n`)
      return reply(arg(0) === "set" ? `Input method ${arg(1)} selected for user #0\n` : `Input method ${arg(1)}: already enabled for user #0\n`)
    case "uiautomator":
      return dump(device, args)
    case "cat": {
      const content = device.files.get(arg(0))
      return reply(content ?? `cat: ${arg(0)}: No such file or directory\n`)
    }
    case "screencap":
      return { output: device.screenshot(), delayMs: 0 }
    case "sleep":
      return reply("", Math.min(5000, Number.parseFloat(arg(0)) * 1000 || 0))
    default:
      return reply(`/system/bin/sh: ${cmd}: inaccessible or not found\n`)
  }

  function input(dev: SimulatedDevice, a: ReadonlyArray<string>): DeviceReply {
    switch (a[0]) {
      case "tap":
        dev.tap({ x: num(1), y: num(2) })
        return reply("")
      case "swipe":
        dev.swipe({ x: num(1), y: num(2) }, { x: num(3), y: num(4) })
        return reply("")
      case "keyevent":
        for (const k of a.slice(1)) dev.key(keyCodeOfWord(k))
        return reply("")
      case "keycombination":
        dev.keyCombination(a.slice(1).map(keyCodeOfWord))
        return reply("")
      case "text": {
        // A real `input text` only types what the key map has: other characters are lost.
        const value = inputTextValue(a.slice(1).join(" "))
        const typable = Array.from(value).filter((c) => c >= " " && c <= "~").join("")
        if (typable.length > 0) dev.commitText(typable)
        return reply("")
      }
      default:
        return reply(`Error: Unknown command: ${a[0] ?? ""}\n`)
    }
  }
}

const packageManager = (device: SimulatedDevice, args: ReadonlyArray<string>): DeviceReply => {
  const [verb, noun] = args
  if (verb === "list" && noun === "packages") {
    const filterWord = args.slice(2).find((a) => !a.startsWith("-")) ?? ""
    const versions = args.includes("--show-versioncode")
    return reply(device.packages().filter((p) => p.includes(filterWord)).map((p) => `package:${p}${versions ? " versionCode:25123" : ""}\n`).join(""))
  }
  if (verb === "path") {
    return reply(device.packages().includes(noun ?? "") ? `package:/data/app/~~x1/${noun ?? ""}-1/base.apk\n` : "")
  }
  if (verb === "resolve-activity") {
    const pkg = args.at(-1) ?? ""
    const app = device.app(pkg)
    return reply(app === undefined ? "No activity found\n" : `priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n${pkg}/${app.launchActivity}\n`)
  }
  return reply(`Unknown command: ${verb ?? ""}\n`)
}

const activityManager = (device: SimulatedDevice, args: ReadonlyArray<string>): DeviceReply => {
  const [verb = "", ...rest] = args
  const option = (name: string) => {
    const i = rest.indexOf(name)
    return i === -1 ? undefined : rest[i + 1]
  }
  if (verb === "force-stop") {
    device.forceStop(rest[0] ?? "")
    return reply("")
  }
  if (verb === "start" || verb === "start-activity") {
    const component = option("-n") ?? ""
    const [pkg = "", activity = ""] = component.split("/")
    const app = device.app(pkg)
    const full = activity.startsWith(".") ? `${pkg}${activity}` : activity
    if (app === undefined || (full !== `${pkg}${app.launchActivity}` && activity !== "")) {
      return reply(`Starting: Intent { cmp=${component} }\nError: Activity class {${pkg}/${full}} does not exist.\n`)
    }
    const stop = rest.includes("-S")
    device.launch(pkg, stop)
    return reply(`${stop ? `Stopping: ${pkg}\n` : ""}Starting: Intent { cmp=${component} }\nStatus: ok\nLaunchState: ${stop ? "COLD" : "WARM"}\nActivity: ${component}\nTotalTime: 812\nWaitTime: 815\nComplete\n`)
  }
  if (verb === "broadcast") {
    const action = option("-a") ?? ""
    const intent = `Broadcasting: Intent { act=${action} flg=0x400000 (has extras) }\n`
    // Only the ADBKeyboard IME receives ADB_INPUT_*; without it the broadcast reaches no one, as on a phone.
    if (device.adbKeyboard && action === "ADB_CLEAR_TEXT") device.clearText()
    if (device.adbKeyboard && (action === "ADB_INPUT_B64" || action === "ADB_INPUT_TEXT")) {
      const msg = option("--es") === "msg" ? (rest[rest.indexOf("--es") + 2] ?? "") : ""
      const text = action === "ADB_INPUT_B64" ? decodeAdbKeyboardMessage(msg) : Either.right(msg)
      if (Either.isRight(text)) device.commitText(text.right)
    }
    return reply(`${intent}Broadcast completed: result=0\n`)
  }
  return reply(`Error: unknown command '${verb}'\n`)
}

const dump = (device: SimulatedDevice, args: ReadonlyArray<string>): DeviceReply => {
  if (args[0] !== "dump") return reply("Usage: uiautomator dump [--compressed] [FILE]\n")
  const path = args.slice(1).find((a) => !a.startsWith("-")) ?? "/sdcard/window_dump.xml"
  const delay = device.faults.slowDumpMs
  if (device.faults.failingDumps > 0) {
    device.faults.failingDumps -= 1
    return reply("ERROR: could not get idle state.\n", delay)
  }
  const xml = device.dump()
  if (device.faults.truncatedDumps > 0) {
    device.faults.truncatedDumps -= 1
    return reply(xml.slice(0, Math.floor(xml.length / 2)), delay)
  }
  if (path === "/dev/tty") return reply(`${xml}UI hierchary dumped to: /dev/tty\n`, delay)
  device.files.set(path, xml)
  return reply(`UI hierchary dumped to: ${path}\n`, delay)
}
