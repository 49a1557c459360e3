/**
 * What a reply typed at a disposition card means — pure, so every UI that
 * takes typed replies (terminal keys, a pipe, a chat box) reads them alike.
 *
 * Where it sits: under the terminal renderer (and any host that wants it).
 * A card takes its number, its label, and the user's own words for a choice
 * ("bin", "chuck it", "charity shop", "give it to my sister" = out; "keep",
 * "put it in the drawer" = keep, in the drawer); "skip", "not now", "later"
 * skip it. Anything else — "stop", "help", "I can't", a new item — is not an
 * answer: the card is left unanswered (skipped) and the words are handed back
 * as the user's next message, never discarded and never applied to a card.
 */
import { Option } from "effect"
import type { DispositionChoice, ItemDisposition } from "../../domain/question.js"
import { parseOptionReply } from "./internal/terminal-replies.js"

export type CardReply =
  /** The user chose: one of the card's choices, or their own words for one. */
  | { readonly _tag: "Chose"; readonly disposition: ItemDisposition; readonly label: string }
  /** "skip", "not now": leave this one for later. */
  | { readonly _tag: "Skip" }
  /** Not an answer: the user's next message. */
  | { readonly _tag: "Message"; readonly text: string }
  /** Nothing usable ("", "7"): ask again. */
  | { readonly _tag: "Again" }

const skipWords = /^(?:skip|skip it|skip this|next|pass|not now|not yet|later|maybe later|leave it|leave it for now|come back to it|s)[.!]*$/i
const outWords =
  /^(?:(?:trash|bin|bin it|lob it|lob|in the bin|binned|rubbish|garbage|junk|toss|toss it|chuck|chuck it|chuck it out|ditch it|dump it|throw|throw it|throw it away|throw it out|throw away|throw out|out|it can go|can go|let it go|get rid|get rid of it|recycle|recycle it|recycling|donate|donate it|charity|charity shop|to charity|goodwill|oxfam|thrift store|thrift shop|op shop|the tip|freecycle|give it away|give away|sell|sell it|gone|goodbye)|(?:give|take|send|pass) (?:it|them|this|that) (?:to|away)\b.*|(?:donate|recycle|sell) (?:it|them|this|that)\b.*|(?:it|that|this|they|them) can go\b.*|can go to\b.*|(?:take it to|drop it at) (?:the )?(?:charity|tip|dump|recycling|goodwill|oxfam|thrift)\b.*)[.!]*$/i
const keepWords = /^(?:(?:i'?ll |i will )?(?:keep|keep it|keep them|keeper|keeping it|stays|it stays|stay|staying|hang on to it|hold on to it|yes keep)|mine)[.!]*$/i
const unsureWords = /^(?:not sure|unsure|dunno|don'?t know|i don'?t know|maybe|no idea|undecided|\?)[.!]*$/i
const placePattern =
  /^(?:(?:put|move|place|pop|stick|store|hang|file|keep) (?:it|them|this|that)?\s*)?((?:back )?(?:on|in|into|onto|under|inside|at|by|next to|behind|on top of) .+)$/i

const tidyText = (reply: string): string => reply.replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, " ").trim()

/** Words around a choice that change nothing: "yeah bin it", "bin it please", "ok keep it then". */
const around = /^(?:(?:yeah|yes|yep|yup|ok|okay|oh|um+|erm|right|sure|just|fine|hmm+)[,.!]?\s+)+|(?:[,.!]?\s+(?:please|pls|then|now|thanks|thank you|too|i think|i guess|probably|i suppose|both|both of them|all of them|them all|the lot))+[.!]*$/gi

/** The choice on the card that means `disposition`, for its label. */
const labelFor = (choices: ReadonlyArray<DispositionChoice>, disposition: ItemDisposition, fallback: string): string =>
  choices.find((c) => c.disposition._tag === disposition._tag)?.label ?? fallback

export const readCardReply = (reply: string, choices: ReadonlyArray<DispositionChoice>): CardReply => {
  const text = tidyText(reply)
  if (text === "") return { _tag: "Again" }
  const picked = Option.flatMap(parseOptionReply(text, choices.map((c) => ({ label: c.label }))), (i) => Option.fromNullable(choices[i]))
  if (Option.isSome(picked)) return { _tag: "Chose", disposition: picked.value.disposition, label: picked.value.label }
  if (/^\d+$/.test(text)) return { _tag: "Again" }
  if (skipWords.test(text)) return { _tag: "Skip" }
  const words = text.toLowerCase().replace(around, "").trim()
  if (outWords.test(words)) return { _tag: "Chose", disposition: { _tag: "Trash" }, label: labelFor(choices, { _tag: "Trash" }, "Out") }
  if (unsureWords.test(words)) return { _tag: "Chose", disposition: { _tag: "Unsure" }, label: labelFor(choices, { _tag: "Unsure" }, "Not sure") }
  if (keepWords.test(words)) return { _tag: "Chose", disposition: { _tag: "Keep" }, label: labelFor(choices, { _tag: "Keep" }, "Keep") }
  const place = placePattern.exec(text)?.[1]?.replace(/[.!]+$/, "").trim()
  if (place !== undefined && place.split(/\s+/).length <= 6 && !/\b(?:i|me|my (?:brother|sister|mum|mom|dad))\b/i.test(place)) {
    return { _tag: "Chose", disposition: { _tag: "PlaceAt", location: place }, label: place }
  }
  return { _tag: "Message", text }
}
