/**
 * Fitlog chat as an `Agent`: today's `chatTurn` unchanged, with its session
 * kind, its events (emitted here, around the turn, from the states before
 * and after it) and the lines a host shows.
 */
import { DateTime, Effect, Option } from "effect"
import { classify, route } from "../../domain/fitlog/chat-router.js"
import { DiaryDate, mealAt } from "../../domain/fitlog/types.js"
import type { Events } from "../../services/events/events.js"
import { typedEvents } from "../../services/events/events.js"
import type { Agent } from "../agent.js"
import { TurnFailed } from "../agent.js"
import type { ChatContext } from "./chat.js"
import { chatTurn, initialChatState } from "./chat.js"
import { FitlogChatEvent } from "./chat-events.js"
import type { ChatState } from "./chat-state.js"
import { chatSessions } from "./session-kind.js"

/** One message, with the day and the meal it most likely belongs to. */
export interface ChatMessage {
  readonly text: string
  readonly context: ChatContext
}

/**
 * Today in the user's time zone, and the meal its hour suggests: the `DateTime.CurrentTimeZone` a host
 * provides (serve: the zone the user's input names), else the local one (the terminal's).
 */
export const chatContextNow: Effect.Effect<ChatContext> = Effect.gen(function*() {
  const now = yield* DateTime.now
  const zone = Option.getOrElse(yield* Effect.serviceOption(DateTime.CurrentTimeZone), () => DateTime.zoneMakeLocal())
  const zoned = DateTime.setZone(now, zone)
  return { date: DiaryDate.make(DateTime.formatIsoDate(zoned)), likelyMeal: mealAt(DateTime.getPart(zoned, "hours")) }
})

type ChatR = Effect.Effect.Context<ReturnType<typeof chatTurn>>

const events = typedEvents(FitlogChatEvent)

/** The events one turn tells, read from the states around it (so chatTurn itself stays as it is). */
const tell = (before: ChatState, after: ChatState, message: ChatMessage, reply: string) =>
  Effect.gen(function*() {
    if (Option.isSome(before.pending) && Option.isNone(after.pending)) {
      // Only CommitPending and ClearPending take a pending action away; the rules tell them apart (a yes or a no).
      const cleared = route({ pending: before.pending.value._tag === "FoodLog" ? "food_log" : "goal_update" }, classify(message.text))._tag === "ClearPending"
      yield* events.emit({ _tag: cleared ? "PendingCleared" : "PendingCommitted", kind: before.pending.value._tag })
    }
    // A new pending action is a new value; one kept across a quick reply is the same one.
    if (Option.isSome(after.pending) && after.pending !== before.pending) {
      yield* events.emit({ _tag: "PendingProposed", kind: after.pending.value._tag, question: reply })
    }
    yield* events.emit({ _tag: "ReplyGiven", text: reply })
  })

const waitingLine = "Welcome back — something is still waiting for your yes or no."
const openingLine = "What did you eat? (\"quit\" to leave)"

export const fitlogChatAgent: Agent<ChatState, ChatMessage, FitlogChatEvent, ChatR | Events, typeof chatSessions.schema.Encoded, typeof FitlogChatEvent.Encoded> = {
  name: "fitlog-chat",
  session: chatSessions,
  initial: initialChatState,
  events: FitlogChatEvent,
  input: (text) => Effect.map(chatContextNow, (context) => ({ text, context })),
  turn: (state, message) =>
    Effect.gen(function*() {
      yield* events.emit({ _tag: "MessageReceived", text: message.text })
      const r = yield* chatTurn(state, message.text, message.context).pipe(Effect.mapError((e) => new TurnFailed({ message: e.message })))
      yield* tell(state, r.state, message, r.reply)
      return { reply: r.reply, state: r.state, ended: false, degraded: false }
    }),
  view: {
    opening: () => openingLine,
    welcomeBack: (state) => (Option.isSome(state.pending) ? waitingLine : openingLine),
    status: () => Option.none(),
    summary: () => Option.none(),
    describe: (state) => `${state.turns} turn${state.turns === 1 ? "" : "s"}${Option.isSome(state.pending) ? ", waiting for a yes or no" : ""}`
  }
}
