/**
 * Checking meals read offline against what a person means: each expected
 * food a pattern on the SR28 description, its grams within 10 % (undefined:
 * any typical weight, as long as it is the food). Shared by the break-test files.
 */
import { Effect } from "effect"
import { estimate, estimateJson } from "../../../src/agents/fitlog/estimate.js"
import { sr28Offline } from "../../support/sr28-table.js"

/** A food pattern and its grams (undefined: any typical weight, as long as it is the food). */
export type Expected = ReadonlyArray<readonly [food: RegExp, grams: number | undefined]>

/** The SR28 table (built once per worker) and the offline model. */
export const layer = sr28Offline

export const check = (cases: ReadonlyArray<readonly [string, Expected]>) =>
  Effect.gen(function*() {
    const failures: Array<string> = []
    for (const [text, expected] of cases) {
      const json = estimateJson(yield* estimate(text))
      const logged = json.items.filter((i) => i.food !== null && !("error" in i))
      const got = json.items.map((i) => `${i.text} → ${i.food ?? "unmatched"} ${i.grams ?? "-"} g`).join("; ")
      if (logged.length !== expected.length || logged.length !== json.items.length) {
        failures.push(`${text}: expected ${expected.length} foods, got ${got}`)
        continue
      }
      expected.forEach(([food, grams], k) => {
        const item = logged[k]
        const gramsOk = item?.grams !== null && item?.grams !== undefined && (grams === undefined || Math.abs(item.grams - grams) <= 0.1 * grams)
        if (item === undefined || item.food === null || !food.test(item.food) || !gramsOk) {
          failures.push(`${text}: item ${k + 1} expected ${food} ${grams ?? "(typical)"} g, got ${got}`)
        }
      })
    }
    return failures
  })
