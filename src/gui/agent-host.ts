/**
 * One session of any `Agent` hosted for the browser: its state, its chat, the
 * question waiting for a tap, its event stream, and ONE agent fiber that runs
 * the session's turns in order (seeds/001 GUI runner: state synced to the page
 * after every change).
 *
 * Where it sits: between the HTTP routes (router.ts) and the IO-blind agent
 * (`agent.turn`). Inputs go through a queue to the fiber; the agent asks
 * through a `QuestionBridge` whose every card waits 5 minutes, then takes the
 * fallback answer. A card never blocks the user: "Not now", or a message or
 * photo sent instead, sets it aside (card-closing.ts), and every card's
 * question and answer go into the chat. After every turn the state and the
 * chat are saved to the SessionStore, so a reload — or a restarted server —
 * rejoins the session where it was, conversation and all. The session's
 * events (the agent's own Schema) go to the server's `Events` and to the
 * session's own stream, which the page's watch view reads.
 */
import { Context, Deferred, Effect, Either, Option, Queue, Ref, Schema, Stream, SubscriptionRef } from "effect"
import type { Scope } from "effect"
import type { ImageBlock } from "../domain/llm.js"
import type { Answer, Question } from "../domain/question.js"
import { Events } from "../services/events/events.js"
import { makeEvents } from "../services/events/live.js"
import { Llm } from "../services/llm/llm.js"
import type { PendingQuestion } from "../services/question-ui/bridge.js"
import { makeQuestionBridgeWith, NoSuchQuestion } from "../services/question-ui/bridge.js"
import { QuestionUI } from "../services/question-ui/question-ui.js"
import type { QuestionUIShape } from "../services/question-ui/question-ui.js"
import { defaultQuestionTimeout } from "../services/question-ui/timeout.js"
import type { SessionId } from "../services/session-store/session-kind.js"
import { SessionStore } from "../services/session-store/session-store.js"
import { makeCardClosing, readTyped } from "./card-closing.js"
import type { TypedAtCard } from "./card-closing.js"
import type { ChatLine } from "./chat.js"
import { cardLines } from "./chat.js"
import { makePhotoLooks } from "./photo-look.js"
import type { PageView, WebAgent } from "./web-agent.js"
import { messagesIn, photoNotTaken, photoSkippedOffline, SessionBusy, SessionEnded } from "./hosted-session.js"
import type { HostedSession, HostModel, HostOptions, ResumedSession } from "./hosted-session.js"

export { photoNotTaken, photoSkippedOffline, SessionBusy, SessionEnded } from "./hosted-session.js"
export type { HostedSession, HostModel, HostOptions, ResumedSession } from "./hosted-session.js"

type HostInput =
  | { readonly _tag: "Start" }
  | { readonly _tag: "Say"; readonly text: string }
  | { readonly _tag: "Photo"; readonly image: ImageBlock; readonly name: string }
  | { readonly _tag: "Ask"; readonly question: Question; readonly reply: Deferred.Deferred<Answer> }


/**
 * Host a session of `web.agent` in `scope`: fresh sessions open with the
 * start card (or the agent's opening line), resumed ones with their chat and
 * the agent's welcome back. The agent fiber lives as long as the scope.
 */
