// Tidy care quality (issue 14): the offline care rules on the written corpus
// test/fixtures/tidy/care-corpus.json — grief, anxiety, shame, "I can't",
// overwhelm, tiredness, refusal, and ordinary item messages that must raise
// no alarm. Baseline, from the same run: the naive keyword rules the coach
// had before (any "tired/overwhelmed" or "anxious/sad/stressed" word anywhere).
import { readFileSync } from "node:fs"
import { Option } from "effect"
import { TidyAgent } from "../dist/lib/index.js"

const load = (name) => JSON.parse(readFileSync(new URL(`../test/fixtures/tidy/${name}`, import.meta.url), "utf8"))
const corpus = load("care-corpus.json")
/** Written after the rules were finished and never tuned on: an honest estimate on new phrasing. */
const heldOut = load("care-corpus-heldout.json")

const naiveTired = /\b(tired|exhausted|overwhelmed|worn out|need a break|so much)\b/i
const naiveAnxiety = /\b(anxious|anxiety|stress(ed|es|ful)?|worr(y|ied|ies)|scared|scares me|sad|upset|can'?t (face|deal with|look at))\b/i
/** What the old rules could tell apart: "tired" (which also covered overwhelm) and "anxiety" (everything else). */
const naive = (text) => (naiveAnxiety.test(text) ? "anxiety" : naiveTired.test(text) ? "tired" : "none")
const naiveHits = (expected, got) =>
  expected === "overwhelm" ? got === "tired" : ["grief", "shame", "cant", "anxiety"].includes(expected) ? got === "anxiety" : got === expected

export const scoreCare = () => {
  const read = (text) => Option.getOrElse(TidyAgent.readCare(text).feeling, () => "none")
  const feelings = ["grief", "anxiety", "shame", "cant", "overwhelm", "tired", "refusal"]
  const rows = feelings.map((feeling) => {
    const messages = corpus.filter((c) => c.feeling === feeling)
    return {
      feeling,
      n: messages.length,
      recognised: messages.filter((c) => read(c.text) === feeling).length / messages.length,
      baseline: messages.filter((c) => naiveHits(feeling, naive(c.text))).length / messages.length
    }
  })
  const items = corpus.filter((c) => c.feeling === "none")
  const falseAlarms = {
    n: items.length,
    rate: items.filter((c) => read(c.text) !== "none").length / items.length,
    baseline: items.filter((c) => naive(c.text) !== "none").length / items.length
  }
  const heldFeelings = heldOut.filter((c) => c.feeling !== "none")
  const heldItems = heldOut.filter((c) => c.feeling === "none")
  const held = {
    n: heldFeelings.length,
    recognised: heldFeelings.filter((c) => read(c.text) === c.feeling).length / heldFeelings.length,
    baseline: heldFeelings.filter((c) => naiveHits(c.feeling, naive(c.text))).length / heldFeelings.length,
    items: heldItems.length,
    falseAlarms: heldItems.filter((c) => read(c.text) !== "none").length / heldItems.length,
    baselineAlarms: heldItems.filter((c) => naive(c.text) !== "none").length / heldItems.length
  }
  return { rows, falseAlarms, total: corpus.length, held }
}
