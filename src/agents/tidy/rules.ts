/**
 * ORIENT, offline: a keyword grammar that turns a user's message into an
 * `Extract` without a model — the path every tidy session takes with no key,
 * and the fallback when the model fails.
 *
 * Order matters, and the first three are also decided before any model call
 * (`decidedByRule`): stop phrases; how the user sounds (care.ts: grief,
 * anxiety, shame, "I can't", overwhelm, tiredness, refusal); control phrases
 * ("ok", "keep going"). Then, while surveying, the space's function and what
 * stays; while sorting, the user's own words for a choice ("bin", "chuck it",
 * "charity shop", "put it in the drawer") and the item, cleaned (words.ts).
 * "it", "this" and other pronouns name no item: they mean the one under
 * discussion, which the routing keeps.
 */
import { Array as Arr, Option } from "effect"
import type { Choice, Extract } from "../../domain/tidy/extract.js"
import { extractOf } from "../../domain/tidy/extract.js"
import type { SessionState } from "../../domain/tidy/state.js"
import { currentItem } from "../../domain/tidy/state.js"
import { AnxietyTrigger, ItemName, Location, sameText, SpaceFunction } from "../../domain/tidy/types.js"
import { readCare } from "./care.js"
import { clean, isContinue, isGreeting, isPronoun, isStop, itemList, itemName, namedParts, namedThings, normalise, placedThing, placeIn, spaceFunctionIn } from "./words.js"

