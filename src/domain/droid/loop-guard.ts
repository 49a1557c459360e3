/**
 * Loop detection: the same action on the same, unchanged screen, again and
 * again — or a short cycle of actions (tap A, tap B, tap A, tap B) that
 * keeps leading back to the same screen. A step is traced as (what it did, the screen's normalised hash
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

/** The longest cycle looked for: a loop of up to this many different steps (tap A, tap B, tap A, tap B…). */
export const longestCycle = 3

const sameStep = (a: StepTrace | undefined, b: StepTrace | undefined) => a !== undefined && b !== undefined && a.action === b.action && a.screen === b.screen

/**
 * How many times in a row the last `period` steps were done before, each on
 * the same screen as before, with `current` (the screen showing now) the one
 * the cycle started from: the cycle led back to where it began, again.
 */
export const cyclesOf = (trace: ReadonlyArray<StepTrace>, current: string, period: number): number => {
  const n = trace.length
  if (period < 1 || n < period || trace[n - period]?.screen !== current) return 0
  let periodic = period
  while (periodic < n && sameStep(trace[n - 1 - periodic], trace[n - 1 - periodic + period])) periodic++
  return Math.floor(periodic / period)
}

/**
 * The worst repetition at the end of the trace: for each cycle length up to
 * `longestCycle`, how many times its steps were repeated on the same
 * screens, leading back to `current`. A single repeated action is a cycle of
 * one, counted in steps; longer cycles are counted in rounds. The most
 * rounds win; among equals, the shortest cycle.
 */
export const repeatsOn = (trace: ReadonlyArray<StepTrace>, current: string): { readonly action: string; readonly times: number } => {
  let best = { action: "", times: 0 }
  for (let period = 1; period <= longestCycle; period++) {
    // One action again and again is a cycle of one, which needs the screen unchanged: a switch toggled on and off is not a loop.
    const actions = new Set(trace.slice(-period).map((t) => t.action))
    if (period > 1 && actions.size === 1) continue
    const times = cyclesOf(trace, current, period)
    if (times > best.times) best = { action: trace.slice(trace.length - period).map((t) => t.action).join(", then "), times }
  }
  return best
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
