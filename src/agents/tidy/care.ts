/**
 * ORIENT, offline: how the user sounds — grief, anxiety, shame, "I can't",
 * overwhelm, tiredness, refusal — read by rule, before any model is asked.
 *
 * The tidy coach is for someone overwhelmed, often anxious or grieving, so
 * these rules run first on every message (with or without a model) and decide
 * routing on their own: distress is never answered with a card about the item.
 * Feelings are read from first-person phrasing ("I'm so tired", "it makes me
 * sad"), so item names that happen to contain such words ("a stress ball",
 * "the anxiety workbook", "a shattered vase") do not raise false alarms.
 * Scored on a written corpus in `npm run bench` (bench/tidy-care.mjs).
 */
import { Option } from "effect"
import type { Feeling } from "../../domain/tidy/extract.js"

export interface Care {
  readonly feeling: Option.Option<Feeling>
  /** The thing the feeling is about, as the user put it ("my dad's watch"), when they named one. */
  readonly subject: Option.Option<string>
}

const I = String.raw`(?:i'?m|i am|im|i feel|i'?m feeling|feeling|i get|i got|i'?ve been|i keep getting)`
const very = String.raw`(?:so |such |really |very |pretty |a bit |a little |kind of |kinda |quite |too |just |completely |totally |utterly |absolutely )*`

/** Faces and hearts that say sad or scared without words: 😢 😭 💔 🥺 😿 😥 😞 😔 🥹 / 😰 😨 😱 😟. */
const sadEmoji = /[\u{1F622}\u{1F62D}\u{1F494}\u{1F97A}\u{1F63F}\u{1F625}\u{1F61E}\u{1F614}\u{1F979}]/u
const scaredEmoji = /[\u{1F630}\u{1F628}\u{1F631}\u{1F61F}]/u
const emoji = /\s*[\p{Extended_Pictographic}\u{FE0F}\u{200D}]+\s*/gu

