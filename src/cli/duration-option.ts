/**
 * A duration as a flag writes it: a whole number and a unit — `90s`, `5m`,
 * `12h`, `30d`, `2w` — for `shoal serve --question-timeout` and `--keep`.
 */
import { Duration, Either } from "effect"

const units: Record<string, (n: number) => Duration.Duration> = {
  s: Duration.seconds,
  m: Duration.minutes,
  h: Duration.hours,
  d: Duration.days,
  w: Duration.weeks
}

/** The duration `text` names, or a sentence saying how to write one. */
export const parseDurationFlag = (flag: string, text: string): Either.Either<Duration.Duration, string> => {
  const match = /^\s*(\d+)\s*([smhdw])\s*$/i.exec(text)
  const unit = match?.[2] === undefined ? undefined : units[match[2].toLowerCase()]
  const n = Number(match?.[1] ?? "")
  if (unit === undefined || !Number.isSafeInteger(n) || n <= 0) {
    return Either.left(`--${flag} ${text} is not a duration; write a number and a unit: 90s, 5m, 12h, 30d or 2w.`)
  }
  return Either.right(unit(n))
}
