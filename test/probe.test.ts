import { it } from "@effect/vitest"
import { Effect } from "effect"
import { CollectedEvents } from "../src/services/events/index.js"
import { allItems } from "../src/domain/tidy/state.js"
import { pipeSession } from "./agents/tidy/pipe-session.js"
it.effect("probe", () => Effect.gen(function*() {
  const b = ["it's for sleeping", "the bed stays"]
  for (const lines of [[...b, "mug", "1", "I'm so tired", "keep going"], [...b, ...["sweater", "cable", "letters", "scarf", "usb stick", "notebook", "jumper"].map(i => `${i}, not sure`)],
  [...b, ...["the birthday card from mum", "cable", "letters", "scarf", "usb stick", "notebook"].map(i => `${i}, not sure`), "ready", "the birthday card from mum makes me sad", "next", "next", "stop"]]) {
    const { printed, final } = yield* pipeSession(lines).pipe(Effect.provide(CollectedEvents.layer))
    console.log(printed, JSON.stringify(allItems(final)), JSON.stringify(final.phaseData))
  }
}))