const patterns: ReadonlyArray<readonly [Feeling, ReadonlyArray<RegExp>]> = [
  ["refusal", [
    /^(?:no|nope|nah|no no)[.!]*$/,
    /^(?:no|nope|nah)\b[ ,.!]*(?:thanks|thank you|please|not (?:now|yet|today|tonight|right now)|later|i (?:don'?t|do not) want|i'?d rather not|let'?s not|i'?m not ready|stop asking|leave it)/,
    /^(?:not now|not yet|not today|not tonight|not right now|maybe later|later|another time|some other time|i'?d rather not|rather not|let'?s not|please don'?t(?! judge)|don'?t make me|skip (?:it|this|that)|pass)\b/,
    /\b(?:i (?:really |just |honestly |even )?(?:don'?t|do not) want to|i'?m not ready to|i'?m not ready for|can we (?:not|skip|leave)|leave (?:it|that|this) for (?:now|later|another day)|not (?:doing|touching) (?:that|this|it)(?: now| today)?)\b/
  ]],
  ["grief", [
    sadEmoji,
    /\b(?:passed away|passed on|died|dying|death|funeral|grie(?:f|ving|ve)|bereave\w*|mourning|lost my|since (?:he|she|they|my \w+) (?:left|went|died))\b/,
    /\b(?:my late (?:husband|wife|mum|mom|mother|dad|father|gran\w*|nan\w*|son|daughter|brother|sister|partner|friend|aunt|uncle)|belonged to my|was my (?:dad|mum|mom|mother|father|gran|grandma|grandad|grandpa|nan|nana|granny|husband|wife|partner|brother|sister|son|daughter|friend|aunt|uncle|baby)'?s?|was (?:his|hers|theirs))\b/,
    /\b(?:i miss (?:him|her|them|my)|misses? (?:him|her)|reminds me of (?:him|her|them|my|when)|memories of (?:him|her|them|my)|from (?:before )?(?:he|she) (?:died|passed|left))\b/,
    new RegExp(String.raw`\b(?:makes? me|is making me|making me)\s+${very}(?:sad|cry|want to cry|tear up|upset|miss)\b`),
    new RegExp(String.raw`\b${I}\s+${very}(?:sad|heartbroken|upset|teary|tearful|emotional|crying|gutted)\b`),
    /\b(?:i'?m crying|i (?:just )?started crying|tears|breaks my heart|heartbreaking|too painful|hurts too much)\b/,
    // Said without "died" or "my": "these were nan's", "she knitted this before she passed".
    /\b(?:was|were|used to be) (?:my |our )?(?:dad|mum|mom|mother|father|gran|grandma|grandad|grandpa|granny|nan|nana|nanna|husband|wife|partner|brother|sister|son|daughter|aunt|auntie|uncle)'s\b/,
    /\b(?:he|she|they|mum|mom|dad|nan|nana|gran|granny|grandma|grandad|grandpa) (?:has |had |just )?passed(?:\s+(?:away|on|last|in|this|recently|before|when|and)\b|[\s.,!]*$)/
  ]],
  ["anxiety", [
    scaredEmoji,
    new RegExp(String.raw`\b${I}\s+${very}(?:anxious|nervous|scared|afraid|frightened|panick?(?:y|ing|ed)?|worried|stressed(?: out)?|on edge|tense|uneasy|jittery|freaked out|freaking out|sick about)\b`),
    new RegExp(String.raw`\b(?:makes? me|is making me|making me|gives me|giving me)\s+${very}(?:anxious|nervous|scared|panic\w*|worried|stressed|sick|anxiety|the creeps|feel sick|feel (?:anxious|bad|awful))\b`),
    /\b(?:my anxiety|anxiety is|having (?:a )?panic|panic attack|heart is (?:racing|pounding)|can'?t breathe|stresses me|scares me|worries me|worry me|freaks? me out|i'?m dreading|i dread|fills me with dread)\b/,
    /^(?:anxious|nervous|scared|panicking|stressed|worried)\b/,
    // The body saying it: "my chest is tight", "my stomach is in knots".
    /\b(?:chest (?:is |feels |gets |goes |is getting )?(?:so |really |all |a bit )?tight|tight chest|tightness in my chest|stomach (?:is |feels )?(?:in |all in )?(?:knots|a knot)|knots? in my stomach|lump in my throat|my hands are shaking|i'?m shaking|can'?t stop shaking|feel(?:ing)? (?:sick|faint|dizzy|shaky)|heart (?:is )?(?:racing|pounding))\b/
  ]],
  ["shame", [
    new RegExp(String.raw`\b${I}\s+${very}(?:ashamed|embarrassed|humiliated|disgusted with myself|useless|pathetic|hopeless|a failure|like a failure|disgusting|gross|lazy|a slob|a mess)\b`),
    /\b(?:so embarrassing|how embarrassing|it'?s embarrassing|this is embarrassing|shameful|the shame|what'?s wrong with me|hate myself|i'?m the worst|should have done this (?:ages|years|months) ago|let it get (?:this|so) bad|let it get like this|never should have let|don'?t judge me|please don'?t judge|judge me)\b/,
    /\b(?:it|this|the room|my room|the place|my place|my flat|my house|the house|everything)\s+(?:is|looks like|'s)\s+(?:a |an |such a |an absolute |a total |a complete )?(?:disaster|pigsty|tip|dump|state|disgrace|bomb site|nightmare)\b/,
    /\b(?:it'?s|it is|this is)\s+(?:so |such a |a )?(?:disgusting|gross|disaster|pigsty|tip|disgrace|bomb site)\b/
  ]],
  ["overwhelm", [
    /\b(?:overwhelm\w*|too much(?! for me)|way too much|so much stuff|so much mess|so much (?:of it|everywhere)|everything is everywhere|stuff everywhere|it'?s everywhere|buried|drowning|swamped|snowed under|out of control|chaos|chaotic|all over the place)\b/,
    /\b(?:(?:don'?t|do not) know where to (?:start|begin)|no idea where to (?:start|begin)|where do i (?:even )?(?:start|begin)|can'?t see the floor|can'?t even see|can'?t (?:even )?(?:walk|move) in here|can'?t find anything|it'?s (?:all )?(?:a )?(?:huge|massive|big) (?:mess|pile)|too many things|it never ends|endless)\b/,
    new RegExp(String.raw`\b${I}\s+${very}(?:lost|paralysed|paralyzed|frozen|stuck in it)\b`)
  ]],
  ["tired", [
    new RegExp(String.raw`\b(?:${I}|so|getting|really|too)\s+${very}(?:tired|exhausted|worn out|knackered|sleepy|drained|wiped(?: out)?|shattered|beat|done in|fried|spent|burnt out|burned out|flagging|fading|run down|zonked|pooped|weary)\b`),
    /\b(?:no energy|out of energy|low energy|zero energy|energy is gone|need a (?:break|rest|nap|breather|sit down|sit-down|cup of tea)|running out of (?:steam|energy)|can'?t keep (?:my eyes open|going)|my (?:back|feet|legs|arms|head|knees) (?:hurts?|aches?|is killing me|are killing me)|running on empty|i'?m flagging|i'?m fading|i'?ve had enough for|could sleep)\b/,
    /^(?:so |really |very )?(?:tired|exhausted|knackered|sleepy|shattered|yawn|zzz)(?:$|[\s]*[,.!…]|\s+(?:now|already|and|but|today|tonight)\b)/
  ]],
  ["cant", [
    /\bi (?:just |really |honestly |simply )?(?:can'?t|cannot|can not)(?:\s+(?:do (?:this|it|that)|look at (?:it|this|that|them)|face (?:it|this|that|them)|deal with (?:it|this|that|them)|handle (?:it|this|that)|bear (?:it|to)|cope|bring myself|part with|let (?:it|this|that|them) go|touch (?:it|this|that|them)|even|anymore|any more|right now|today)\b|[\s.!,]*(?:sorry|ok|okay|not now)?[\s.!,]*$)/,
    /\b(?:too hard|too difficult|too much for me|i won'?t be able to|don'?t make me (?:look|decide))\b/
  ]]
]

/** A feeling's subject: the thing named before ", I …" or "… makes me …". */
const subjectPatterns: ReadonlyArray<RegExp> = [
  /^(.+?)\s*(?:,|\.\.\.|…|-|—)\s*(?:and\s+)?(?:i|it|that|this|he|she|they|we)\b/,
  // No comma: "my grandad's pipe he died last year", "my dad's watch i can't look at it".
  /^(.+?)\s+(?:i|he|she|they|we)\s+(?:\w+\s+)?(?:died|passed|left|was|were|gave|made|knitted|loved|used|bought|had|can'?t|cannot|couldn'?t|miss|don'?t)\b/,
  /^(.+?)\s+(?:makes? me|is making me|gives me|stresses me|scares me|worries me|reminds me|breaks my heart|was (?:my|his|her))\b/,
  /\b(?:look at|face|deal with|touch|part with|about|of)\s+(.+)$/
]

const normalise = (text: string): string =>
  text.toLowerCase().replace(/[\u2018\u2019`]/g, "'").replace(/\s+/g, " ").trim()

/** Phrases that cannot be a thing: pronouns, people, feelings. */
const notAThing = /^(?:i|i'?m|we|you|he|she|they|it|its|it'?s|this|that|these|those|them|him|her|me|everything|anything|something|nothing|all|all of it|any of it|the room|this room|the mess|my room|here|there|now|today|myself|so much|too much)$/

const subjectOf = (said: string): Option.Option<string> => {
  // An emoji separates like a comma ("my grandad's pipe 😢 he died"), and the words before one are a candidate too.
  const text = said.replace(emoji, ", ").replace(/^[, ]+|[, ]+$/g, "")
  const beforeEmoji = said.split(emoji)
  const candidates = [
    ...subjectPatterns.map((p) => p.exec(text)?.[1]),
    beforeEmoji.length > 1 ? beforeEmoji[0] : undefined
  ]
  for (const found of candidates) {
    if (found === undefined) continue
    const s = found.replace(/^(?:and|but|so|oh|well|um+|uh+|ok(?:ay)?|honestly)\s+/, "").replace(/[.!?,;:]+$/, "").trim()
    const words = s.split(/\s+/)
    if (s.length === 0 || words.length > 6 || notAThing.test(s)) continue
    // "this was my dad's" names no thing; a sentence about people or plans is no thing either.
    if (/^(?:i|we|you|he|she|they|it|this|that|there)\b/.test(s)) continue
    if (/\b(?:is|are|was|were|am|feel|felt|can'?t|cannot|don'?t|want|need|have|had|makes?|made)\b/.test(s)) continue
    return Option.some(s)
  }
  return Option.none()
}

/**
 * A message that is only a thing ("a book about grief", "a chaos card
 * game"): it starts like a noun phrase and has no person or verb in it.
 */
const onlyAThing = (said: string): boolean =>
  /^(?:a|an|the|some|my|his|her|our|their|this|that|these|those|one|two|three|old)\s/.test(said) &&
  !sadEmoji.test(said) && !scaredEmoji.test(said) &&
  !/\b(?:i|i'?m|im|me|myself|is|are|was|were|makes?|made|gives?|reminds?|died|passed|lost|belonged|hurts?|aches?|can'?t|cannot|feel|felt|everywhere|too)\b/.test(said) &&
  !/^my late (?:husband|wife|mum|mom|mother|dad|father|gran\w*|nan\w*|son|daughter|brother|sister|partner|friend|aunt|uncle)\b/.test(said)

/** How a message sounds, and what about. A message with no feeling has no subject either. */
export const readCare = (text: string): Care => {
  const said = normalise(text)
  if (onlyAThing(said)) return { feeling: Option.none(), subject: Option.none() }
  for (const [feeling, ps] of patterns) {
    if (ps.some((p) => p.test(said))) {
      return { feeling: Option.some(feeling), subject: feeling === "refusal" ? Option.none() : subjectOf(said) }
    }
  }
  return { feeling: Option.none(), subject: Option.none() }
}
