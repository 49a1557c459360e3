/** The Manager's tags, the Executor's JSON and the code in answers, parsed as the router needs them. */
import { describe, expect, it } from "@effect/vitest"
import { Either, Option, Schema } from "effect"
import { AtomicAction } from "../../../src/domain/droid/actions.js"
import { codeToRun, jsonObject } from "../../../src/domain/droid/code-blocks.js"
import { schemaFromJsonSchema } from "../../../src/domain/droid/json-schema.js"
import { parseManagerOutput, PlanStep } from "../../../src/domain/droid/manager-output.js"

describe("parseManagerOutput", () => {
  it("reads thought, memory and a plan with numbered subgoals, a <script> and a TEXT_TASK in order", () => {
    const out = parseManagerOutput(`<thought>Settings is open.</thought>
<add_memory>At step 1, Settings was opened.</add_memory>
<plan>
1. Click on "Network & internet"
<script>
Fetch https://example.test/x and count the items
</script>
TEXT_TASK: Add "Hello" at the beginning
2. DONE
</plan>`)
    expect(Either.isRight(out)).toBe(true)
    if (Either.isLeft(out)) return
    expect(out.right.thought).toBe("Settings is open.")
    expect(out.right.memory).toEqual(["At step 1, Settings was opened."])
    expect(out.right.plan).toEqual([
      PlanStep.Subgoal({ text: "Click on \"Network & internet\"" }),
      PlanStep.Script({ task: "Fetch https://example.test/x and count the items" }),
      PlanStep.TextTask({ task: "Add \"Hello\" at the beginning" }),
      PlanStep.Done()
    ])
    expect(Option.isNone(out.right.accomplished)).toBe(true)
  })

  it("reads <request_accomplished success=\"false\"> and its answer", () => {
    const out = parseManagerOutput("<thought>x</thought>\n<request_accomplished success=\"false\">\nNo network.\n</request_accomplished>")
    expect(Either.map(out, (o) => o.accomplished)).toEqual(Either.right(Option.some({ success: false, answer: "No network." })))
  })

  it("an answer without a plan or a completion is an error the Manager can act on", () => {
    expect(Either.isLeft(parseManagerOutput("I think we should click Wi-Fi"))).toBe(true)
    expect(Either.isLeft(parseManagerOutput("<plan>\n\n</plan>"))).toBe(true)
  })
})

describe("answers", () => {
  it("code to run is every fenced non-JSON block; none means a final message", () => {
    expect(codeToRun("Thought\n```js\nclick(3)\n```\nand\n```javascript\ncomplete(true, 'ok')\n```")).toEqual(Option.some("click(3)\n\ncomplete(true, 'ok')\n"))
    expect(codeToRun("All done: 22°C")).toEqual(Option.none())
  })

  it("the Executor's action is found after ### Action ### and decoded; a bad one names the problem", () => {
    const text = "### Thought ###\nclick it {maybe}\n### Action ###\n{\"action\": \"click\", \"text\": \"Wi-Fi {x}\"}\n### Description ###\nx"
    const raw = jsonObject(text)
    expect(raw).toEqual(Either.right({ action: "click", text: "Wi-Fi {x}" }))
    expect(Schema.decodeUnknownEither(AtomicAction)({ action: "click", index: 3 })._tag).toBe("Right")
    expect(Schema.decodeUnknownEither(AtomicAction)({ action: "click" })._tag).toBe("Left")
    expect(Schema.decodeUnknownEither(AtomicAction)({ action: "fly" })._tag).toBe("Left")
  })
})

describe("schemaFromJsonSchema", () => {
  it("decodes matching data and names the field of a mismatch; unsupported schemas are refused", () => {
    const schema = schemaFromJsonSchema({
      type: "object",
      properties: { temperature: { type: "integer" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] }, tags: { type: "array", items: { type: "string" } } },
      required: ["temperature", "unit"]
    })
    if (Either.isLeft(schema)) throw new Error(schema.left)
    expect(Schema.decodeUnknownSync(schema.right)({ temperature: 22, unit: "celsius" })).toEqual({ temperature: 22, unit: "celsius" })
    const bad = Schema.decodeUnknownEither(schema.right)({ temperature: "warm", unit: "celsius" })
    expect(Either.isLeft(bad) && String(bad.left)).toMatch(/temperature/)
    expect(schemaFromJsonSchema({ type: "object", properties: { x: { oneOf: [] } } })).toEqual(Either.left("x: needs a \"type\" (object, array, string, number, integer, boolean or null)"))
  })
})
