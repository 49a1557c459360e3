/**
 * Reasoning mode end to end on the simulated phone: the Manager's plan is
 * routed to the Executor, the Scripter (fetching from a server on
 * 127.0.0.1) and the TextManipulator; failures build the error history.
 * Assertions are on the phone's state and on what the Manager was shown.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { runReasoning } from "../../../src/agents/droid/reasoning.js"
import { findByResourceId, findByText, elementList } from "../../../src/domain/android/elements.js"
import { PackageName } from "../../../src/domain/android/ids.js"
import type { GenerateRequest } from "../../../src/domain/llm.js"
import { Adb } from "../../../src/services/adb/adb.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { indexIn, js, phoneWith, promptAt } from "./support.js"
import { DroidOutcome } from "../../../src/agents/droid/result.js"

/** A tiny API on 127.0.0.1 for the Scripter; records the paths asked for. */
const fruitServer = Effect.acquireRelease(
  Effect.async<{ readonly url: string; readonly hits: Array<string>; readonly close: () => void }>((resume) => {
    const hits: Array<string> = []
    const server = createServer((req, res) => {
      hits.push(req.url ?? "")
      res.setHeader("content-type", "application/json")
      res.end(JSON.stringify({ fruit: "mango" }))
    })
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resume(Effect.succeed({ url: `http://127.0.0.1:${port}`, hits, close: () => void server.close() }))
    })
  }),
  (s) => Effect.sync(s.close)
)

const manager = (body: string) => ScriptedLlm.text(body)
const executor = (action: object) => ScriptedLlm.text(`### Thought ###\nok\n### Action ###\n${JSON.stringify(action)}\n### Description ###\nstep`)

