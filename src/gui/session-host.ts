/**
 * One tidy session hosted for the browser: its state, its chat, the question
 * waiting for a tap, and ONE agent fiber that runs the session's turns in
 * order (seeds/001 GUI runner: state synced to the page after every change).
 *
 * Where it sits: between the HTTP routes (router.ts) and the IO-blind agent
 * (`turn`). Inputs go through a queue to the fiber; the agent asks through a
 * `QuestionBridge` whose every card waits 5 minutes, then takes the fallback
 * answer; after every turn the state is saved to the SessionStore, so a
 * reload — or a restarted server — rejoins the session where it was.
 */
import { Data, Deferred, Effect, Option, Queue, Stream, SubscriptionRef } from "effect"
import type { Duration, Scope } from "effect"
import type { ImageBlock } from "../domain/llm.js"
import type { Answer, Question } from "../domain/question.js"
import type { SessionState } from "../domain/tidy/state.js"
import { tidySessions } from "../agents/tidy/session-kind.js"
import { turn } from "../agents/tidy/turn.js"
import type { UserInput } from "../agents/tidy/turn.js"
import { Events } from "../services/events/events.js"
import { Llm } from "../services/llm/llm.js"
import type { AnswerDoesNotFit, NoSuchQuestion } from "../services/question-ui/bridge.js"
import { makeQuestionBridgeWith } from "../services/question-ui/bridge.js"
import { QuestionUI } from "../services/question-ui/question-ui.js"
import type { QuestionUIShape } from "../services/question-ui/question-ui.js"
import { defaultQuestionTimeout } from "../services/question-ui/timeout.js"
import type { SessionId } from "../services/session-store/session-kind.js"
import { SessionStore } from "../services/session-store/session-store.js"
import type { ChatLine, GuiModel, GuiView } from "./view.js"
import { toView } from "./view.js"

export class SessionBusy extends Data.TaggedError("SessionBusy")<{}> {
  override get message(): string {
    return "The coach is still on the last step. Answer the card, or wait a moment."
  }
}

export class SessionEnded extends Data.TaggedError("SessionEnded")<{}> {
  override get message(): string {
    return "This session is finished. Start a new one to keep going."
  }
}

type Input =
  | { readonly _tag: "Start" }
  | { readonly _tag: "Say"; readonly text: string }
  | { readonly _tag: "Photo"; readonly image: ImageBlock }
  | { readonly _tag: "Ask"; readonly question: Question; readonly reply: Deferred.Deferred<Answer> }

export interface HostedSession {
  readonly id: SessionId
  readonly view: Effect.Effect<GuiView>
  /** The view now and after every change. */
  readonly changes: Stream.Stream<GuiView>
  readonly say: (text: string) => Effect.Effect<void, SessionBusy | SessionEnded>
  /** A photo already normalised (Photos); `name` is shown in the chat. */
  readonly sendPhoto: (image: ImageBlock, name: string) => Effect.Effect<void, SessionBusy | SessionEnded>
  readonly answer: (questionId: string, answer: Answer) => Effect.Effect<void, NoSuchQuestion | AnswerDoesNotFit>
  /**
   * Ask the page's user a question of your own (any Question: a group, a
   * Choose with reveals…), after the turn in progress; card by card, each
   * with the session's timeout and fallback.
   */
  readonly ask: (question: Question) => Effect.Effect<Answer>
}

export interface HostOptions {
  readonly questionTimeout?: Duration.DurationInput
}

/**
 * The session-start card: a real QuestionGroup (what the space is for, what
 * stays), so a new session begins with one calm form instead of two chat turns.
 */
export const startQuestions: Question = {
  _tag: "QuestionGroup",
  title: "Before we start",
  questions: [
    { id: "function", question: { _tag: "FreeText", prompt: "What is this space for?", placeholder: "e.g. working from home" } },
    { id: "anchors", question: { _tag: "FreeText", prompt: "What is definitely staying?", placeholder: "e.g. the desk" } }
  ]
}

const textOf = (answer: Answer | undefined): string => (answer?._tag === "TextAnswer" ? answer.text.trim() : "")

/**
 * Host a session in `scope`: fresh sessions open with the start card, resumed
 * ones with a welcome back. The agent fiber lives as long as the scope.
 */
