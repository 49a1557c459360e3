/**
 * What the model hears back (issue 15): a bad action is one short line
 * naming the field and what it needs, never the whole action schema; text
 * typed into a password field is never repeated in the log, the Manager's
 * history or a TEXT_TASK prompt.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { codeActFunctions, makeCodeActState } from "../../../src/agents/droid/codeact-functions.js"
import { runCodeAct } from "../../../src/agents/droid/codeact.js"
import type { DeviceTools } from "../../../src/agents/droid/device.js"
import { actionLabel, typesIntoPassword } from "../../../src/agents/droid/device.js"
import { runExecutor } from "../../../src/agents/droid/executor.js"
import { decodeAtomicAction, maxErrorChars } from "../../../src/domain/droid/actions.js"
import type { AtomicAction } from "../../../src/domain/droid/actions.js"
import { elementList } from "../../../src/domain/android/elements.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { madeDump } from "../../domain/android/dump-support.js"
import { indexIn, js, phoneWith, promptAt } from "./support.js"

const short = (line: string) => {
  expect(line.length).toBeLessThanOrEqual(maxErrorChars)
  expect(line).not.toContain("\n")
}

describe("schema errors shown to the model", () => {
  it.each([
    [{ action: "swipe", direction: "north" }, "swipe: direction: expected \"up\" | \"down\" | \"left\" | \"right\", got \"north\""],
    [{ action: "click" }, "click: click needs an \"index\" or a \"text\""],
    [{ action: "click", index: -1 }, "click: index: expected a positive number, got -1"],
    [{ action: "type", index: 2 }, "type: text: is missing"],
    [{ action: "wait", ms: 1e9 }, "wait: ms: expected a number between 0 and 60000, got 1000000000"],
    [{ action: "fly" }, "action: expected one of click, long_press, type, swipe, scroll, open_app, back, home, enter, wait, got \"fly\""],
    ["click 3", "action: expected one of click, long_press, type, swipe, scroll, open_app, back, home, enter, wait, got nothing"]
  ])("%j → one line naming the field", (raw, expected) => {
    const decoded = decodeAtomicAction(raw)
    expect(decoded._tag).toBe("Left")
    if (decoded._tag === "Left") {
      expect(decoded.left).toBe(expected)
      short(decoded.left)
    }
  })

  it("a very long wrong value is cut to one short line", () => {
    const decoded = decodeAtomicAction({ action: "swipe", direction: "x".repeat(5_000) })
    expect(decoded._tag === "Left" && decoded.left.length).toBe(maxErrorChars)
  })

  it.scoped("CodeAct: the next prompt says what was wrong in one line, not the action schema", () => {
    const { layer } = phoneWith([
      ScriptedLlm.text(js("swipe(\"north\")")),
      ScriptedLlm.text(js("complete(false, \"gave up\")"))
    ])
    return Effect.gen(function*() {
      yield* runCodeAct({ goal: "scroll", maxSteps: 3 })
      const prompt = promptAt(yield* Effect.flatMap(ScriptedLlm, (s) => s.requests), 1)
      const stopped = prompt.split("\n").find((l) => l.startsWith("Code stopped:")) ?? ""
      expect(stopped).toContain("bad arguments: swipe: direction: expected \"up\" | \"down\" | \"left\" | \"right\", got \"north\"")
      expect(stopped.length).toBeLessThanOrEqual(maxErrorChars + 60)
      expect(prompt).not.toMatch(/open_app|long_press/)
    }).pipe(Effect.provide(layer))
  })

  it.effect("Executor: an invalid action's feedback is one short line", () => {
    const device: DeviceTools = {
      observe: Effect.dieMessage("not observed"),
      act: () => Effect.dieMessage("must not act"),
      focusedText: Effect.succeed(Option.none()),
      typesSecret: () => Effect.succeed(false),
      replaceFocusedText: () => Effect.dieMessage("must not type")
    }
    const screen = { app: "x", elements: { elements: [] }, text: "(no visible elements)", xml: "<hierarchy/>", hash: "0" }
    return Effect.gen(function*() {
      const record = yield* runExecutor(device, { goal: "g", plan: "1. scroll", subgoal: "scroll", screen, recent: [] })
      expect(record.ok).toBe(false)
      expect(record.feedback).toBe("invalid action: scroll: direction: expected \"up\" | \"down\" | \"left\" | \"right\", got \"sideways\"")
    }).pipe(Effect.provide(ScriptedLlm.layer([ScriptedLlm.text("### Action ###\n{\"action\": \"scroll\", \"direction\": \"sideways\"}\n### Description ###\nscroll")])))
  })
})

describe("password text is never repeated", () => {
  const login = elementList(madeDump("password-login.xml"))
  it("typing into a password field, by index or by focus, is recognised; the action's label gives only a length", () => {
    expect(typesIntoPassword(login, decode({ action: "type", index: 3, text: "hunter2" }))).toBe(true)
    expect(typesIntoPassword(login, decode({ action: "type", text: "hunter2" }))).toBe(true) // [3] has focus
    expect(typesIntoPassword(login, decode({ action: "type", index: 2, text: "ada" }))).toBe(false)
    expect(actionLabel(decode({ action: "type", index: 3, text: "hunter2" }), true)).toBe("type(\"text\":\"(7 characters)\",\"index\":3)")
  })

  it.effect("CodeAct's log masks the typed text when it goes into a password field", () =>
    Effect.gen(function*() {
      const state = yield* makeCodeActState
      const device: DeviceTools = {
        observe: Effect.dieMessage("not observed"),
        act: () => Effect.succeed("typed 7 characters (a password field) into EditText id=password"),
        focusedText: Effect.succeed(Option.none()),
        typesSecret: (a) => Effect.succeed(a.action === "type" && a.index === 3),
        replaceFocusedText: () => Effect.dieMessage("must not replace")
      }
      const functions = codeActFunctions(device, state)
      const type = functions["type"]
      if (type === undefined) return yield* Effect.dieMessage("no type()")
      yield* type([3, "hunter2"])
      yield* type([2, "ada@example.com"])
      const log = yield* state.log.get
      expect(log.join("\n")).not.toContain("hunter2")
      expect(log[0]).toBe("type(3, \"(7 characters)\"): typed 7 characters (a password field) into EditText id=password")
      expect(log[1]).toContain("\"ada@example.com\"")
    }))
})

const decode = (raw: unknown): AtomicAction => {
  const d = decodeAtomicAction(raw)
  if (d._tag === "Left") throw new Error(d.left)
  return d.right
}

describe("a password typed on the simulated phone", () => {
  it.scoped("CodeAct joins a secured network: the phone has the password, no prompt the model reads ever shows it", () => {
    type Req = Parameters<typeof indexIn>[0]
    const { device, layer } = phoneWith([
      ScriptedLlm.text(js("open_app(\"Settings\")")),
      (req: Req) => ScriptedLlm.text(js(`click(${indexIn(req, /"Network & internet · /)})`)),
      (req: Req) => ScriptedLlm.text(js(`click(${indexIn(req, /"Wi-Fi · Off"/)})`)),
      (req: Req) => ScriptedLlm.text(js(`click(${indexIn(req, /Switch "OFF"/)})`)),
      (req: Req) => ScriptedLlm.text(js(`click(${indexIn(req, /"CoffeeShop · Secured"/)})`)),
      (req: Req) => ScriptedLlm.text(js(`type(${indexIn(req, /id=password password clickable/)}, "hunter2")`)),
      (req: Req) => ScriptedLlm.text(js(`click(${indexIn(req, /id=password password filled/) + 1})\ncomplete(true, "joined CoffeeShop")`))
    ])
    return Effect.gen(function*() {
      const result = yield* runCodeAct({ goal: "join the CoffeeShop Wi-Fi with password hunter2", maxSteps: 8 })
      expect(result).toMatchObject({ success: true, steps: 7 })
      expect(device.settings.connected).toEqual({ network: "CoffeeShop", password: "hunter2" })
      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      // What the phone and the sandbox said back (every prompt after the first, which holds the user's goal).
      const heard = requests.slice(1).map((_, i) => promptAt(requests, i + 1).replace(/^Goal: .*$/m, ""))
      expect(heard.join("\n")).not.toContain("hunter2")
      expect(promptAt(requests, 6)).toContain("type(")
      expect(promptAt(requests, 6)).toMatch(/\(7 characters\)/)
    }).pipe(Effect.provide(layer))
  })
})