describe("reasoning mode", () => {
  it.scoped("\"turn on Wi-Fi\": Manager → Executor three times, then done; the phone's Wi-Fi is on", () => {
    const { device, layer } = phoneWith([
      manager("<thought>Home screen.</thought>\n<plan>\n1. Open the Settings app\n2. Open Network & internet\n3. Turn Wi-Fi on\n4. DONE\n</plan>"),
      executor({ action: "open_app", text: "Settings" }),
      manager("<thought>Settings is open.</thought>\n<add_memory>Settings opened at step 1.</add_memory>\n<plan>\n1. Click on \"Network & internet\"\n2. Turn Wi-Fi on\n</plan>"),
      executor({ action: "click", text: "Network & internet" }),
      manager("<thought>Wi-Fi row visible.</thought>\n<plan>\n1. Click the Wi-Fi switch\n</plan>"),
      (req: GenerateRequest) => executor({ action: "click", index: indexIn(req, /Switch "OFF"/) }),
      manager("<thought>The switch says ON.</thought>\n<request_accomplished success=\"true\">Wi-Fi is on.</request_accomplished>")
    ])
    return Effect.gen(function*() {
      const result = yield* runReasoning({ goal: "turn on Wi-Fi", maxSteps: 6 })
      expect(result).toEqual({ success: true, answer: "Wi-Fi is on.", steps: 4, memory: ["Settings opened at step 1."], outcome: DroidOutcome.Finished() })
      expect(device.settings.wifiEnabled).toBe(true)
      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      expect(requests[1]?.system).toMatch(/You are the Executor/)
      expect(promptAt(requests, 1)).toMatch(/Current subgoal: Open the Settings app/)
      expect(promptAt(requests, 6)).toMatch(/Memory:\n- Settings opened at step 1\.[\s\S]*Outcome: Successful \| Feedback: tapped \[\d+\] Switch "OFF"/)
    }).pipe(Effect.provide(Layer.merge(layer, FetchHttpClient.layer)))
  })

  it.scoped("a <script> goes to the Scripter (fetch on 127.0.0.1) and a TEXT_TASK to the TextManipulator, corrected on its second try", () =>
    Effect.gen(function*() {
      const api = yield* fruitServer
      const { device, layer } = phoneWith([
        manager(`<thought>Need the fruit of the day.</thought>\n<plan>\n<script>\nFetch ${api.url}/fruit and report the fruit\n</script>\nTEXT_TASK: replace the search text with the fruit\n</plan>`),
        ScriptedLlm.text(js(`const r = fetch("${api.url}/fruit")\nprint(r.status, r.json().fruit)`)),
        ScriptedLlm.text(js("let refused = ''\ntry { fetch('http://example.com/') } catch (e) { refused = e.message }\nprint(refused)")),
        ScriptedLlm.text("The fruit of the day is mango."),
        (req: GenerateRequest) => {
          expect(lastUser(req)).toContain("<script_result status=\"SUCCESS\">\nThe fruit of the day is mango.\n</script_result>")
          return manager("<thought>Mango.</thought>\n<add_memory>Fruit: mango</add_memory>\n<plan>\nTEXT_TASK: replace \"banana\" with \"mango\"\n1. DONE\n</plan>")
        },
        ScriptedLlm.text(js("input_text(ORIGINAL.replace('banana', fruit))")),
        (req: GenerateRequest) => {
          expect(lastUser(req)).toMatch(/failed with this error:\nReferenceError: 'fruit' is not defined \(line 1\)/)
          return ScriptedLlm.text(js("input_text(ORIGINAL.replace('banana', 'mango'))"))
        },
        manager("<thought>Done.</thought>\n<request_accomplished success=\"true\">Searching for mango.</request_accomplished>")
      ])
      return yield* Effect.gen(function*() {
        const adb = yield* Adb
        // The phone starts on MyFitnessPal's food search, "banana" typed into the focused field.
        yield* adb.launch(PackageName.make("com.myfitnesspal.android"))
        yield* adb.dumpUi // the splash screen; the diary shows on the next dump
        const diary = elementList(yield* adb.dumpUi)
        const addFood = findByText(diary, "ADD FOOD")[0]
        if (addFood === undefined) throw new Error("no ADD FOOD button")
        yield* adb.tap(addFood.centre)
        yield* adb.typeText("banana")

        const result = yield* runReasoning({ goal: "search for the fruit of the day", maxSteps: 5, allowHosts: ["127.0.0.1"] })
        expect(result).toMatchObject({ success: true, answer: "Searching for mango.", memory: ["Fruit: mango"] })
        expect(api.hits).toEqual(["/fruit"])
        const field = findByResourceId(elementList(yield* adb.dumpUi), "search_edit_text")[0]
        expect(field?.node.text).toBe("mango")
        const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
        expect(requests[1]?.system).toMatch(/You are the Scripter/)
        expect(promptAt(requests, 3)).toMatch(/Output:\nfetch: example\.com is not an allowed host \(the user allows: 127\.0\.0\.1; see --allow-host\)/)
        expect(requests[5]?.system).toMatch(/CODEACT_TEXT_AGENT/)
        expect(promptAt(requests, 5)).toContain("ORIGINAL = \"banana\"")
        expect(device.fitness.diary()).toEqual([])
      }).pipe(Effect.provide(Layer.merge(layer, FetchHttpClient.layer)))
    }))

  it.scoped("two failed Executor actions in a row put the error history in the Manager's next prompt", () => {
    const plan = "<thought>Find Wi-Fi.</thought>\n<plan>\n1. Click on Wi-Fi\n</plan>"
    const { layer } = phoneWith([
      manager(`${plan}\n<add_memory>Started on the home screen.</add_memory>`),
      executor({ action: "click", text: "Wi-Fi" }),
      manager(plan),
      executor({ action: "click", text: "Wi-Fi" }),
      manager("<thought>Wi-Fi is not on this screen.</thought>\n<request_accomplished success=\"false\">Could not find Wi-Fi.</request_accomplished>")
    ])
    return Effect.gen(function*() {
      const result = yield* runReasoning({ goal: "turn on Wi-Fi", maxSteps: 5 })
      expect(result).toEqual({ success: false, answer: "Could not find Wi-Fi.", steps: 3, memory: ["Started on the home screen."], outcome: DroidOutcome.Finished() })
      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      expect(promptAt(requests, 2)).not.toContain("Error history")
      const third = promptAt(requests, 4)
      expect(third).toContain("Memory:\n- Started on the home screen.")
      expect(third).toContain("Error history (the last 2 attempts failed; change the approach):\n- Attempt 1: Action: {\"action\":\"click\",\"text\":\"Wi-Fi\"} | Description: step | Outcome: Failed | Feedback: no element shows \"Wi-Fi\"\n- Attempt 2:")
    }).pipe(Effect.provide(Layer.merge(layer, FetchHttpClient.layer)))
  })
})

const lastUser = (req: GenerateRequest): string => {
  const last = req.messages.at(-1)
  return last === undefined ? "" : last.content.map((b) => (b._tag === "Text" ? b.text : "")).join("")
}