export const hostSession = (
  id: SessionId,
  resumed: Option.Option<SessionState>,
  initial: SessionState,
  options: HostOptions = {}
): Effect.Effect<HostedSession, never, Llm | Events | SessionStore | Scope.Scope> =>
  Effect.gen(function*() {
    const llm = yield* Llm
    const events = yield* Events
    const store = yield* SessionStore
    // Each card gets its own 5 minutes (seeds/001), then its fallback: a group keeps what was answered.
    const bridge = yield* makeQuestionBridgeWith({ leafTimeout: options.questionTimeout ?? defaultQuestionTimeout })
    const state = Option.getOrElse(resumed, () => initial)
    const welcome: ReadonlyArray<ChatLine> = Option.isSome(resumed)
      ? [{ from: "coach", text: `Welcome back. ${state.itemsProcessed} item${state.itemsProcessed === 1 ? "" : "s"} sorted so far. What's next?` }]
      : []
    const model = yield* SubscriptionRef.make<GuiModel>({
      state,
      messages: welcome,
      pending: Option.none(),
      group: Option.none(),
      busy: Option.isNone(resumed),
      ended: false
    })
    const update = (f: (m: GuiModel) => GuiModel) => SubscriptionRef.update(model, f)
    const say = (line: ChatLine) => update((m) => ({ ...m, messages: [...m.messages, line] }))

    // The page sees which group a question belongs to; the bridge itself shows one leaf at a time.
    const ui: QuestionUIShape = {
      ask: (question) =>
        question._tag === "QuestionGroup"
          ? update((m) => ({ ...m, group: Option.some(question.title) })).pipe(
            Effect.zipRight(bridge.ui.ask(question)),
            Effect.ensuring(update((m) => ({ ...m, group: Option.none() })))
          )
          : bridge.ui.ask(question)
    }
    yield* bridge.changes.pipe(
      Stream.runForEach((pending) => update((m) => ({ ...m, pending }))),
      Effect.forkScoped
    )

    const runTurn = (input: UserInput) =>
      Effect.gen(function*() {
        const current = yield* SubscriptionRef.get(model)
        const response = yield* turn(current.state, input)
        // Saved after every turn: a reload or a restart resumes from the last completed turn.
        yield* store.save(tidySessions, id, response.state).pipe(
          Effect.catchAll((error) => say({ from: "note", text: `Could not save the session: ${error.message}` }))
        )
        yield* update((m) => ({
          ...m,
          state: response.state,
          ended: response.ended,
          messages: [...m.messages, { from: "coach", text: response.reply }]
        }))
      })

    const handle = (input: Input) => {
      switch (input._tag) {
        case "Start":
          return Effect.gen(function*() {
            const answer = yield* ui.ask(startQuestions)
            const answers = answer._tag === "GroupAnswer" ? answer.answers : {}
            const said = [textOf(answers["function"]), textOf(answers["anchors"])].filter((t) => t.length > 0)
            if (said.length === 0) {
              return yield* say({ from: "coach", text: "No rush. Tell me what this space is for whenever you're ready." })
            }
            for (const text of said) {
              yield* say({ from: "you", text })
              yield* runTurn({ text: Option.some(text), photos: [] })
            }
          })
        case "Say":
          return runTurn({ text: Option.some(input.text), photos: [] })
        case "Photo":
          return runTurn({ text: Option.none(), photos: [input.image] })
        case "Ask":
          return Effect.flatMap(ui.ask(input.question), (answer) => Deferred.succeed(input.reply, answer))
      }
    }

    const inputs = yield* Queue.unbounded<Input>()
    const agent = Effect.forever(
      Effect.flatMap(Queue.take(inputs), (input) =>
        handle(input).pipe(
          Effect.catchAllDefect((defect) =>
            Effect.zipRight(
              Effect.logError("tidy GUI turn failed", defect),
              say({ from: "note", text: "Something went wrong on that step; your piles are unchanged." })
            )),
          Effect.ensuring(update((m) => ({ ...m, busy: false })))
        ))
    ).pipe(Effect.provideService(Llm, llm), Effect.provideService(Events, events), Effect.provideService(QuestionUI, ui))
    yield* Effect.forkScoped(agent)
    if (Option.isNone(resumed)) yield* Queue.offer(inputs, { _tag: "Start" })

    /** Claim the fiber for one input: refused while a turn runs or after the summary. */
    const submit = (line: ChatLine, input: Input) =>
      Effect.gen(function*() {
        const claimed = yield* SubscriptionRef.modify(model, (m): [Option.Option<SessionBusy | SessionEnded>, GuiModel] =>
          m.ended
            ? [Option.some(new SessionEnded()), m]
            : m.busy
            ? [Option.some(new SessionBusy()), m]
            : [Option.none(), { ...m, busy: true, messages: [...m.messages, line] }])
        if (Option.isSome(claimed)) return yield* claimed.value
        yield* Queue.offer(inputs, input)
      })

    const view = Effect.map(SubscriptionRef.get(model), (m) => toView(id, m))
    return {
      id,
      view,
      changes: Stream.map(model.changes, (m) => toView(id, m)),
      say: (text) => submit({ from: "you", text }, { _tag: "Say", text }),
      sendPhoto: (image, name) => submit({ from: "you", text: `Photo: ${name}` }, { _tag: "Photo", image }),
      answer: bridge.answer,
      ask: (question) =>
        Effect.gen(function*() {
          const reply = yield* Deferred.make<Answer>()
          yield* Queue.offer(inputs, { _tag: "Ask", question, reply })
          return yield* Deferred.await(reply)
        })
    }
  })