export const hostAgent = <State, Input, Event extends { readonly _tag: string }, Rest, SE, EE, V extends PageView>(
  web: WebAgent<State, Input, Event, Rest | QuestionUI | Events, SE, EE, V>,
  id: SessionId,
  resumed: Option.Option<ResumedSession<State>>,
  initial: State,
  options: HostOptions = {}
): Effect.Effect<HostedSession<V>, never, Rest | Events | SessionStore | Scope.Scope> =>
  Effect.gen(function*() {
    const { agent } = web
    const context = yield* Effect.context<Rest>()
    const outer = yield* Events
    const store = yield* SessionStore
    // This session's events: on to the server's Events (logs, embedders), and to its own stream for the page.
    const events = yield* makeEvents(outer.emit)
    const looks = yield* makePhotoLooks(yield* Effect.serviceOption(Llm))
    const state = Option.match(resumed, { onNone: () => initial, onSome: (r) => r.state })
    const opening: ReadonlyArray<ChatLine> = Option.match(resumed, {
      onNone: () => (web.start === undefined ? [{ from: "coach", text: agent.view.opening(state) }] : []),
      onSome: (r) => [...r.chat, { from: "coach", text: agent.view.welcomeBack(state) }]
    })
    const startsWithCard = Option.isNone(resumed) && web.start !== undefined
    const model = yield* SubscriptionRef.make<HostModel<State>>({
      state,
      messages: opening,
      pending: Option.none(),
      group: Option.none(),
      inputs: startsWithCard ? 1 : 0,
      ended: false
    })
    const update = (f: (m: HostModel<State>) => HostModel<State>) => SubscriptionRef.update(model, f)
    const say = (...lines: ReadonlyArray<ChatLine>) => update((m) => ({ ...m, messages: [...m.messages, ...lines] }))
    const stored = yield* Ref.make(Option.isSome(resumed))
    /** The chat so far and `more` lines about to be shown, kept beside a session that has been saved. */
    const saveChat = (more: ReadonlyArray<ChatLine>) =>
      Effect.gen(function*() {
        if (!(yield* Ref.get(stored))) return
        const { messages } = yield* SubscriptionRef.get(model)
        yield* store.save(web.chats, id, [...messages, ...more]).pipe(
          Effect.catchAll((error) => Effect.logWarning(`could not save the chat: ${error.message}`))
        )
      })

    const closing = yield* makeCardClosing
    const settingAside = closing.settingAside
    // Each card gets its own 5 minutes (seeds/001), then its fallback: a group keeps what was answered.
    // Its question and answer are written to the chat before the agent goes on.
    const bridge = yield* makeQuestionBridgeWith({
      leafTimeout: options.questionTimeout ?? defaultQuestionTimeout,
      onSettled: (card, answer) =>
        Effect.flatMap(closing.told(card, answer), Option.match({
          onNone: () => Effect.void,
          onSome: (how) => say(...cardLines(card.question, how))
        }))
    })

    // The page sees which group a question belongs to; the bridge itself shows one leaf at a time.
    const ui: QuestionUIShape = {
      ask: (question) =>
        (question._tag === "QuestionGroup"
          ? update((m) => ({ ...m, group: Option.some(question.title) })).pipe(
            Effect.zipRight(bridge.ui.ask(question)),
            Effect.ensuring(update((m) => ({ ...m, group: Option.none() })))
          )
          : bridge.ui.ask(question)).pipe(
            Effect.ensuring(Ref.update(settingAside, (s) => (s === "restOfQuestion" ? "no" : s)))
          )
    }
    yield* bridge.changes.pipe(
      Stream.runForEach((pending) =>
        Effect.gen(function*() {
          if (Option.isSome(pending) && (yield* Ref.get(settingAside)) !== "no") {
            yield* closing.mark(pending.value.id, "unseen")
            return yield* Effect.ignore(bridge.setAside(pending.value.id))
          }
          yield* update((m) => ({ ...m, pending }))
        })
      ),
      Effect.forkScoped
    )

    const runTurn = (input: Input) =>
      Effect.gen(function*() {
        const current = yield* SubscriptionRef.get(model)
        const result = yield* looks.replaying(agent.turn(current.state, input)).pipe(Effect.either)
        if (Either.isLeft(result)) return yield* say({ from: "note", text: result.left.message })
        const response = result.right
        const reply: ChatLine = { from: "coach", text: response.reply }
        // Saved after every turn, the chat with it, before the page shows the reply:
        // a reload or a restart resumes from the last completed turn.
        const notSaved = yield* store.save(agent.session, id, response.state).pipe(
          Effect.zipRight(Ref.set(stored, true)),
          Effect.zipRight(saveChat([reply])),
          Effect.as<ReadonlyArray<ChatLine>>([]),
          Effect.catchAll((error) => Effect.succeed<ReadonlyArray<ChatLine>>([{ from: "note", text: `Could not save the session: ${error.message}` }]))
        )
        yield* update((m) => ({ ...m, state: response.state, ended: response.ended, messages: [...m.messages, reply, ...notSaved] }))
      })
    const runText = (text: string) => Effect.flatMap(agent.input(text), runTurn)

    const handle = (input: HostInput) => {
      switch (input._tag) {
        case "Start":
          return Effect.gen(function*() {
            if (web.start === undefined) return
            const said = web.start.inputs(yield* ui.ask(web.start.question))
            // The card and its answers are in the chat already; a message sent instead is taken next.
            if (said.length === 0 && (yield* Ref.get(settingAside)) !== "untilNextInput") {
              return yield* say({ from: "coach", text: web.start.leftEmpty })
            }
            for (const input of said) yield* runTurn(input)
          })
        case "Say":
          return Effect.zipRight(
            say({ from: "you", text: input.text }),
            // The agent's own word for leaving ("quit"): the session ends with its summary, decided by no model.
            web.isQuit?.(input.text) === true
              ? update((m) => ({
                ...m,
                ended: true,
                messages: [...m.messages, ...Option.toArray(Option.map(agent.view.summary(m.state), (text): ChatLine => ({ from: "coach", text })))]
              }))
              : runText(input.text)
          )
        case "Photo":
          return Effect.zipRight(
            say({ from: "you", text: `Photo: ${input.name}` }),
            web.photo === undefined ? Effect.void : runTurn(web.photo.input(input.image))
          )
        case "Ask":
          // The asker gets its answer; words typed at its cards instead of an answer are also the user's next messages.
          return Effect.flatMap(ui.ask(input.question), (answer) =>
            Effect.zipRight(
              Deferred.succeed(input.reply, answer),
              Effect.forEach(messagesIn(answer), runText, { discard: true })
            ))
      }
    }

    const inputs = yield* Queue.unbounded<HostInput>()
    const fiber = Effect.forever(
      Effect.flatMap(Queue.take(inputs), (input) =>
        // A message that set a card aside is now being taken: cards from here on are shown again.
        Ref.set(settingAside, "no").pipe(
          Effect.zipRight(handle(input)),
          Effect.catchAllDefect((defect) =>
            Effect.zipRight(
              Effect.logError(`${agent.name} GUI turn failed`, defect),
              say({ from: "note", text: "Something went wrong on that step; nothing was changed." })
            )),
          Effect.ensuring(input._tag === "Ask" ? Effect.void : update((m) => ({ ...m, inputs: m.inputs - 1 })))
        ))
    ).pipe(Effect.provide(Context.add(Context.add(context, QuestionUI, ui), Events, events)))
    yield* Effect.forkScoped(fiber)
    if (startsWithCard) yield* Queue.offer(inputs, { _tag: "Start" })

    /**
     * Claim the fiber for one input: refused after the end, and while the
     * agent is thinking with no card up. A card that is up is set aside.
     */
    const submit = (input: HostInput) =>
      Effect.gen(function*() {
        const claimed = yield* SubscriptionRef.modify(
          model,
          (m): [Either.Either<Option.Option<PendingQuestion>, SessionBusy | SessionEnded>, HostModel<State>] =>
            m.ended
              ? [Either.left(new SessionEnded()), m]
              : m.inputs > 0 && Option.isNone(m.pending)
              ? [Either.left(new SessionBusy({ message: web.busy })), m]
              : [Either.right(m.pending), { ...m, inputs: m.inputs + 1 }]
        )
        const card = yield* claimed
        if (Option.isSome(card)) {
          yield* Ref.set(settingAside, "untilNextInput")
          yield* closing.mark(card.value.id, { _tag: "SetAside" })
          yield* Effect.ignore(bridge.setAside(card.value.id))
        }
        yield* Queue.offer(inputs, input)
      })

    /** A photo no model will look at: say so, and leave the session (and any card) as it is. */
    const photoNotLooked = (name: string, why: string) =>
      Effect.gen(function*() {
        if ((yield* SubscriptionRef.get(model)).ended) return yield* new SessionEnded()
        yield* say({ from: "you", text: `Photo: ${name}` }, { from: "note", text: why })
        yield* saveChat([])
      })

    const sendPhoto = (image: ImageBlock, name: string) =>
      Effect.gen(function*() {
        if (web.photo === undefined) return yield* photoNotLooked(name, photoNotTaken)
        if ((yield* SubscriptionRef.get(model)).ended) return yield* new SessionEnded()
        const looked = yield* looks.lookAt(web.photo.look(image))
        if (looked === "NoModel") return yield* photoNotLooked(name, photoSkippedOffline)
        yield* submit({ _tag: "Photo", image, name }).pipe(Effect.tapError(() => looks.forget(image)))
      })

    const notNow = (questionId: string) =>
      Effect.gen(function*() {
        const pending = yield* bridge.pending
        if (Option.isNone(pending) || pending.value.id !== questionId) return yield* new NoSuchQuestion({ id: questionId })
        yield* Ref.set(settingAside, "restOfQuestion")
        yield* closing.mark(questionId, { _tag: "NotNow" })
        yield* bridge.setAside(questionId).pipe(Effect.tapError(() => Ref.set(settingAside, "no")))
      })

    /** Typed while a card is up: its label answers it, "skip" leaves it; anything else is a new message. */
    const typedByUser = (text: string) =>
      Effect.gen(function*() {
        const card = (yield* SubscriptionRef.get(model)).pending
        const typed: TypedAtCard = Option.match(card, { onNone: () => ({ _tag: "NewMessage" }), onSome: (c) => readTyped(c.question, text) })
        const answered = Option.isSome(card) && typed._tag !== "NewMessage"
          ? yield* (typed._tag === "NotNow" ? notNow(card.value.id) : bridge.answer(card.value.id, typed.answer)).pipe(
            Effect.as(true),
            Effect.orElseSucceed(() => false)
          )
          : false
        // A card that went away meanwhile, or words that are not an answer: a message, never lost.
        if (!answered) yield* submit({ _tag: "Say", text })
      })

    const toView = (m: HostModel<State>): V =>
      web.view({
        id,
        status: Option.getOrNull(agent.view.status(m.state)),
        messages: m.messages,
        pending: Option.match(m.pending, {
          onNone: () => null,
          onSome: (p) => ({ id: p.id, question: p.question, group: Option.getOrNull(m.group) })
        }),
        busy: m.inputs > 0,
        ended: m.ended
      }, m.state)

    const encode = Schema.encodeUnknown(agent.events)
    // Events of another shape cannot be in this session's stream (the agent emits its own); one that does not encode is left out.
    const encoded = Stream.unwrapScoped(Effect.map(events.subscribe, Stream.fromQueue)).pipe(
      Stream.mapEffect((event) => Effect.option(encode(event))),
      Stream.filterMap((e) => e)
    )

    return {
      id,
      view: Effect.map(SubscriptionRef.get(model), toView),
      changes: Stream.map(model.changes, toView),
      events: encoded,
      say: typedByUser,
      sendPhoto,
      answer: bridge.answer,
      notNow,
      ask: (question) =>
        Effect.gen(function*() {
          const reply = yield* Deferred.make<Answer>()
          yield* Queue.offer(inputs, { _tag: "Ask", question, reply })
          return yield* Deferred.await(reply)
        })
    }
  })
