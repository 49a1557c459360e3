/**
 * Shared by droid's agent tests: the sandbox and a simulated phone as
 * layers, and reading the element list the way a model would.
 */
import { Layer } from "effect"
import type { GenerateRequest } from "../../../src/domain/llm.js"
import { layerAdbMemory } from "../../../src/services/adb/memory.js"
import { SimulatedDevice } from "../../../src/simulator/device.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import type { ScriptedTurn } from "../../../src/services/llm/scripted.js"
import { layerQuickJs } from "../../../src/services/sandbox/quickjs.js"

export const lastUserText = (request: GenerateRequest): string => {
  const last = request.messages.at(-1)
  return last === undefined ? "" : last.content.map((b) => (b._tag === "Text" ? b.text : "")).join("")
}

/** The index of the first listed element whose line matches `pattern`, read from the prompt as a model reads it. */
export const indexIn = (request: GenerateRequest, pattern: RegExp): number => {
  const line = lastUserText(request).split("\n").find((l) => /^\[\d+\]/.test(l) && pattern.test(l))
  const index = line === undefined ? undefined : /^\[(\d+)\]/.exec(line)?.[1]
  if (index === undefined) throw new Error(`no element matching ${pattern} in the prompt:\n${lastUserText(request)}`)
  return Number(index)
}

export const js = (code: string): string => `Thought.\n\`\`\`js\n${code}\n\`\`\``

/** A fresh phone, the memory Adb on it, the QuickJS sandbox and a scripted model. */
export const phoneWith = (turns: ReadonlyArray<ScriptedTurn>) => {
  const device = new SimulatedDevice()
  return { device, layer: Layer.mergeAll(layerAdbMemory(device), layerQuickJs, ScriptedLlm.layer(turns)) }
}

/** The last user message of the i-th request (fails the test when there was no such request). */
export const promptAt = (requests: ReadonlyArray<GenerateRequest>, i: number): string => {
  const request = requests[i]
  if (request === undefined) throw new Error(`only ${requests.length} model requests were made`)
  return lastUserText(request)
}

/** A model that turns Wi-Fi on in the simulated phone's Settings, in three CodeAct steps. */
export const turnOnWifi: ReadonlyArray<ScriptedTurn> = [
  ScriptedLlm.text(js("open_app(\"Settings\")")),
  (req: GenerateRequest) => ScriptedLlm.text(js(`click(${indexIn(req, /"Network & internet · /)})`)),
  (req: GenerateRequest) => ScriptedLlm.text(js(`click(${indexIn(req, /Switch "OFF"/)})\ncomplete(true, "Wi-Fi has been turned on")`))
]
