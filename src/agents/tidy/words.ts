/**
 * ORIENT, offline: the user's words cleaned into values — item names without
 * filler or hedges, places with their preposition, lists split into items,
 * the space's function as a short phrase — and the control phrases ("stop",
 * "keep going", "ok") that are never an item.
 *
 * Rule: a value is only made from a short noun phrase. A sentence about
 * people or plans ("my brother is coming to stay"), a pronoun, or a hedge
 * alone is no value at all, so no reply ever pastes it back.
 */
import { Array as Arr, Option } from "effect"

export const normalise = (text: string): string =>
  text.replace(/[\u2018\u2019`]/g, "'").replace(/\u2026/g, "...").replace(/\s+/g, " ").trim()

/** Trailing punctuation off. */
export const clean = (text: string): string => text.trim().replace(/[.!?,;:\-–—]+$/u, "").trim()

// ---------------------------------------------------------------------------
// Control phrases
// ---------------------------------------------------------------------------

const stopPatterns: ReadonlyArray<RegExp> = [
  /^(?:(?:ok(?:ay)?|right|alright|fine|yeah|yes|please|no|so)[,.!]?\s+)*(?:sto+p+|quit|exit|bye|goodbye|good night|night|end|enough|enuf|nuff|finish|finished|done now|that'?s (?:it|enough|all)(?: for (?:now|today|tonight|me))?|i'?m (?:done|finished|out)|i am (?:done|finished)|done for (?:now|today|tonight|the day)|let'?s stop|let'?s call it a day|call it a day|no more)(?:[\s,]+(?:now|please|here|there|for (?:now|today|tonight|me)|then|thanks|thank you|thx|ty|ok|okay|pls|already|it|this|that|i think|please stop|lol|haha+|x+|sorry|mate))*[\s.!?]*$/i,
  /\b(?:can|could|shall|may) (?:we|i) (?:please )?(?:stop|finish|end|call it a day|leave it there|wrap (?:it )?up)\b/i,
  /\b(?:i (?:want|need|would like|'d like) to|i'?m going to|i'?ll|let'?s|time to) (?:stop|finish|quit|end|call it a day|wrap (?:it )?up|leave it there)\b/i,
  /\b(?:that'?s|that is) enough for (?:now|today|tonight|one day)\b/i,
  /\bi'?m (?:done|finished) for (?:now|today|tonight|the day)\b/i,
  /\b(?:call it a (?:day|night))\b/i
]

/** "stop", "ok stop", "can we stop now", "I'm done", "that's enough for today": the session ends. */
export const isStop = (said: string): boolean => stopPatterns.some((p) => p.test(normalise(said)))

const continueWords = new Set([
  "ok", "okay", "k", "next", "yes", "yep", "yeah", "yup", "sure", "go", "ready", "continue", "got", "done", "alright",
  "right", "cool", "fine", "on", "carry", "let's", "lets", "more", "another", "one", "what's", "whats", "now", "and", "then",
  "please", "i'm", "im", "good", "sounds", "ahead", "great", "nice", "thanks", "thank", "you", "sorted", "did", "that",
  "it", "there", "we", "do", "just", "small", "so", "well", "oh", "mm", "hmm", "lovely", "perfect", "excellent", "start", "begin"
])
const greeting = /^(?:hi|hello|hey|start|let'?s (?:go|start|begin|do (?:this|it))|begin)\b/i

/** "ok", "next", "keep going", "yes, ready", "one more": go on, naming nothing. */
export const isContinue = (said: string): boolean => {
  const words = normalise(said).toLowerCase()
    .replace(/\b(?:keep (?:going|on|at it)|go on|carry on|one more|next one|next thing|what now|what next)\b/g, "continue")
    .split(/[^a-z']+/).filter((w) => w.length > 0)
  return words.length > 0 && words.length <= 6 && words.every((w) => continueWords.has(w)) &&
    !(words.length === 1 && (words[0] === "it" || words[0] === "that" || words[0] === "one"))
}

export const isGreeting = (said: string): boolean => greeting.test(normalise(said))

// ---------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------

const pronoun = /^(?:it|this|that|them|these|those|this one|that one|this thing|that thing|the thing|one|thing|stuff|both|both of them|all|all of them|them all|the lot|everything)$/i
const leadingFiller =
  /^(?:(?:um+|uh+|erm+|er|hmm+|oh|ugh+|idk|i dunno|dunno|tbh|honestly|basically|obviously|i guess|i think|argh+|meh|ah+|eh|ooh+|omg|gosh|jeez|sigh|welp|so|well|ok(?:ay)?|yeah|yes|yep|yup|sure|just|and|also|then|now|right|like|next(?: is| up)?:?|there'?s|there is|there are|here'?s|here is|i found|found|i have|i'?ve got|i got|got|it'?s|it is|this is|that'?s|that is|what about|how about)(?:\s+|$))*(?:(?:an?|the|some|this|that|these|those|my|one|another)(?:\s+|$))?/i
const trailingHedge =
  /(?:\s*(?:,|\.\.\.|-|–|—)?\s*\b(?:i guess|i think|i suppose|maybe|probably|perhaps|dunno|i dunno|don'?t know|i don'?t know|not sure|or something|or whatever|kind of thing|sort of thing|as well|too|again|here|there|over there|on the floor|lol|haha|please|now|then|obviously|honestly|tbh|to be honest|basically|really|i reckon|idk|ngl))+$/i
const peopleWords =
  /^(?:(?:my|our|the|your|his|her|their|a|some)\s+)?(?:little |big |older |younger |best |new )?(?:brother|sister|mum|mom|mother|dad|father|parents?|gran|grandma|grandad|grandpa|nan|friend|friends|partner|boyfriend|girlfriend|husband|wife|kids?|children|son|daughter|family|guests?|people|someone|somebody|everyone|everybody|nobody|neighbou?rs?|flatmates?|roommates?|landlord|cleaner|baby)\b(?!'s)/i
const sentenceWords =
  /\b(?:is|are|was|were|am|will|would|should|could|can|can'?t|cannot|don'?t|doesn'?t|didn'?t|do|does|did|going to|gonna|coming|visiting|moving|staying|need|needs|want|wants|have to|has to|had|feel|think|know|makes?|made)\b/i

/** Where a thing lies now ("on the chair", "in the corner", "everywhere"): not part of its name. */
const whereItLies =
  /\s+(?:(?:lying|sitting|piled|stacked|stuffed|shoved|left)\s+)?(?:(?:on|in|under|underneath|behind|beside|by|near|next to|on top of|all over|at the bottom of|at the back of|in front of)\s+(?:the|my|a|an|our|this|that|his|her|their)\s+[\p{L}' -]{1,30}|everywhere|all over(?: the place)?|lying around|around the room|on the floor|in here|over there)$/iu
/** An amount, not a thing: "a pile of clothes" is clothes. Containers ("a box of photos") are things and stay. */
const amountOf = /^(?:(?:a|an|one|some|this|that|the)\s+)?(?:(?:big|huge|small|little|whole|massive|giant)\s+)?(?:pile|heap|stack|load|bunch|mountain|mound|ton|couple|few|lot|handful)s?\s+of\s+/i

/** Strip `pattern` only when a name is left that is not a pronoun ("stuff in the drawer" keeps its words). */
const stripIfLeft = (s: string, pattern: RegExp): string => {
  const left = clean(s.replace(pattern, ""))
  return left.length > 0 && left !== s && !pronoun.test(left) ? left : s
}

/** The words of a message as an item name, or none when they are not a short noun phrase. */
export const itemName = (raw: string): Option.Option<string> => {
  // A clause after a comma or "..." is a comment on the item ("headphones... dunno", "mug, not sure");
  // a clause of filler alone ("um, the mug") is skipped.
  const clauses = clean(normalise(raw)).split(/\s*(?:,|\.\.\.|;|\s-\s|\s–\s|\s—\s|\?|!)\s*/)
  const stripped = (clause: string) => {
    // Emoji are decoration, not part of a name: "📚 books" → "books".
    let s = clean(clause.replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu, " ").replace(/\s+/g, " "))
    // A relative clause is a comment on the thing: "my ex's hoodie which i don't want to deal with" → "ex's hoodie".
    s = stripIfLeft(s, /\s+(?:which|who|that i|that we)\s+.*$/i)
    for (let i = 0; i < 3; i++) s = stripIfLeft(stripIfLeft(clean(s.replace(leadingFiller, "").replace(trailingHedge, "")), amountOf), whereItLies)
    return s
  }
  const s = clauses.map(stripped).find((c) => c.length > 0) ?? ""
  // A name needs a letter: "🙂" or "👍👍" names nothing.
  if (!/\p{L}/u.test(s)) return Option.none()
  if (s.length === 0 || pronoun.test(s) || /^\d+$/.test(s)) return Option.none()
  if (s.split(/\s+/).length > 6) return Option.none()
  if (/^(?:i|im|ive|id|we|you|he|she|they|it|there|what|why|how|when|where|who|no|yes|not|just|very)\b/i.test(s)) return Option.none()
  // A control phrase with a hedge stripped ("im done lol" → "im done") is still no thing.
  if (isStop(s) || isContinue(s)) return Option.none()
  // A place alone ("in the drawer") or an amount of nothing ("lots of stuff") is no thing.
  if (/^(?:on|in|into|under|behind|by|at|next to|everywhere)\b/i.test(s) || amountOf.test(`${s} `)) return Option.none()
  if (sentenceWords.test(s) || peopleWords.test(s)) return Option.none()
  return Option.some(s)
}

/** Is this a pronoun for the thing under discussion ("it", "this one")? */
export const isPronoun = (raw: string): boolean => pronoun.test(clean(normalise(raw)).replace(/^(?:and|so|ok)\s+/i, ""))

/** "the bed and the wardrobe", "desk, lamp & chair" → each item; none when any part is not an item. */
export const itemList = (raw: string): Option.Option<ReadonlyArray<string>> => {
  const parts = clean(normalise(raw)).split(/\s*(?:,|\band\b|&|\bplus\b|\bas well as\b)\s*/i).filter((p) => p.trim().length > 0)
  const items = Arr.filterMap(parts, itemName)
  return items.length > 0 && items.length === parts.length ? Option.some(items) : Option.none()
}

// ---------------------------------------------------------------------------
// Places and the space's function
// ---------------------------------------------------------------------------

const preposition = String.raw`(?:on|in|into|onto|under|inside|at|by|next to|behind|on top of|back (?:in|on|into|to|under)|to)`
const placeVerb = String.raw`(?:put|move|goes|go|place|belongs|lives|hang|store|stick|pop|shove|file|keep)`

/**
 * A verb that says where a thing goes. The ones that are also nouns ("a usb
 * stick", "a file", "the place") only count at the start of an instruction
 * ("stick it in the drawer"); "goes", "belongs" and "lives" count anywhere
 * ("the mug goes in the cupboard").
 */
const instruction = String.raw`^(?:(?:ok(?:ay)?|yeah|yes|so|just|and|then|right|i'?ll|i will|let'?s|we'?ll|i'?m going to|gonna|can you|please)[,]?\s+)*`
const placing = String.raw`(?:${instruction}(?:put|move|place|hang|store|stick|pop|shove|file|keep)\b|\b(?:goes|go|belongs?|lives?)\b)`

/** "put the jeans in the wardrobe" → "in the wardrobe"; the preposition is kept so a reply never guesses it. */
export const placeIn = (said: string): Option.Option<string> => {
  const m = new RegExp(String.raw`${placing}.*?\b(${preposition})\s+(.+)$`, "i").exec(normalise(said))
  if (m === null || m[1] === undefined || m[2] === undefined) return Option.none()
  const where = clean(m[2].replace(trailingHedge, ""))
  if (where.length === 0 || where.split(/\s+/).length > 5 || peopleWords.test(where) || /^(?:it|them|there)$/i.test(where)) return Option.none()
  const prep = m[1].toLowerCase().replace(/^back to$/, "back in").replace(/^to$/, "in")
  return Option.some(`${prep} ${where}`)
}

/** "put the jeans in the wardrobe" → "jeans"; "put it in the drawer" → none (the pronoun is resolved by the caller). */
export const placedThing = (said: string): Option.Option<string> => {
  const m = new RegExp(String.raw`${instruction}(?:${placeVerb})\s+(.+?)\s+(?:back\s+)?${preposition}\b`, "i").exec(clean(normalise(said)))
  return m?.[1] === undefined ? Option.none() : itemName(m[1])
}

/** -ing form of a verb phrase's first word: "sleep" → "sleeping", "get dressed" → "getting dressed". */
const gerund = (phrase: string): string => {
  const [first = "", ...rest] = phrase.split(" ")
  const w = first.toLowerCase()
  const ing = w.endsWith("ing") ? w
    : w.endsWith("ie") ? `${w.slice(0, -2)}ying`
    : /[^aeiou]e$/.test(w) && w !== "be" ? `${w.slice(0, -1)}ing`
    : /^[^aeiou]*[aeiou][bdgmnprt]$/.test(w) && w.length <= 4 ? `${w}${w.slice(-1)}ing`
    : `${w}ing`
  return [ing, ...rest].join(" ")
}

const roomWords =
  /\b(?:room|bedroom|office|study|kitchen|lounge|living room|sitting room|garage|attic|loft|basement|cellar|hallway|hall|closet|wardrobe|den|nursery|spare room|box room|workshop|studio|flat|apartment|bathroom|dining room|playroom|utility room|shed|desk|house|home)$/i

/** Is the function a room ("bedroom", "home office") rather than an activity ("sleeping")? */
export const isRoom = (fn: string): boolean => roomWords.test(fn)

/**
 * What the space is for, as a short phrase: "it's for sleeping" → "sleeping",
 * "I need to sleep here" → "sleeping", "my bedroom, it is a disaster" →
 * "bedroom". None for anything that is not a short phrase.
 */
export const spaceFunctionIn = (raw: string, bare: boolean): Option.Option<string> => {
  const said = clean(normalise(raw))
  const first = clean(said.split(/\s*(?:,|;|\.\s|\.\.\.|\s-\s|\s–\s|\s—\s|\bbut\b)\s*/i)[0] ?? "")
  const short = (s: string) => {
    const t = clean(s.replace(/^(?:(?:um+|uh+|erm+|er|hmm+|oh|well|so|ok(?:ay)?|like|honestly|idk|dunno|ugh+)[,.]?\s+)+/i, "").replace(/^(?:my|our|the|a|an|his|her|their)\s+/i, "").replace(/\s+(?:here|in here|in it|there|in there|mostly|really|please)$/i, ""))
    return t.length > 0 && t.split(/\s+/).length <= 5 && !peopleWords.test(t) && !/\b(?:i|we|you|is|are|was|don'?t|know|not|everything|anything|mess|disaster)\b/i.test(t)
      ? Option.some(t)
      : Option.none()
  }
  for (const clause of [first, said]) {
    const forIt = /\b(?:it'?s|it is|this is|that'?s|that is|room is|space is|used|use it|is)\s+for\s+(.+)$/i.exec(clause)?.[1]
    if (forIt !== undefined) return short(/^(?:to\s+)/i.test(forIt) ? gerund(forIt.replace(/^to\s+/i, "")) : forIt)
    const need = /\b(?:i|we) (?:need|want|have|use it|like|'d like|would like) to\s+(.+?)$/i.exec(clause)?.[1]
    if (need !== undefined) return short(gerund(clean(need.replace(/\s+(?:here|in here|there|in it)$/i, ""))))
    const mine = /^(?:it'?s|it is|this is|that'?s|that is)\s+(?:my|our|the|a|an)\s+(.+)$/i.exec(clause)?.[1]
    if (mine !== undefined && isRoom(clean(mine))) return short(mine)
  }
  // "my bedroom, it is a disaster" or a bare answer ("home office").
  if (bare) {
    const s = first.replace(/^(?:it'?s|it is|this is|that'?s)\s+/i, "")
    return /^(?:i|we|you|it|there|no|not|nothing|dunno|don'?t)\b/i.test(s) ? Option.none() : short(s)
  }
  return Option.none()
}

/** A part that starts as its own thing ("the plate", "my guitar"), not the rest of one ("pepper shakers"). */
const ownThing = /^(?:an?|the|some|my|this|that|these|those|his|her|our|their|another|there'?s|there (?:is|are)|\p{L}+'s)\s/iu

/**
 * Several things named while sorting: "the mug and the plate", "books,
 * cables and cups", or a narrative — "there's a pile of clothes on the
 * chair, books everywhere and my old guitar in the corner" → clothes, books,
 * old guitar. Commas always separate; "and" separates when the part after it
 * starts as its own thing or either side says where a thing lies, so "salt
 * and pepper shakers" stays one thing. Each part must be a thing by
 * `itemName`; parts that are not ("I need it gone", "ok") are left out, never
 * made into items. None for fewer than two things.
 */
export const namedParts = (raw: string): Option.Option<Arr.NonEmptyReadonlyArray<{ readonly part: string; readonly name: string }>> => {
  const said = clean(normalise(raw))
  const clauses = said.split(/\s*(?:,|;)\s*/).filter((p) => p.trim().length > 0)
  const listed = clauses.length > 1
  const parts = clauses.flatMap((clause) => {
    const pieces = clause.split(/\s+(?:and|&|plus|as well as)\s+/i)
    // Join the pieces that are the rest of one thing back to the one before them.
    return pieces.reduce<Array<string>>((acc, piece) => {
      const before = acc[acc.length - 1]
      const separate = before === undefined || listed || ownThing.test(piece) || whereItLies.test(before) || whereItLies.test(piece)
      return separate ? [...acc, piece] : [...acc.slice(0, -1), `${before} and ${piece}`]
    }, [])
  })
  if (parts.length < 2) return Option.none()
  const found = Arr.filterMap(parts, (part) => (isContinue(part) || isStop(part) || isPronoun(part) ? Option.none() : Option.map(itemName(part), (name) => ({ part, name }))))
  const things = Arr.dedupeWith(found, (a, b) => a.name.toLowerCase() === b.name.toLowerCase())
  return Arr.isNonEmptyReadonlyArray(things) && things.length >= 2 ? Option.some(things) : Option.none()
}

/** Several things named, as names: "books, cables and cups" → books, cables, cups. */
export const namedThings = (raw: string): Option.Option<Arr.NonEmptyReadonlyArray<string>> =>
  Option.map(namedParts(raw), Arr.map((t) => t.name))
