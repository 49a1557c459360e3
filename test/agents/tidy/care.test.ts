/**
 * The offline care rules on a written corpus (test/fixtures/tidy/care-corpus.json):
 * grief, anxiety, shame, "I can't", overwhelm, tiredness and refusal in
 * varied phrasing, and ordinary item messages (some with feeling words
 * inside item names) that must not raise an alarm. The same corpus is scored
 * in `npm run bench` (bench/tidy-care.mjs).
 */
import { Option } from "effect"
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { readCare } from "../../../src/agents/tidy/care.js"

const corpus: ReadonlyArray<{ readonly text: string; readonly feeling: string }> = JSON.parse(
  readFileSync(new URL("../../fixtures/tidy/care-corpus.json", import.meta.url), "utf8")
)

const read = (text: string) => Option.getOrElse(readCare(text).feeling, () => "none")

describe("care corpus", () => {
  it("holds at least 120 messages, every category at least 15", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(120)
    for (const f of ["grief", "anxiety", "shame", "cant", "overwhelm", "tired", "refusal", "none"]) {
      expect(corpus.filter((c) => c.feeling === f).length).toBeGreaterThanOrEqual(15)
    }
  })

  for (const feeling of ["grief", "anxiety", "shame", "cant", "overwhelm", "tired", "refusal"]) {
    it(`recognises ${feeling} in at least 90% of its messages`, () => {
      const rows = corpus.filter((c) => c.feeling === feeling)
      const missed = rows.filter((c) => read(c.text) !== feeling).map((c) => `${c.text} → ${read(c.text)}`)
      if (missed.length > 0) console.log(`${feeling} missed:\n${missed.join("\n")}`)
      expect(missed.length / rows.length, missed.join("\n")).toBeLessThanOrEqual(0.1)
    })
  }

  it("raises a false alarm on at most 2% of ordinary item messages", () => {
    const rows = corpus.filter((c) => c.feeling === "none")
    const alarms = rows.filter((c) => read(c.text) !== "none").map((c) => `${c.text} → ${read(c.text)}`)
    expect(alarms.length / rows.length, alarms.join("\n")).toBeLessThanOrEqual(0.02)
  })

  it("names the subject of a feeling only when it is a thing", () => {
    expect(readCare("my dad's watch, I can't look at it").subject).toEqual(Option.some("my dad's watch"))
    expect(readCare("the birthday card from mum makes me sad").subject).toEqual(Option.some("the birthday card from mum"))
    expect(readCare("this was my dad's, I can't").subject).toEqual(Option.none())
    expect(readCare("I feel anxious").subject).toEqual(Option.none())
  })
})
