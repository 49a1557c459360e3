/**
 * Token usage accumulated over a session: every model call of every step, not
 * only the last. Optional: the resilient `Llm` records into it when the
 * caller's context has one (one per session), and does nothing otherwise.
 */
import { Context, Effect, Layer, Ref } from "effect"
import { Usage } from "../../domain/llm.js"

export interface UsageMeterShape {
  readonly record: (usage: Usage) => Effect.Effect<void>
  readonly total: Effect.Effect<Usage>
  /** Number of model calls recorded. */
  readonly calls: Effect.Effect<number>
}

export class UsageMeter extends Context.Tag("shoal/UsageMeter")<UsageMeter, UsageMeterShape>() {
  static readonly make: Effect.Effect<UsageMeterShape> = Effect.map(
    Ref.make({ usage: Usage.zero, calls: 0 }),
    (ref) => ({
      record: (usage) => Ref.update(ref, (s) => ({ usage: s.usage.add(usage), calls: s.calls + 1 })),
      total: Effect.map(Ref.get(ref), (s) => s.usage),
      calls: Effect.map(Ref.get(ref), (s) => s.calls)
    })
  )
  /** A fresh meter per layer build: provide it once per session. */
  static readonly layer: Layer.Layer<UsageMeter> = Layer.effect(UsageMeter, UsageMeter.make)
}
