// A stranger's service embedding the tidy agent from public subpaths only:
// its own Llm (counted by shoal's meter), its own QuestionUI, an in-memory
// session store. Type-checked strictly, against the packed package's types.
import { Effect, Layer, Schema } from "effect"
import { extract, Llm, type LlmShape, metered, UsageMeter } from "shoal/llm"
import { Events, initialState, QuestionUI, SessionStore, tidySessions, turn, userSaid } from "shoal/tidy"

/** Any LlmShape of the app's own, wrapped so shoal's UsageMeter counts its calls. */
export const appLlm = (inner: LlmShape): Layer.Layer<Llm> => Layer.succeed(Llm, metered({ ...inner, provider: "app" }))

/** The app's question UI: always the safe answer. */
export const appQuestions: Layer.Layer<QuestionUI.QuestionUI> = Layer.succeed(QuestionUI.QuestionUI, {
  ask: (question) => Effect.succeed(QuestionUI.fallbackAnswer(question))
})

export const oneTurn = (text: string) =>
  Effect.gen(function*() {
    const store = yield* SessionStore.SessionStore
    const response = yield* turn(initialState, userSaid(text))
    yield* store.save(tidySessions, SessionStore.SessionId.make("s1"), response.state)
    const saved = yield* store.load(tidySessions, SessionStore.SessionId.make("s1"))
    return { reply: response.reply, phase: saved.phaseData._tag }
  })

const Room = Schema.Struct({ roomType: Schema.String })

export const roomTypeCounted = Effect.gen(function*() {
  const room = yield* extract(Room, { prompt: "what room is this?" })
  const meter = yield* UsageMeter
  return { roomType: room.roomType, calls: yield* meter.calls }
})


export const base = Layer.mergeAll(appQuestions, Events.layerEvents, SessionStore.layerMemory)

