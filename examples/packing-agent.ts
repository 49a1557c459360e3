/**
 * A fifth agent in the shape of the other four: a packing list. One `Agent`
 * record — its name, its state's Schema (the session kind), an initial state,
 * its events' Schema, how a typed line becomes its input, one turn, and the
 * lines a host shows — and both hosts run it unchanged:
 *
 *   npm run example:packing            in the terminal (runTerminal)
 *   npm run example:packing -- --gui   as a web page on 127.0.0.1:8027 (hostWeb)
 *
 * "socks, charger" adds, "pack socks" packs, "done" finishes — and asks a
 * yes/no card first if something is still unpacked. Walkthrough: src/agents/README.md.
 */
import { Effect, Option, Schema } from "effect"
import type { Agent, Events, SessionKind } from "shoal"
import { QuestionUI, typedEvents } from "shoal"

/** The state, stored after every turn: its Schema is the session kind. */
export const PackingState = Schema.Struct({
  toPack: Schema.Array(Schema.String),
  packed: Schema.Array(Schema.String)
})
export type PackingState = typeof PackingState.Type

export const packingSessions: SessionKind<PackingState, typeof PackingState.Encoded> = { name: "packing", version: 1, schema: PackingState }

/** Everything this agent emits: a tagged union, so any host can encode and stream it. */
export const PackingEvent = Schema.Union(
  Schema.TaggedStruct("ItemAdded", { item: Schema.String }),
  Schema.TaggedStruct("ItemPacked", { item: Schema.String }),
  Schema.TaggedStruct("TripReady", { packed: Schema.Number, leftBehind: Schema.Number })
)
export type PackingEvent = typeof PackingEvent.Type
const events = typedEvents(PackingEvent)

/** A typed line, read by rules (no model): what the user asked for. */
export type PackingInput =
  | { readonly _tag: "Add"; readonly items: ReadonlyArray<string> }
  | { readonly _tag: "Pack"; readonly item: string }
  | { readonly _tag: "Done" }

export const readLine = (line: string): PackingInput => {
  const text = line.trim().toLowerCase()
  if (/^(done|ready|that's it)$/.test(text)) return { _tag: "Done" }
  const pack = /^pack(?:ed)?\s+(?:the\s+|my\s+)?(.+)$/.exec(text)
  if (pack?.[1] !== undefined) return { _tag: "Pack", item: pack[1].trim() }
  return { _tag: "Add", items: text.replace(/^add\s+/, "").split(/\s*(?:,|\band\b)\s*/).filter((i) => i.length > 0) }
}

const count = (n: number, what: string) => `${n} ${what}`
const status = (s: PackingState) => `  · ${count(s.toPack.length, "to pack")} · ${count(s.packed.length, "packed")}`
const summary = (s: PackingState) =>
  `Packed: ${s.packed.join(", ") || "nothing"}.${s.toPack.length === 0 ? "" : ` Still to pack: ${s.toPack.join(", ")}.`}`

const finish = (state: PackingState) =>
  Effect.as(events.emit({ _tag: "TripReady", packed: state.packed.length, leftBehind: state.toPack.length }), {
    reply: `Have a good trip! ${summary(state)}`,
    state,
    ended: true,
    degraded: false
  })

export const packingAgent: Agent<PackingState, PackingInput, PackingEvent, QuestionUI | Events, typeof PackingState.Encoded, typeof PackingEvent.Encoded> = {
  name: "packing",
  session: packingSessions,
  initial: { toPack: [], packed: [] },
  events: PackingEvent,
  input: (line) => Effect.succeed(readLine(line)),
  turn: (state, input) =>
    Effect.gen(function*() {
      switch (input._tag) {
        case "Add": {
          const fresh = input.items.filter((i, at) => !state.toPack.includes(i) && !state.packed.includes(i) && input.items.indexOf(i) === at)
          for (const item of fresh) yield* events.emit({ _tag: "ItemAdded", item })
          const next = { ...state, toPack: [...state.toPack, ...fresh] }
          const reply = fresh.length === 0 ? "All of that is on the list already." : `Added ${fresh.join(", ")}.`
          return { reply, state: next, ended: false, degraded: false }
        }
        case "Pack": {
          if (!state.toPack.includes(input.item)) return { reply: `${input.item} is not on the list to pack.`, state, ended: false, degraded: false }
          yield* events.emit({ _tag: "ItemPacked", item: input.item })
          const next = { toPack: state.toPack.filter((i) => i !== input.item), packed: [...state.packed, input.item] }
          return { reply: `Packed ${input.item}.`, state: next, ended: false, degraded: false }
        }
        case "Done": {
          if (state.toPack.length === 0) return yield* finish(state)
          // A question mid-turn: the terminal asks it as a line, the page as a card.
          const ui = yield* QuestionUI
          const answer = yield* ui.ask({ _tag: "Confirm", prompt: `${state.toPack.join(", ")} not packed yet. Leave without them?`, default: false })
          if (answer._tag === "ConfirmAnswer" && answer.confirmed) return yield* finish(state)
          return { reply: "Fine, keep packing.", state, ended: false, degraded: false }
        }
      }
    }),
  view: {
    opening: () => "What do you need to take? (\"socks, charger\", then \"pack socks\"; \"done\" when you're ready)",
    welcomeBack: (s) => `Welcome back: ${count(s.toPack.length, "to pack")}, ${count(s.packed.length, "packed")}.`,
    status: (s) => Option.some(status(s)),
    summary: (s) => Option.some(summary(s)),
    describe: (s) => `${count(s.toPack.length, "to pack")}, ${count(s.packed.length, "packed")}`
  }
}
