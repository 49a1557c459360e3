/**
 * ORIENT, offline: a keyword grammar that turns a user's message into an
 * `Extract` without a model — the path every tidy session takes with no key,
 * and the fallback when the model fails.
 *
 * It reads intents ("stop", "next", "help"), choices ("trash", "keep", "not
 * sure", "put it on the shelf" → place), "it's for …" / "it is my …" → the
 * space's function, "X stays" → anchors, worries ("… makes me anxious") and
 * tiredness; anything else short is taken as the name of an item.
 */
import { Array as Arr, Option } from "effect"
import type { Choice, Extract, Intent } from "../../domain/tidy/extract.js"
import { extractOf } from "../../domain/tidy/extract.js"
import type { SessionState } from "../../domain/tidy/state.js"
import { AnxietyTrigger, ItemName, Location, SpaceFunction } from "../../domain/tidy/types.js"

const stopWords = /^(stop|quit|exit|bye|goodbye|done for (now|today)|i'?m done|that'?s (it|enough)( for (now|today))?|enough|end)\b/i
const continueWords = /^(ok(ay)?|next|yes|yep|sure|go|ready|continue|got it|done|alright|right|cool|fine)\b[.! ]*$/i
const startWords = /^(hi|hello|hey|start|let'?s (go|start|do (this|it))|begin)\b/i
const helpWords = /\b(help|stuck|can'?t decide|no idea what|what should i do)\b/i
const tiredWords = /\b(tired|exhausted|overwhelmed|worn out|need a break|so much)\b/i
const anxietyWords = /\b(anxious|anxiety|stress(ed|es|ful)?|worr(y|ied|ies)|scared|scares me|sad|upset|can'?t (face|deal with|look at))\b/i

const choiceWords: ReadonlyArray<readonly [Choice, RegExp]> = [
  ["unsure", /\b(not sure|unsure|maybe|dunno|don'?t know|undecided|no idea)\b/i],
  ["trash", /\b(trash|bin|toss|throw (it |this |that |them )?(away|out)|garbage|rubbish|recycle|donate|get rid of|chuck)\b/i],
  ["place", /\b(put|move|goes|go|place|belongs)\b.*\b(on|in|into|to|at|under|inside|back)\b/i],
  ["keep", /\b(keep|stays?|staying)\b/i]
]

/** "put it on the shelf" → "the shelf" */
const placePattern = /\b(?:put|move|goes|go|place|belongs)\b.*?\b(?:on|in|into|to|at|under|inside|back (?:in|on|to))\s+(.+)$/i
/** "it's for working", "it is my home office", "this is the kids' room", "I need to sleep here" */
const functionPatterns = [
  /\b(?:it'?s|it is|this is|that'?s|that is)\s+(?:for|my|our|a|an|the)\s+(.+)$/i,
  /\bi (?:need|want|use it) to\s+(.+?)(?:\s+(?:here|in here|there))?$/i,
  /\b(?:used|use it) for\s+(.+)$/i
]
/** "the desk stays", "bed and lamp are staying" */
const anchorPattern = /^(.+?)\s+(?:stays|stay|is staying|are staying|has to stay|have to stay|is definitely staying)\b/i
const worryPattern = /^(?:the\s+)?(.+?)\s+(?:makes? me|is making me|stress(?:es)? me|worr(?:y|ies) me)\b/i
const worryAboutPattern = /\b(?:about|of)\s+(?:the\s+|my\s+)?(.+)$/i
const leadingFiller = /^(?:(?:um+|uh+|so|well|ok(?:ay)?|and|there'?s|there is|i found|found|i have|i've got|got|it'?s|it is|this is|next is|next:?)\s+)*(?:an?|the|my|some|this|that|these|those)?\s*/i

const clean = (text: string): string => text.trim().replace(/[.!?,;:]+$/u, "").trim()

const firstMatch = (patterns: ReadonlyArray<RegExp>, text: string): Option.Option<string> =>
  Arr.findFirst(patterns, (p) => p.test(text)).pipe(Option.flatMap((p) => Option.fromNullable(p.exec(text)?.[1])), Option.map(clean))

/** The item a message names, stripped of filler and of the decision words around it. */
const itemIn = (text: string, choice: Option.Option<Choice>): Option.Option<ItemName> => {
  let rest = clean(text)
  const stuckOn = /\b(?:stuck (?:on|with)|help (?:me )?with|can'?t decide (?:on|about)|no idea what to do with)\s+(.+)$/i.exec(rest)?.[1]
  const moved = /^(?:put|move|place)\s+(.+?)\s+(?:back\s+)?(?:on|in|into|to|at|under|inside)\b/i.exec(rest)?.[1]
  if (stuckOn !== undefined) rest = stuckOn
  else if (moved !== undefined && !/^(it|this|that|them|these|those)$/i.test(moved)) rest = moved
  else if (Option.isSome(choice)) {
    // "the mug goes in the trash" → "the mug"; "trash the mug" → "the mug"
    rest = rest
      .replace(/\b(goes|go|should go|can go|belongs)\b.*$/i, "")
      .replace(/\b(put|move|place)\s+(?:it|this|that)?\b.*$/i, "")
      .replace(/\b(is|are)\s+(trash|rubbish|garbage|staying|stays?)\b.*$/i, "")
      .replace(/\b(stays|stay|staying)\b.*$/i, "")
      .replace(/^(trash|bin|toss|keep|donate|recycle|chuck|throw (away|out)|get rid of)\s+/i, "")
      .replace(/^(it|this|that|them|not sure|unsure|maybe|dunno)\b.*$/i, "")
      .replace(/\b(trash|bin|toss|keep|throw (it )?(away|out)|not sure|unsure|maybe)\b.*$/i, "")
  }
  rest = clean(rest.replace(leadingFiller, ""))
  // A whole sentence is not an item name; a short noun phrase is.
  if (rest.split(/\s+/).length > 6 || /^(i|we|you|he|she|they)\b/i.test(rest)) return Option.none()
  return ItemName.fromText(rest)
}

/** Read one message in the context of the session (Surveying reads functions and anchors). */
export const extractByRules = (text: string, state: SessionState): Extract => {
  const said = clean(text)
  if (said.length === 0) return extractOf("continue")
  if (stopWords.test(said)) return extractOf("stop")
  const surveying = state.phaseData._tag === "Surveying"

  const tired = tiredWords.test(said)
  const anxiety = anxietyWords.test(said)
    ? firstMatch([worryPattern, worryAboutPattern], said).pipe(Option.flatMap((t) => AnxietyTrigger.fromText(t.replace(leadingFiller, ""))))
    : Option.none()
  if (Option.isSome(anxiety) || (tired && said.split(/\s+/).length <= 8)) {
    return extractOf("help", { anxiety, tired })
  }

  if (surveying) {
    const fn = firstMatch(functionPatterns, said).pipe(Option.flatMap(SpaceFunction.fromText))
    const anchors = Option.fromNullable(anchorPattern.exec(said)?.[1]).pipe(
      Option.map((list) => Arr.filterMap(list.split(/\s*(?:,|\band\b|&)\s*/i), (a) => ItemName.fromText(a.replace(leadingFiller, "")))),
      Option.filter(Arr.isNonEmptyReadonlyArray)
    )
    if (Option.isSome(fn) || Option.isSome(anchors)) return extractOf("start", { function: fn, anchors })
    if (/^(nothing|none|no|nope|not really|everything can go)\b/i.test(said)) return extractOf("continue")
    if (startWords.test(said) || continueWords.test(said)) return extractOf("start")
    // A bare answer to "what is this space for?" is the function itself.
    return state.phaseData.gatheredFunction._tag === "None"
      ? extractOf("start", { function: SpaceFunction.fromText(said.replace(leadingFiller, "")) })
      : extractOf("continue", { anchors: ItemName.fromText(said.replace(leadingFiller, "")).pipe(Option.map(Arr.of)) })
  }

  if (continueWords.test(said) || startWords.test(said)) return extractOf(startWords.test(said) ? "start" : "continue")
  // In a long, thinking-aloud message a "maybe" is a hedge, not a decision; only a clear verb counts.
  const long = said.split(/\s+/).length > 10
  const choice = Option.map(
    Arr.findFirst(choiceWords, ([c, pattern]) => (!long || c === "trash" || c === "keep") && pattern.test(said)),
    ([c]) => c
  )
  const place = Option.filter(choice, (c) => c === "place").pipe(
    Option.flatMap(() => Option.fromNullable(placePattern.exec(said)?.[1])),
    Option.flatMap((p) => Location.fromText(clean(p)))
  )
  const item = itemIn(said, choice)
  if (helpWords.test(said)) return extractOf("help", { item: Option.filter(item, () => !/^help\b/i.test(said)), tired })
  const intent: Intent = Option.isSome(choice) ? "decided" : Option.isSome(item) ? "item" : "continue"
  // "put it away" with no place named is a keep: it belongs somewhere the user knows.
  const finalChoice = Option.map(choice, (c) => (c === "place" && Option.isNone(place) ? "keep" : c))
  return extractOf(intent, { item, choice: finalChoice, place, tired })
}
