/**
 * A scripted tidy model for the GUI tests: answers each request by what it
 * asks for — the photo analysis, the extract of a message (from a fixed
 * table), a reply that proposes a disposition through `propose_disposition`
 * when the turn offers that tool, and plain replies otherwise.
 */
import type { GenerateRequest, ModelResponse } from "../../src/domain/llm.js"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import type { ScriptedTurn } from "../../src/services/llm/scripted.js"

const extracts: Record<string, unknown> = {
  "home office": { intent: "start", function: "working from home" },
  "the desk": { intent: "start", anchors: ["desk"] },
  "old mug": { intent: "item", item: "old mug" },
  "tangled cables": { intent: "item", item: "tangled cables" },
  "stop": { intent: "stop" }
}

const lastText = (request: GenerateRequest): string =>
  (request.messages.at(-1)?.content ?? []).map((b) => (b._tag === "Text" ? b.text : "")).join("")

const hasToolResult = (request: GenerateRequest): boolean =>
  request.messages.some((m) => m.content.some((b) => b._tag === "ToolResult"))

export const tidyModel = (request: GenerateRequest): ModelResponse => {
  const tools = request.tools.map((t) => t.name)
  if (tools.includes("analyze_photo")) {
    return ScriptedLlm.toolCall("analyze_photo", {
      roomType: "home office",
      chaosLevel: "Cluttered",
      visibleItems: ["old mug", "papers"],
      firstTarget: "old mug"
    })
  }
  if (tools.includes("record_extract")) {
    const said = /The message: "([^"]*)"/.exec(lastText(request))?.[1] ?? ""
    return ScriptedLlm.toolCall("record_extract", extracts[said] ?? { intent: "continue" })
  }
  if (tools.includes("propose_disposition") && !hasToolResult(request)) {
    const item = lastText(request).includes("tangled cables") ? "tangled cables" : "old mug"
    return ScriptedLlm.toolCall("propose_disposition", {
      item,
      choices: [{ label: "Trash", kind: "trash" }, { label: "Kitchen", kind: "place", location: "kitchen" }],
      reason: "It is chipped."
    })
  }
  return ScriptedLlm.text(hasToolResult(request) ? "Done. What's next?" : "Let's keep going, one thing at a time.")
}

/** Enough answers for a whole session; the test asserts what was asked. */
export const tidyScript = (calls = 60): ReadonlyArray<ScriptedTurn> => Array.from({ length: calls }, () => tidyModel)
