/**
 * Loop detection: the same action on the same, unchanged screen, again and
 * again. A step is traced as (what it did, the screen's normalised hash
 * before it, screen-hash.ts). When the screen is *still* that hash and the
 * last steps all did that same thing on it, the action had no effect:
 * after `repeatWarnAt` such steps in a row the model is told so in its next
 * prompt; after `repeatStopAt` the run stops as `Stuck`.
 *
 * Pure; used by CodeAct (codeact.ts) and the Manager loop (reasoning.ts).
 */
import { Data } from "effect"

/** One step as loop detection sees it. */
export interface StepTrace {
  /** What the step did, canonically: the device calls it made, or its code when it made none. */
  readonly action: string
  /** The screen's normalised hash before the step. */
  readonly screen: string
}

/** The same action on the unchanged screen this many times in a row: the model is warned. */
export const repeatWarnAt = 3
/** …and this many times: the run stops. */
export const repeatStopAt = 5

export type LoopVerdict = Data.TaggedEnum<{
  Fresh: {}
  Repeating: { readonly action: string; readonly times: number }
  Stuck: { readonly action: string; readonly times: number }
}>
export const LoopVerdict = Data.taggedEnum<LoopVerdict>()

/** How many of the last steps in a row did the last step's action on `current`, the screen showing now. */
export const repeatsOn = (trace: ReadonlyArray<StepTrace>, current: string): { readonly action: string; readonly times: number } => {
  const last = trace.at(-1)
  if (last === undefined || last.screen !== current) return { action: "", times: 0 }
  let times = 0
  for (let i = trace.length - 1; i >= 0; i--) {
    const t = trace[i]
    if (t === undefined || t.screen !== current || t.action !== last.action) break
    times++
  }
  return { action: last.action, times }
}

export const loopVerdict = (trace: ReadonlyArray<StepTrace>, current: string): LoopVerdict => {
  const { action, times } = repeatsOn(trace, current)
  if (times >= repeatStopAt) return LoopVerdict.Stuck({ action, times })
  if (times >= repeatWarnAt) return LoopVerdict.Repeating({ action, times })
  return LoopVerdict.Fresh()
}

/** What the model is told once it repeats itself. */
export const repeatWarning = (action: string, times: number): string =>
  `Warning: you did the same thing (${action}) ${times} times in a row and the screen did not change. It has no effect; do something different (another element, scroll, back, or complete(false, reason) if the goal cannot be reached). After ${repeatStopAt} times the run stops.`
