/**
 * What the model is told about the session (seeds/001 Context.hs): a flat,
 * readable view of the state, built purely, rendered into prompts by act.
 */
import { Option } from "effect"
import type { PhotoAnalysis } from "./extract.js"
import type { Phase, SessionState } from "./state.js"
import { anchors, counts, currentCategory, emergentCategories, lastAnxiety, phase, spaceFunction, waitingToAsk } from "./state.js"

export interface TidyingContext {
  readonly phase: Phase
  readonly function: Option.Option<string>
  readonly anchors: ReadonlyArray<string>
  /** Item counts: `unsure` includes the categories the unsure pile was split into. */
  readonly piles: { readonly belongs: number; readonly out: number; readonly unsure: number }
  /** Items named but not decided yet (skipped, set aside). */
  readonly later: number
  /** Of those, the things named together with another, to ask about next, in order. */
  readonly upNext: ReadonlyArray<string>
  readonly emergentCategories: ReadonlyArray<string>
  readonly currentCategory: Option.Option<string>
  readonly itemsProcessed: number
  readonly lastAnxiety: Option.Option<string>
  /** Everything the user found hard this session: never brought up by the coach. */
  readonly avoid: ReadonlyArray<string>
  readonly photoAnalysis: Option.Option<PhotoAnalysis>
  readonly userText: Option.Option<string>
}

export const buildContext = (
  state: SessionState,
  photo: Option.Option<PhotoAnalysis>,
  userText: Option.Option<string>
): TidyingContext => ({
  phase: phase(state),
  function: spaceFunction(state),
  anchors: anchors(state),
  piles: { belongs: counts(state).staying, out: counts(state).out, unsure: counts(state).unsure },
  later: counts(state).later,
  upNext: waitingToAsk(state),
  emergentCategories: emergentCategories(state).map((c) => c.name),
  currentCategory: currentCategory(state),
  itemsProcessed: state.itemsProcessed,
  lastAnxiety: lastAnxiety(state),
  avoid: state.avoid,
  photoAnalysis: photo,
  userText
})

/** The context as prompt text: one fact per line, only what is known. */
export const renderContext = (ctx: TidyingContext): string =>
  [
    `Phase: ${ctx.phase}`,
    ...Option.toArray(Option.map(ctx.function, (f) => `The space is for: ${f}`)),
    ...(ctx.anchors.length === 0 ? [] : [`Definitely staying: ${ctx.anchors.join(", ")}`]),
    `Piles: ${ctx.piles.belongs} stay, ${ctx.piles.out} out, ${ctx.piles.unsure} unsure, ${ctx.later} for later (${ctx.itemsProcessed} items sorted)`,
    ...(ctx.upNext.length === 0 ? [] : [`Named earlier, to ask about next: ${ctx.upNext.join(", ")}`]),
    ...(ctx.emergentCategories.length === 0 ? [] : [`Categories: ${ctx.emergentCategories.join(", ")}`]),
    ...Option.toArray(Option.map(ctx.currentCategory, (c) => `Working through: ${c}`)),
    ...(ctx.avoid.length === 0 ? [] : [`The user finds these hard right now; never bring them up or propose them: ${ctx.avoid.join(", ")}`]),
    ...Option.toArray(Option.map(ctx.photoAnalysis, (p) =>
      `Photo: ${p.roomType}, ${p.chaosLevel}; visible: ${p.visibleItems.join(", ") || "nothing named"}` +
      (p.blockedFunction === undefined ? "" : `; blocked: ${p.blockedFunction}`) +
      (p.firstTarget === undefined ? "" : `; first target: ${p.firstTarget}`))),
    ...Option.toArray(Option.map(ctx.userText, (t) => `The user said: "${t}"`))
  ].join("\n")
