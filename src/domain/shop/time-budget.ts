/**
 * `--time-budget 5m`, `300s`, `1h30m`, `90` (seconds): the per-item budget
 * parsed at the boundary into a `Duration` (seeds/003 "Timeouts").
 */
import { Duration, Either } from "effect"

const unitMillis: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

export const parseTimeBudget = (text: string): Either.Either<Duration.Duration, string> => {
  const trimmed = text.trim().toLowerCase()
  if (/^\d+$/.test(trimmed)) return positive(Number.parseInt(trimmed, 10) * 1000, text)
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)\s*(ms|s|m|h)/g)]
  const consumed = parts.map((p) => p[0]).join("")
  if (parts.length === 0 || consumed.replace(/\s/g, "") !== trimmed.replace(/\s/g, "")) {
    return Either.left(`time budget "${text}" is not a duration like 5m, 300s or 1h30m`)
  }
  const millis = parts.reduce((sum, p) => sum + Number.parseFloat(p[1] ?? "0") * (unitMillis[p[2] ?? "s"] ?? 1000), 0)
  return positive(millis, text)
}

const positive = (millis: number, text: string): Either.Either<Duration.Duration, string> =>
  millis > 0 ? Either.right(Duration.millis(Math.round(millis))) : Either.left(`time budget "${text}" must be more than zero`)
