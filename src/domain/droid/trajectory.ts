/**
 * A saved run (`--save-run DIR`) as data, and its `run.js`: the code of every
 * step in order, each step opened by a marker line
 *
 *     // @step 3 screen=0123456789abcdef            (or "… outcome=error")
 *
 * naming the normalised hash (screen-hash.ts) of the screen the step was
 * decided on. The file is plain JavaScript (markers are comments), so
 * `shoal droid --script DIR/run.js` runs it; the replay (agents/droid/script.ts)
 * splits it at the markers, checks each step's screen before running its
 * code and stops at the first divergence. Pure.
 */
import { Option } from "effect"
import type { AtomicAction } from "./actions.js"

/** One step of a run, as saved. */
export interface RecordedStep {
  readonly step: number
  /** The app in front when the step was decided. */
  readonly app: string
  /** The normalised hash of the screen the step was decided on. */
  readonly screenHash: string
  /** The uiautomator XML of that screen. */
  readonly xml: string
  /** PNG bytes of that screen (with --vision). */
  readonly png: Option.Option<Uint8Array>
  /** What the step did, canonically (the device calls, or the action JSON). */
  readonly action: string
  /** Device code that does the step again ("" when the step did nothing on the device). */
  readonly code: string
  /** Whether the step's code ran without an error. */
  readonly ok: boolean
  /** What happened, as the model's next prompt said it. */
  readonly report: string
}

/** One block of a saved run's `run.js`. */
export interface ReplayBlock {
  readonly step: number
  readonly screenHash: string
  /** The recorded step's code failed; the replay expects (and tolerates) the same. */
  readonly failed: boolean
  readonly code: string
}

const marker = /^\/\/ @step (\d+) screen=([0-9a-f]{16})( outcome=error)?\s*$/

export const stepMarker = (s: Pick<RecordedStep, "step" | "screenHash" | "ok">): string =>
  `// @step ${s.step} screen=${s.screenHash}${s.ok ? "" : " outcome=error"}`

/** `run.js` for a run: a header saying how to replay it, then every step. */
export const renderRunJs = (goal: string, steps: ReadonlyArray<RecordedStep>): string =>
  [
    `// shoal droid run: ${goal.replace(/\s+/g, " ")}`,
    "// Replay with: shoal droid --script run.js --device <serial|sim>",
    "// Each \"// @step N screen=HASH\" line starts a step: the replay checks that the screen's",
    "// normalised hash is HASH before running the step, and stops at the first difference.",
    ...steps.flatMap((s) => ["", stepMarker(s), s.code.length > 0 ? s.code : "// (this step did nothing on the device)"]),
    ""
  ].join("\n")

/** The steps of a saved run's `run.js`; none when the source has no step markers (an ordinary script). */
export const replayBlocks = (source: string): Option.Option<ReadonlyArray<ReplayBlock>> => {
  const blocks: Array<ReplayBlock> = []
  let current: { step: number; screenHash: string; failed: boolean; lines: Array<string> } | undefined
  const close = () => {
    if (current !== undefined) blocks.push({ step: current.step, screenHash: current.screenHash, failed: current.failed, code: current.lines.join("\n").trim() })
  }
  for (const line of source.split("\n")) {
    const m = marker.exec(line)
    if (m !== null) {
      close()
      current = { step: Number(m[1]), screenHash: m[2] ?? "", failed: m[3] !== undefined, lines: [] }
    } else if (current !== undefined) {
      current.lines.push(line)
    }
  }
  close()
  return blocks.length === 0 ? Option.none() : Option.some(blocks)
}

const str = (s: string): string => JSON.stringify(s)

/** The CodeAct code that carries out an Executor action (for the run.js of a reasoning run). */
export const actionCode = (a: AtomicAction): string => {
  switch (a.action) {
    case "click":
    case "long_press":
      return `${a.action}(${a.index !== undefined ? a.index : str(a.text ?? "")})`
    case "type":
      return a.index !== undefined ? `type(${a.index}, ${str(a.text)})` : `type(${str(a.text)})`
    case "swipe":
    case "scroll":
      return `${a.action}(${str(a.direction)})`
    case "open_app":
      return `open_app(${str(a.text)})`
    case "back":
    case "home":
    case "enter":
      return `${a.action}()`
    case "wait":
      return `wait(${a.ms})`
  }
}