const helpWords = /\b(?:help|stuck|can'?t decide|no idea what|what should i do|what do i do)\b/i
const stuckOnPattern = /\b(?:stuck (?:on|with)|help (?:me )?with|can'?t decide (?:on|about)|no idea what to do with|what (?:should|do) i do with)\s+(.+)$/i
const notKnowing = /^(?:i )?(?:(?:really |just )?(?:don'?t|do not) know|dunno|no idea|not sure|no clue)(?:\s+(?:really|tbh|honestly))?[.!]*$/i

/** The user's own words for a choice, first match wins ("not sure" before "keep"). */
const choiceWords: ReadonlyArray<readonly [Choice, RegExp]> = [
  ["unsure", /\b(?:not sure|unsure|maybe|dunno|don'?t know|undecided|no idea|not certain|hmm+)\b/i],
  ["trash", /\b(?:trash|bin|binned|toss|throw (?:it |this |that |them )?(?:away|out)|garbage|rubbish|junk|recycl\w*|donat\w*|charity(?: shop)?|goodwill|oxfam|thrift (?:store|shop)|op shop|freecycle|lob|give (?:it |them |this |that )?(?:away|to)|get rid(?: of)?|chuck|ditch|dump|sell|out|it can go|can go|let it go)\b/i],
  ["keep", /\b(?:keep|keeping|keeper|stays?|staying|hang on to|hold on to|holding on to)\b/i]
]
/** The decision words, to find the item among them ("bin the receipts" → "receipts"). */
const decisionWords =
  /\b(?:not sure|unsure|maybe|dunno|don'?t know|undecided|no idea|trash|bin|toss|throw (?:it |this |that |them )?(?:away|out)|garbage|rubbish|junk|recycle|donate|charity(?: shop)?|goodwill|oxfam|thrift (?:store|shop)|op shop|freecycle|lob|give (?:it |them )?(?:away|to .*)|get rid of|chuck|ditch|dump|sell|out|can go|keep|stays?|staying|goes|go|should go|belongs)\b/gi

/** "anchorList stays" in any of its forms. */
const anchorPattern = /^(.+?)\s+(?:stays|stay|is staying|are staying|has to stay|have to stay|can stay|will stay|are definitely staying|is definitely staying|definitely stays?)\b/i

const trigger = (text: string): Option.Option<AnxietyTrigger> => AnxietyTrigger.fromText(text.replace(/^(?:the|a|an|this|that|some)\s+/i, ""))

/** Read one message in the context of the session (Surveying reads functions and anchors). */
export const extractByRules = (text: string, state: SessionState): Extract =>
  Option.getOrElse(decidedByRule(text, state), () => readContent(clean(normalise(text)), state))

/**
 * What rules decide before any model is asked: an empty message, stop, how
 * the user sounds, and control phrases. `None`: the message names or decides
 * something, so a model (when there is one) may read it.
 */
export const decidedByRule = (text: string, state: SessionState): Option.Option<Extract> => {
  const said = clean(normalise(text))
  if (said.length === 0) return Option.some(extractOf("continue"))
  if (isStop(said)) return Option.some(extractOf("stop"))
  const care = readCare(said)
  if (Option.isSome(care.feeling)) {
    const feeling = care.feeling.value
    // Things listed along with the feeling ("I'm overwhelmed, there are papers and cables and my ex's hoodie which
    // I can't face") are each kept for later, never lost; the one said with its own distress is the hard one, set aside.
    // A feeling word is no thing ("so tired, the lamp …" names the lamp, not "tired").
    const amid = Option.getOrElse(namedParts(said), () => []).filter((t) => Option.isNone(readCare(t.name).feeling))
    const aboutSubject = feeling === "grief" || feeling === "anxiety" || feeling === "cant"
      ? Option.flatMap(care.subject, itemName)
      : Option.none()
    const hard = Arr.findFirst(amid, (t) => Option.isSome(readCare(t.part).feeling)).pipe(
      Option.orElse(() => Arr.findFirst(amid, (t) => Option.exists(aboutSubject, (n) => sameText(n, t.name))))
    )
    const amidItem = Option.flatMap(hard, (t) => ItemName.fromText(t.name))
    const amidAnxiety = Option.flatMap(hard, (t) => trigger(t.name))
    const amidRest = Arr.filterMap(amid, (t) => (Option.exists(hard, (h) => h.name === t.name) ? Option.none() : ItemName.fromText(t.name)))
    const listed = { item: amidItem, anxiety: amidAnxiety, alsoNamed: amidRest }
    if (feeling === "refusal") {
      return Option.some(amid.length > 1 ? extractOf("help", { feeling: Option.some("cant"), ...listed }) : extractOf("continue", { feeling: care.feeling }))
    }
    if (feeling === "tired") return Option.some(extractOf("help", { feeling: care.feeling, tired: true, ...listed }))
    if (feeling === "overwhelm") return Option.some(extractOf("help", { feeling: care.feeling, ...listed }))
    // Several things named with the feeling ("the books and my late husband's jumper, I can't"): all are kept, all are hard.
    const things = Option.flatMap(care.subject, namedThings)
    const single = Option.orElse(Option.map(things, (ts) => ts[0]), () => Option.flatMap(care.subject, itemName))
    if (Option.isNone(things) && amid.length > 1) return Option.some(extractOf("help", { feeling: care.feeling, ...listed }))
    const item = single
    const about = Option.isSome(things)
      ? Option.flatMap(care.subject, trigger)
      : Option.orElse(Option.flatMap(item, trigger), () => Option.flatMap(currentItem(state), (i) => trigger(i)))
    const alsoNamed = Arr.filterMap(Option.getOrElse(Option.map(things, (ts) => ts.slice(1)), () => []), ItemName.fromText)
    return Option.some(extractOf("help", { feeling: care.feeling, anxiety: about, item: Option.flatMap(item, ItemName.fromText), alsoNamed }))
  }
  if (state.phaseData._tag === "Surveying" && notKnowing.test(said)) return Option.some(extractOf("help", { feeling: Option.some("overwhelm") }))
  if (isContinue(said)) return Option.some(extractOf("continue"))
  if (isGreeting(said) && said.split(/\s+/).length <= 4) return Option.some(extractOf("start"))
  return Option.none()
}

const readContent = (said: string, state: SessionState): Extract =>
  state.phaseData._tag === "Surveying" ? readSurvey(said, Option.isNone(state.phaseData.gatheredFunction)) : readSorting(said)

const readSurvey = (said: string, needFunction: boolean): Extract => {
  const listed = Option.fromNullable(anchorPattern.exec(said)?.[1]).pipe(Option.flatMap(itemList))
  // "the desk stays" answers what stays, not what the space is for.
  const fn = spaceFunctionIn(said, needFunction && Option.isNone(listed)).pipe(Option.flatMap(SpaceFunction.fromText))
  const anchors = Option.orElse(listed, () => (needFunction || Option.isSome(fn) ? Option.none() : itemList(said))).pipe(
    Option.map((names) => Arr.filterMap(names, ItemName.fromText)),
    Option.filter(Arr.isNonEmptyReadonlyArray)
  )
  if (Option.isSome(fn) || Option.isSome(anchors)) return extractOf("start", { function: fn, anchors })
  return extractOf("continue")
}

const readSorting = (said: string): Extract => {
  // In a long, thinking-aloud message a "maybe" is a hedge, not a decision; only a clear verb counts.
  const long = said.split(/\s+/).length > 10
  const place = placeIn(said).pipe(Option.flatMap(Location.fromText))
  const word = Arr.findFirst(choiceWords, ([c, pattern]) => (!long || c !== "unsure") && pattern.test(said)).pipe(Option.map(([c]) => c))
  // A place named ("put it in the drawer") is a keep with a place, unless the words said out or unsure.
  const choice: Option.Option<Choice> = Option.isSome(place) && !Option.exists(word, (c) => c === "trash" || c === "unsure")
    ? Option.some("place")
    : word
  if (helpWords.test(said)) {
    // "help" names no item; "help with the scarf" does.
    const stuckOn = stuckOnPattern.exec(said)?.[1]
    const about = stuckOn === undefined ? itemName(said.replace(new RegExp(helpWords.source, "gi"), " ").replace(/\b(?:me|please|i'?m|i am|so|a bit)\b/gi, " ")) : itemName(stuckOn)
    return extractOf("help", { item: Option.flatMap(Option.filter(about, (n) => !isPronoun(n)), ItemName.fromText) })
  }
  // Several things named with no decision: the first is asked about, the rest are held for later.
  const things = Option.isNone(choice) ? namedThings(said).pipe(Option.map((ns) => Arr.filterMap(ns, ItemName.fromText))) : Option.none()
  const [first, ...rest] = Option.getOrElse(things, (): ReadonlyArray<ItemName> => [])
  const item = first === undefined ? itemOf(said, choice) : Option.some(first)
  const intent = Option.isSome(choice) ? "decided" : Option.isSome(item) ? "item" : "continue"
  return extractOf(intent, { item, choice, place: Option.filter(place, () => Option.exists(choice, (c) => c === "place")), alsoNamed: rest })
}

/** The item a message names, stripped of filler and of the decision words around it; none for a pronoun. */
const itemOf = (said: string, choice: Option.Option<Choice>): Option.Option<ItemName> => {
  const stuckOn = stuckOnPattern.exec(said)?.[1]
  const named = stuckOn !== undefined
    ? itemName(stuckOn)
    : Option.isSome(choice)
    ? Option.orElse(placedThing(said), () =>
      itemName(said.replace(/\b(?:put|move|place|hang|store|stick|pop|shove|file)\s+(?:it|this|that|them)\b.*$|\b(?:put|move|place)\b.*$/i, "").replace(/\s*\b(?:is|are|can|should|goes?|go)\b\s*/gi, " ").replace(decisionWords, " ").replace(/\b(?:it|this|that|them|away|in the|to the|the|into)\s*$/i, "")))
    : itemName(said)
  return Option.flatMap(Option.filter(named, (n) => !isPronoun(n)), ItemName.fromText)
}
