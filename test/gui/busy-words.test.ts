/**
 * A message sent while the agent is still on the last one is refused in the
 * agent's own words (its `WebAgent.busy`): tidy's coach, fitlog's chat, and
 * any other agent's title — not "the coach" for every agent.
 */
import { it } from "@effect/vitest"
import { Deferred, Effect, Layer, Option, Stream } from "effect"
import { describe, expect } from "vitest"
import type { Agent } from "../../src/agents/agent.js"
import { initialState } from "../../src/domain/tidy/state.js"
import { hostAgent } from "../../src/gui/agent-host.js"
import { fitlogChatWeb } from "../../src/gui/fitlog-web.js"
import { tidyWeb } from "../../src/gui/tidy-web.js"
import type { PageView, WebAgent } from "../../src/gui/web-agent.js"
import { webAgent } from "../../src/gui/web-agent.js"
import { layerSqliteMemory } from "../../src/services/diary/sqlite.js"
import { CollectedEvents } from "../../src/services/events/index.js"
import { layerFallback } from "../../src/services/question-ui/fallback.js"
import { layerOffline } from "../../src/services/llm/offline.js"
import { layerMemory } from "../../src/services/session-store/memory.js"
import { SessionId } from "../../src/services/session-store/session-kind.js"
import { table } from "../agents/fitlog/chat-support.js"

/** The same web agent whose turns wait for `gate`: the session stays busy on its first message. */
const held = <S, I, Ev extends { readonly _tag: string }, R, SE, EE, V extends PageView>(
  web: WebAgent<S, I, Ev, R, SE, EE, V>,
  gate: Deferred.Deferred<void>
): WebAgent<S, I, Ev, R, SE, EE, V> => {
  const agent: Agent<S, I, Ev, R, SE, EE> = { ...web.agent, turn: (state, input) => Effect.zipRight(Deferred.await(gate), web.agent.turn(state, input)) }
  return { ...web, agent }
}

/** Say `first`, wait until the session is busy on it, then say `second`: what is said back. */
const refusal = <S, I, Ev extends { readonly _tag: string }, R, SE, EE, V extends PageView>(
  web: WebAgent<S, I, Ev, R, SE, EE, V>,
  initial: S,
  first: string
) =>
  Effect.gen(function*() {
    const gate = yield* Deferred.make<void>()
    const session = yield* hostAgent(held(web, gate), SessionId.make("2026-11-23-0900-bw01"), Option.none(), initial)
    yield* session.say(first)
    yield* session.changes.pipe(Stream.filter((v) => v.busy && v.pending === null), Stream.runHead, Effect.timeout("5 seconds"))
    const refused = yield* Effect.flip(session.say("and another thing"))
    yield* Deferred.succeed(gate, undefined)
    return refused
  })

// The host asks through its own page; the fallback UI only closes the types of an agent that asks.
const services = Layer.mergeAll(layerOffline, CollectedEvents.layer, layerMemory, layerSqliteMemory, table, layerFallback)

describe("the page's busy words come from the agent", () => {
  it.scoped("tidy: the coach is still on the last step", () =>
    Effect.gen(function*() {
      // Without its start card, a fresh tidy session takes a message at once.
      const { start: _card, ...withoutCard } = tidyWeb
      const refused = yield* refusal(withoutCard, initialState, "a mug")
      expect(refused._tag).toBe("SessionBusy")
      expect(refused.message).toBe("The coach is still on the last step. Answer the card, or wait a moment.")
    }).pipe(Effect.provide(services)))

  it.scoped("fitlog chat: fitlog is still working on the last message, and never says 'the coach'", () =>
    Effect.gen(function*() {
      const refused = yield* refusal(fitlogChatWeb, fitlogChatWeb.agent.initial, "log 2 eggs")
      expect(refused._tag).toBe("SessionBusy")
      expect(refused.message).toBe("Fitlog is still working on your last message. Answer the card, or wait a moment.")
      expect(refused.message).not.toContain("coach")
    }).pipe(Effect.provide(services)))

  it.scoped("an agent that names no words of its own: its title", () =>
    Effect.gen(function*() {
      const refused = yield* refusal(webAgent(fitlogChatWeb.agent, { title: "Packing" }), fitlogChatWeb.agent.initial, "socks")
      expect(refused.message).toBe("Packing is still on your last message. Answer the card, or wait a moment.")
    }).pipe(Effect.provide(services)))
})
