/**
 * Reading what people write about a meal — "For lunch I enjoyed a tasty
 * 200g chicken sandwich and a 250g glass of milk" — into the terse pieces
 * the item parser reads ("200g chicken sandwich", "250g milk"). Sentences
 * are split, the lead-in before the food ("I enjoyed", "my dinner consisted
 * of") and trailing remarks ("for a sweet finish") dropped, praise words
 * stripped (english.ts), items split at commas and joining words, while a
 * composite dish ("a beef, bean and cheese burrito") stays whole. An amount
 * said after its food ("a bottle of water, 12 fl oz") is moved onto it.
 * Pure and total.
 */
import { commonFoodFor } from "./common-foods.js"
import { mixedDishBase } from "./dishes.js"
import { fillerWords, remarkWords, structuralWords } from "./english.js"
import { readSentences } from "../text/index.js"

const massOrVolume = String.raw`(?:\d+(?:[.,]\d+)?|\d+\s*\/\s*\d+)[\s-]*(?:g|gr|grams?|grammes?|kg|mg|ml|millilit(?:re|er)s?|l|litres?|liters?|oz|ounces?|lbs?|pounds?|fl\.?\s?oz|fluid ounces?)\b`
const containers = "(?:serving|portion|helping|can|bottle|glass|cup|bowl|plate|mug|bag|packet|piece|slice|scoop|order|container|carton)"
/** Words that join two foods: never part of the words between an article and its amount ("a biscuit alongside 244g of milk"). */
const joinWord = String.raw`(?:alongside|along|with|and|paired|plus|accompanied|complemented|followed|served|washed|then|also)\b`
const articleBeforeAmount = new RegExp(String.raw`\b(?:a|an|one)\s+((?:(?!${joinWord})[a-z-]+\s+){0,3}?)(?=${massOrVolume})`, "gi")

/** "a 300g pepperoni pizza" is 300 g of pepperoni pizza, not one pizza; praise before the amount moves after it. */
const amountFirst = (text: string) =>
  text.replace(articleBeforeAmount, (_m, between: string) => {
    const kept = between.trim().split(/\s+/).filter((w) => w.length > 0 && !fillerWords.has(w.toLowerCase()))
    return kept.length === 0 ? "" : `\u0000${kept.join(" ")}\u0000 `
  })
    // An adjective kept from before the amount goes after it: "crunchy 28g popcorn" → "28g crunchy popcorn".
    .replace(new RegExp(String.raw`\u0000([^\u0000]*)\u0000\s*(${massOrVolume})(?:\s+${containers}s?)?(\s+of)?`, "gi"), (_m, adj: string, amount: string) => `${amount} ${adj}`)
    .replace(/\u0000/g, "")

/** After an amount, the container or serving word adds nothing: "28g serving of popcorn", "355ml can of cola". */
const containerAfterAmount = new RegExp(String.raw`(${massOrVolume})\s+${containers}s?(?:\s+of)?\s+`, "gi")

/** "drink", "eat", "have", "enjoy" are verbs only after a subject or "to" ("I drink", "to eat"): "a sports drink" is a food. */
const asVerb = String.raw`(?<=(?:^|\b(?:i|we|you|they|he|she|to|and|then|also|just|would|could|did|do|usually|always|often)\s+))`
const leadIn = new RegExp(String.raw`^(?:[^\d]*?\b)?(?:(?:i|we)\s+(?:[a-z]+ly\s+)?(?:opened|prepared|brewed|poured(?:\s+myself)?|heated(?:\s+up)?|cooked(?:\s+up)?|baked|made|microwaved|toasted|unwrapped|ordered|picked)\s+|(?:(?:i|we|he|she|they)\s+)?(?:also\s+|just\s+|then\s+|finally\s+|quickly\s+|happily\s+)?(?:decided\s+to\s+(?:have\s+|grab\s+|enjoy\s+|try\s+)?|went\s+to\s+)?(?:treat(?:ed)?\s+(?:myself|me|ourselves)\s+to|indulge\s+in|enjoying|savou?ring|sipping(?:\s+on)?|having|eating|drinking|munching\s+on|complemented(?:\s+[a-z]+ly)?\s+by|paired(?:\s+[a-z]+ly)?\s+with|accompanied\s+by|along\s+with|alongside|together\s+with|followed\s+by|served\s+with|topped\s+(?:off\s+)?with|had|${asVerb}have|ate|${asVerb}eat|enjoyed|${asVerb}enjoy|savou?red|relished|indulged\s+in|treated\s+(?:myself|me|ourselves)\s+to|reached\s+for|grabbed|picked\s+up|munched\s+on|snacked\s+on|nibbled\s+on|sipped(?:\s+on)?|drank|${asVerb}drink|consumed|devoured|went\s+for|opted\s+for|chose|decided\s+on|made\s+myself|whipped\s+up|fixed\s+myself|included|includes|consisted\s+of|consists\s+of|featured|features|comprised(?:\s+of)?|was|were|is|started\s+(?:my\s+day\s+|the\s+day\s+|off\s+)?with|kicked\s+off\s+(?:my\s+day\s+|the\s+day\s+)?with|fuell?ed\s+up\s+with|tried|got|ordered|bought|finished\s+(?:off\s+)?with|rounded\s+(?:it\s+)?off\s+with|went\s+with|settled\s+(?:for|on)))\b\s*`, "i")

/**
 * A relative clause after the food ("a chicken breast that was marinated overnight", "a pizza which I shared"):
 * it describes the food before it and is cut before any lead-in is read, so "was" inside it never eats the food.
 */
const relativeClause = /\s*,?\s+(?:that|which|who)\s+(?:was|were|is|are|had|has|have|came|comes|added|made|offered|gave|provided|tasted|looked|felt|i|we|my|really|just|perfectly|truly)\b.*$/i
const cutRelative = (chunk: string) => chunk.replace(relativeClause, "")

/**
 * "I warmed up a bowl of soup", "I cracked open a can of beer", "blended up a cup of smoothie": a verb of
 * preparing or eating (with "I" before it, or a past participle with a particle) before the article of the food.
 */
const anyLeadVerb = /^(?:(?:(?!(?:a|an|one|the|some|my)\b)[a-z',]+\s+){0,4}?(?:i|we)\s+(?:[a-z']+\s+){1,3}?|[a-z]{3,}ed\s+(?:up|on|open|in|into|out|down|off|through)\s+|[a-z]{3,}ed\s+(?=(?:a|an|one|some|my|two|three|half)\s))(?=(?:a|an|one|some|the|my|two|three|four|half|several|\d)\b)/i

/** An amount in parentheses after a food ("a bottle of water (16.9 fl oz)"): said after the food, as with "weighing". */
const parenthesisedAmount = new RegExp(String.raw`\s*\(\s*(?:about\s+|approx\.?\s+)?(${massOrVolume})\s*\)`, "gi")

/** "a juice box filled with apple juice", "a bowl packed with berries": the container's contents, as "a juice box of apple juice". */
const containerFilled = /\b((?:juice\s+)?(?:box|container|pouch|bottle|cup|glass|bowl|bag|jar|can|carton|mug|packet|tub))\s+(?:filled|packed|loaded|full|brimming)\s+(?:with|of)\s+/gi

/** A filling a dish is loaded or packed with ("a burrito packed with meat, beans and rice"): its contents, not a remark. */
const fillingWord = String.raw`(?:(?:assorted |various |extra |ground |shredded |seasoned )?(?:meats?|beef|chicken|pork|beans|cheese|eggs?|rice|vegetables|veggies|lettuce|tomato(?:es)?|sausage|bacon|ham|turkey|fish|shrimp|potato(?:es)?|steak|tuna|salsa|guacamole|sour cream|chorizo|pepperoni)\b)`
/** Where a trailing remark begins: "… cream to make it just right", "… milk for a sweet touch". */
const trailingRemark = new RegExp(String.raw`\s+(?:(?:rich|high|low|packed|full|loaded|bursting)\s+(?:in|of|with)\s+(?!fat\b)(?!${fillingWord})|(?:this|that|last|yesterday)\s+(?:morning|afternoon|evening|night)\b|today\b|tonight\b|for\s+(?:a|an|some|my|the|extra|added|dipping|dessert|energy)\b|for\s+[a-z]+ing\b|for\s+(?:extra\s+|added\s+)?(?:[a-z]+ness|flavou?r|crunch|texture|taste|colou?r|protein|fib(?:er|re)|energy|sweetening)\b|to\s+[a-z]+\b|from\s+(?:my|our|a|an|the|scratch|home)\b|during\s|like\s|brimming\s|bursting\s|packed\s+with\b(?!\s+${fillingWord})|loaded\s+with\s+(?:flavou?r|goodness)\b|that\s|which\s|who\s|because\s|since\s|while\s|giving\s|keeping\s|making\s|leaving\s|perfect\s+for\b|just\s+(?:right|the|perfect|enough)\b|as\s+(?:a|an|my|the)\s|as\s+well\b|(?:with\s+no|without(?:\s+any)?)\s+(?:added\s+)?(?:fat|oil|salt|butter|sugar)\b|before\s|after\s|when\s|on\s+the\s+side\b).*$`, "i")

/**
 * ", complete with cheese, lettuce and tomato": what the food before comes with, counted in it (its record or its
 * typical parts), up to the next joining word. So are bare examples of it: "mixed vegetables, including carrots and
 * peas", "stir-fried vegetables such as broccoli" ("including a bagel", with an article, names a food of its own).
 */
const completeWith = /,?\s+(?:complete\s+with|(?:including|such\s+as)(?!\s+(?:a|an|one|two|three|some|the|my|\d)\b))\s+.*?(?=,?\s+(?:accompanied|alongside|along|paired|complemented|washed|followed|served|plus|and\s+(?:a|an|one|i|then)\b)|$)/gi

/** Joining words that always begin a new item. */
const joiners = /\s*(?:(?<!\d),(?!\d)|;|\s(?:paired(?:\s+[a-z]+ly)?\s+with|along\s+with|alongside|accompanied\s+by|complemented(?:\s+[a-z]+ly)?\s+by|together\s+with|followed\s+by|washed\s+(?:it\s+)?down\s+with|as\s+well\s+as|with\s+a\s+side\s+of|with\s+sides?\s+of|and\s+a\s+side\s+of|and\s+then|served\s+with|topped\s+(?:off\s+)?with|plus|also)\s)\s*/i

/** What starts an item of its own: an amount, an article, a number word. */
const itemStart = String.raw`(?:\d|[½¼¾⅓⅔]|an?\s|the\s|some\s|another\s|one\b|two\b|three\b|four\b|five\b|six\b|half\s+(?!and\b)|several\b|my\s|a\s+couple\b|a\s+few\b)`
/** "2 eggs and toast", "a bagel with cream cheese": after a counted item, "and"/"with" starts the next food unless a dish follows. */
const countLed = /^(?:\d+(?:[.,]\d+)?(?!\s*(?:g|gr|grams?|kg|mg|ml|l|oz|ounces?|lbs?|fl)\b)|an?\b|one|two|three|four|five|six|half)\s/i
const countSplit = (chunk: string): ReadonlyArray<string> => {
  if (!countLed.test(chunk) || oneFood.test(chunk)) return [chunk]
  const m = /^(.+?)\s+(?:and|with|&|\+)\s+(.+)$/i.exec(chunk)
  if (m === null || dishNouns.test(m[2] ?? "") || /(?:ed|made)$/i.test(m[1] ?? "") || filledDish(m[1] ?? "", m[2] ?? "")) return [chunk]
  return [m[1] ?? "", ...countSplit(m[2] ?? "").map((added) => inDrink(m[1] ?? "", added))]
}

/**
 * Dishes made around a filling: "a burrito with meat and beans" is one burrito, not a burrito plus meat; "a cup of pasta
 * with tomato sauce and meat" is a cup of the mixed dish, not a cup of pasta plus the sauce and the meat.
 */
const filledDishes = new RegExp(String.raw`\b(?:${mixedDishBase}|nachos|lasagnas?|lasagnes?|salads?|burritos?|tacos?|sandwich(?:es)?|subs?|wraps?|quesadillas?|enchiladas?|fajitas?|omelett?es?|pizzas?|pies?|gorditas?|tamales?|empanadas?|calzones?|crepes?|dumplings?|paninis?|hoagies?|pitas?)$`, "i")
/** A sauce as people name one in a dish: "sauce", "a rich tomato-based sauce", "creamy alfredo sauce". */
const namedSauce = String.raw`(?:(?:rich|savou?ry|thick|creamy|flavou?rful|delicious|homemade|hearty|zesty|tangy)\s+)?(?:(?:tomato|tomato-based|tomato based|marinara|meat|cream|alfredo|white|cheese|red|pasta|spaghetti)\s+)?sauce`
/** Fillings named bare (no article or amount of their own): meat, beans, cheese, egg… joined by "and"/"or"/commas. */
const fillingList = new RegExp(String.raw`^(?:(?:${namedSauce}|marinara|(?:assorted |various |extra )?meats?|beef|chicken|pork|beans|refried beans|cheese|egg|eggs|rice|vegetables|veggies|lettuce|tomato(?:es)?|sausage|bacon|ham|turkey|fish|shrimp|potato(?:es)?|steak|tuna|salsa|guacamole|sour cream|onions?|peppers?|mushrooms?|spinach|ground beef|pepperoni|chorizo)(?:,?\s+(?:and|or|&)\s+|,\s*|$))+$`, "i")
/**
 * "a cup of pasta topped with a rich tomato sauce", "a bowl of rice smothered in a creamy sauce": the sauce (and what follows
 * it) is in the cup, so it is said as "pasta with tomato sauce" and read as one mixed dish (dishes.ts) rather than split off.
 */
const sauceOnBase = new RegExp(String.raw`\b((?:cups?|bowls?|plates?|servings?|portions?|helpings?)\s+of\s+(?:[a-z-]+\s+){0,3}?(?:${mixedDishBase}))\s+(?:with|topped\s+(?:off\s+)?with|smothered\s+(?:in|with)|tossed\s+(?:with|in)|covered\s+(?:in|with)|in|mixed\s+with)\s+(?:(?:a|an|some)\s+)?(?=${namedSauce}\b)`, "gi")
/** "macaroni with cheese", "noodles in a cheese sauce": mac and cheese, one food (common-foods.ts), not pasta plus cheese. */
const macWithCheese = /\b(?:macaroni|mac|noodles|pasta)(?:\s+or\s+noodles)?\s+(?:with|in)\s+(?:(?:a|some)\s+)?(?:(?:melted|creamy|gooey|cheddar|rich)\s+)?cheese(?:\s+sauce)?\b(?!\s+sauce\b)(?!,?\s*(?:and|&|,)\s*(?:a|an|some)?\s*(?:meat|beef|chicken|sausage|ham|bacon|vegetables|veggies|broccoli)\b)/gi
const filledDish = (dish: string, rest: string) => filledDishes.test(dish.trim()) && fillingList.test(rest.replace(trailingRemark, "").trim())

/**
 * "X and Y" naming one food or flavour: kept whole. Each pair is named, not every left word with every right word:
 * "cheese and beans" on a potato are two toppings, "steak and eggs" two foods.
 */
const andWord = String.raw`\s+(?:and|&|n|'n')\s+`
const oneFood = new RegExp(String.raw`\b(?:(?:mac|macaroni)${andWord}cheese|half${andWord}half|sweet${andWord}sour|salt${andWord}(?:vinegar|pepper)|cookies${andWord}cream|(?:pork|franks?)${andWord}beans|surf${andWord}turf|bread${andWord}butter|(?:peaches|strawberries)${andWord}cream|bangers${andWord}mash|toad in the hole|bubble${andWord}squeak|liver${andWord}onions?|steak${andWord}(?:kidney|cheese)|ham${andWord}(?:cheese|pineapple)|(?:sour cream|cheese)${andWord}onions?)\b`, "i")
/** A hot drink with milk, cream or sugar named without an amount takes what people put in one: a splash, a teaspoon. */
const hotDrink = /\b(?:tea|teas|coffee|coffees|espresso|cuppa|americano|chai)$/i
const inDrink = (drink: string, added: string): string =>
  !hotDrink.test(drink) || /^\s*(?:\d|an?\s|one\b|some\b|half\b)/i.test(added) ? added
    : /^(?:(?:whole|skim(?:med)?|semi[ -]?skimmed|oat|soy|almond|low[ -]?fat|\d%)\s+)?(?:milk|cream|creamer|half and half)$/i.test(added) ? `a splash of ${added}`
    : /^(?:brown\s+)?(?:sugar|honey|sweetener)$/i.test(added) ? `1 tsp ${added}` : added

/** What a food is eaten on ("avocado on sourdough toast", "beans on toast"): the base is a food of its own. */
const onBase = /^(.+?)\s+on\s+((?:(?:an?|some|two|2|one|a\s+slice\s+of|slices?\s+of|[a-z-]+)\s+){0,3}(?:toast|bread|rice|crackers?|crispbreads?|rye|sourdough|rice\s*cakes?|oatcakes?|bagels?|english\s+muffins?|waffles?|pancakes?))$/i

/**
 * "toast with butter", "fish and chips", "tea with milk": two foods though the first has no article. Split only a short
 * list of foods (each side names a table food), never a phrase naming one food ("mac and cheese", "salt and vinegar"),
 * a dish with its fillings ("ham and cheese sandwich"), nor a flavour before its food ("cheese and onion crisps").
 */
const bareSplit = (chunk: string, isFoodWord: ((word: string) => boolean) | undefined): ReadonlyArray<string> => {
  const base = onBase.exec(chunk)
  if (base !== null && !dishNouns.test(base[1] ?? "")) return [...bareSplit(base[1] ?? "", isFoodWord), base[2] ?? ""]
  // "its rich flavour and healthy fats": narration about the food before, not a list of foods.
  if (isFoodWord === undefined || startsItem.test(chunk) || oneFood.test(chunk) || /^(?:its|their|his|her|our|your)\s/i.test(chunk)) return [chunk]
  const m = /^([a-z][a-z' -]*?)\s+(and|with|&|n|'n')\s+([a-z][a-z' -]*)$/i.exec(chunk)
  if (m === null) return [chunk]
  const [first, join, rest] = [m[1] ?? "", (m[2] ?? "").toLowerCase(), m[3] ?? ""]
  const ws = (p: string) => p.split(/\s+/).filter((w) => w.length > 0)
  const food = (p: string) => { const last = ws(p).at(-1); return last !== undefined && isFoodWord(last.toLowerCase()) }
  if (ws(first).length > 3 || ws(rest).length > 3 || !(food(first) || dishNouns.test(first)) || !food(rest) || dishNouns.test(rest) || /(?:ed|made)$/i.test(first)) return [chunk]
  // "cheese and onion crisps": one singular word before "and" and more after it is a flavour of the food after.
  if (join !== "with" && ws(first).length === 1 && !/s$/i.test(first) && ws(rest).length >= 2) return [chunk]
  return [first, ...bareSplit(rest, isFoodWord).map((added) => inDrink(first, added))]
}

const andSplit = new RegExp(String.raw`(?<!\bhalf)\s+(?:and|&|with|plus)\s+(?=${itemStart})|\s+and\s+(?=(?:washed|paired|complemented|topped|finished|followed|rounded|kept|enjoyed|enjoy|had|have|sipped|sip|drank|drink|ate|eat|savou?red|savou?r|treated|grabbed|grab|added)\b)`, "i")

/** Nouns of whole dishes: a list of fillings before one of them is that dish, not separate foods. */
const dishNouns = /\b(?:burrito|sandwich|sub|bagel|pizza|taco|tacos|wrap|omelet|omelette|salad|quesadilla|burger|cheeseburger|roll|pie|soup|stew|curry|casserole|muffin|biscuit|croissant|panini|toastie|melt|platter|bowl|enchilada|fajitas?|stir-fry|pasta|lasagna|lasagne|noodles|sushi)\b/i

const startsItem = new RegExp(`^${itemStart}`, "i")

/** "a beef" + "bean and cheese burrito" → one dish; "2 eggs" + "toast" stay two. */
const joinDishes = (chunks: ReadonlyArray<string>): ReadonlyArray<string> => {
  const out: Array<string> = []
  for (const chunk of chunks) {
    const previous = out[out.length - 1]
    const bare = (s: string) => s.replace(/^(?:an?|the)\s+/i, "").replace(new RegExp(String.raw`^.*?${massOrVolume}\s*(?:of\s+)?`, "i"), "").split(/\s+/).length <= 2
    const listEnd = /^and\s+/i.test(chunk)
    const rest = chunk.replace(/^and\s+/i, "")
    if (previous !== undefined && bare(previous) && !startsItem.test(rest) && dishNouns.test(chunk) && rest.split(/\s+/).length >= 2 && !dishNouns.test(previous)) {
      out[out.length - 1] = `${previous}, ${chunk}`
      // "a 128g egg, cheese, and sausage biscuit": the list's last member ends it; every bare one-word member before joins the dish.
      while (listEnd && out.length >= 2 && /^\S+,/.test(out[out.length - 1] ?? "") && bare(out[out.length - 2] ?? "") && !dishNouns.test(out[out.length - 2] ?? "")) {
        const last = out.pop() ?? ""
        out[out.length - 1] = `${out[out.length - 1] ?? ""}, ${last}`
      }
    } else out.push(chunk)
  }
  return out
}

const isFiller = (w: string): boolean => fillerWords.has(w) || /^[a-z]{4,}ly$/.test(w) && !lyFoods.has(w)
const lyFoods = new Set(["jelly", "belly", "curly", "lightly", "thinly", "finely", "partially", "fully", "freshly", "chilly"])
/** -ly words SR28 names hold ("fully cooked", "lightly salted"): kept in a food's name, yet alone they name no food. */
const describingAdverbs = new Set(["lightly", "thinly", "finely", "partially", "fully", "freshly"])
/** "medium in size", "regular-sized": how big the food before was, not a food. */
const sizeSaid = new Set(["small", "medium", "large", "regular", "size", "sized", "medium-sized", "large-sized", "small-sized"])

/** A remark on the food before: "skin removed", "bone in", "crust on". */
const remarkOnPart = /^(?:with\s+)?(?:the\s+|its\s+)?(?:skin|bone|bones|fat|crust|rind|seeds|peel|shell)\s+(?:removed|included|on|off|in|out|trimmed|discarded|eaten)$/i

/** Only meal talk, no food: "keeping it simple and hydrating", "For a quick". */
const noFood = (chunk: string) => remarkOnPart.test(chunk) || senseOfFood.test(chunk) || chunk.toLowerCase().split(/[^a-z0-9'-]+/).filter((w) => w.length > 0).every((w) => isFiller(w) || remarkWords.has(w))

/** A sense of the food before, not a food: "its minty flavor", "a crunchy texture", "a sweet aroma". */
const senseOfFood = /^(?:its|their|his|her|a|an|the|some)?\s*(?:[a-z-]+\s+){0,3}(?:flavou?rs?|tastes?|textures?|aromas?|scents?|sweetness|saltiness|crunchiness|mouthfeel|aftertaste)$/i

/**
 * Words that go back to the food(s) before and add none: "complete with cheese and lettuce" (what the sub comes with,
 * counted in it), "complete", "both prepared without fat", "both from the school menu".
 */
const backReference = /^(?:complete|completed)(?:\s+with\b.*)?$|^both\b/i

/** A pizza's crust said as its own piece ("a pizza with a medium crust", "a perfectly baked thin crust"): the pizza's, not a pie crust. */
const crustOnly = /^(?:an?\s+|the\s+)?(?:(?:thin|thick|medium|regular|deep[- ]dish|hand[- ]tossed|stuffed|pan|crispy|crunchy|golden|baked|original|classic)[\s-]+)*crusts?$/i

/**
 * Only participles and filler ("marinated", "cooked simply", "which made", "bursting"): words that
 * describe a food and name none. An "-ing" word counts only when it is no food word ("icing", "stuffing").
 */
const onlyDescribes = (piece: string, isFoodWord?: (word: string) => boolean): boolean => {
  if (startsItem.test(piece)) return false
  // "fully coated and skin eaten": each part describes the food before (a participle, or a remark on its skin or bone).
  const parts = piece.split(/\s+and\s+/i)
  if (parts.length > 1) return parts.every((part) => remarkOnPart.test(part.trim()) || onlyDescribes(part.trim(), isFoodWord))
  const ws = piece.toLowerCase().split(/[^a-z'-]+/).filter((w) => w.length > 0)
  return ws.length > 0 && ws.some((w) => !isFiller(w) && !structuralWords.has(w)) && ws.every((w) =>
    isFiller(w) || structuralWords.has(w) || /^[a-z]{3,}ed$/.test(w) || describingAdverbs.has(w) || sizeSaid.has(w) || (/^[a-z]{3,}ing$/.test(w) && isFoodWord !== undefined && !isFoodWord(w)))
}

/** A count of a container and nothing else: "1 cup", "one bottle". */
const containerOnly = new RegExp(String.raw`^(?:\d+(?:[.,]\d+)?|one|a|an)\s+${containers}s?$`, "i")

/** A piece that is only an amount: "just the right size at 12 fl oz", "16 fl oz in size" (a bare "150g" after "2 eggs" names no food: unread). */
const amountTail = String.raw`\s+(?:in\s+(?:size|total|all)|total|each|${containers}s?)`
const onlyAmount = new RegExp(String.raw`^(?:[a-z\s]*?\b(?:at|about|around|roughly|approximately|is|was|weighing|totalling|totaling)\s+(${massOrVolume})(?:${amountTail})?|(${massOrVolume})${amountTail})\s*$`, "i")

/** Drop praise and -ly adverbs from a food name, keeping structural words inside it ("peanut butter and jelly"). */
export const stripFiller = (name: string): string => {
  const ws = name.split(/\s+/).filter((w) => w.length > 0)
  const kept = ws.filter((w, i) => {
    const f = w.toLowerCase().replace(/[^a-z'-]/g, "")
    if (["and", "or", "with", "in", "on", "of", "without"].includes(f)) return i > 0 && i < ws.length - 1
    return !isFiller(f)
  })
  return kept.join(" ")
}

/**
 * Shorthand people type for joining words: "w/ milk" and "w milk" are "with milk" ("w/o" is "without"),
 * "yogurt + granola" is "yogurt plus granola".
 */
const shorthand = (text: string) =>
  text.replace(/\bw\/o\b\s*/gi, "without ").replace(/\bw\/\s*/gi, "with ").replace(/(^|\s)w(?=\s+[a-z0-9½¼¾⅓⅔])/gi, "$1with").replace(/\s*\+\s*/g, " plus ")

/** The text layer's sentences ("Dr. Pepper" and "1.5 cups" are no sentence ends), each without its closing stop. */
const sentences = (text: string) => readSentences(text).map((s) => s.replace(/[.!?]+$/, "").trim()).filter((s) => s.length > 0)

const firstAmount = new RegExp(massOrVolume, "i")
const weighedAfter = new RegExp(String.raw`^(.*?)[\s,]+(?:that\s+|which\s+)?(?:weighed|weighing|weighs|weighed\s+in\s+at|at|of\s+about|about|totalling|totaling)\s+(?:about\s+|around\s+|roughly\s+|approximately\s+)?(${massOrVolume})(.*)$`, "i")

/**
 * An amount inside a chunk: "complemented by 110 grams of fries" and "the
 * crispy 110g fries" read from the amount on, keeping one or two describing
 * words; "a macchiato that weighed 62g" becomes "62g a macchiato".
 */
const fromAmount = (chunk: string): string => {
  const m = firstAmount.exec(chunk)
  if (m === null) {
    const after = weighedAfter.exec(chunk)
    return after === null ? chunk : `${after[2] ?? ""} ${after[1] ?? ""}${after[3] ?? ""}`.trim()
  }
  if (m.index === 0 || /^\s*[\d½¼¾⅓⅔]/.test(chunk)) return chunk
  // "just the right size at 12 fl oz": only an amount, for the item before; "chicken breast 150g" is a trailing amount.
  if (chunk.slice(m.index + m[0].length).trim().length === 0) {
    // "a soft white roll weighing 43g": the amount of the food before it.
    const after = weighedAfter.exec(chunk)
    return after === null ? chunk : `${after[2] ?? ""} ${after[1] ?? ""}`.replace(/\s+/g, " ").trim()
  }
  const before = chunk.slice(0, m.index).split(/\s+/).map((w) => w.toLowerCase()).filter((w) => w.length > 0 && !isFiller(w))
  const rest = chunk.slice(m.index).replace(new RegExp(String.raw`^(${massOrVolume})(?:\s+${containers}s?)?(?:\s+of)?\s*`, "i"), "$1 ")
  if (before.length === 0 || before.length > 2) return rest
  const amount = firstAmount.exec(rest)?.[0] ?? ""
  return `${amount} ${before.join(" ")} ${rest.slice(amount.length).trim()}`.replace(/\s+/g, " ").trim()
}

const nameAfterAmount = (piece: string) => piece.replace(new RegExp(String.raw`^(?:${massOrVolume}|an?|one|\d+)\s*(?:of\s+)?`, "i"), "").trim()

/**
 * The item pieces of a text, in order; pieces with no food in them are
 * dropped. With `isFoodWord` (the table's words for foods), a piece that
 * neither starts an item nor names a food continues the one before it
 * ("372g of a fruity, caffeine-free soft drink") or, when that one is
 * already named, is a remark ("skin removed", "This morning").
 */
export const readNarrative = (text: string, isFoodWord?: (word: string) => boolean): ReadonlyArray<string> => {
  const pieces: Array<string> = []
  for (const sentence of sentences(text)) {
    const normal = amountFirst(shorthand(sentence.replace(macWithCheese, "macaroni and cheese").replace(sauceOnBase, "$1 with ").replace(/[’‘]/g, "'").replace(completeWith, "").replace(parenthesisedAmount, ", weighing $1").replace(containerFilled, "$1 of "))).replace(containerAfterAmount, "$1 ")
    const chunks = joinDishes(normal.split(joiners).flatMap((c) => c.split(andSplit)).flatMap((c) => countSplit(cutRelative(c.trim()).replace(leadIn, "").replace(anyLeadVerb, "")))
      .flatMap((c) => bareSplit(c.trim(), isFoodWord)).map((c) => c.trim()).filter((c) => c.length > 0))
    for (const chunk of chunks) {
      const read = fromAmount(cutRelative(chunk).replace(leadIn, "").replace(anyLeadVerb, "")).replace(trailingRemark, "").replace(/^(?:and|also|then|plus|&)\s+/i, "")
        .replace(/\s+(?:and|with|or|&|plus)$/i, "").trim()
      const amountOnly = onlyAmount.exec(read)
      const previous = pieces[pieces.length - 1]
      if (amountOnly !== null && previous !== undefined) {
        // "a bottle of water, 12 fl oz": the amount is the previous item's.
        pieces[pieces.length - 1] = `${amountOnly[1] ?? amountOnly[2]} ${previous.replace(/^(?:an?|one|\d+(?:[.,]\d+)?)\s+(?:(?:small|medium|large|bottle|can|glass|cup|serving)s?\s+(?:of\s+)?)?/i, "")}`
        continue
      }
      // "…coffee, which was 1 cup (8 fl oz)": a count of a container alone restates the amount of the item before.
      if (previous !== undefined && containerOnly.test(read)) continue
      if (read.length === 0 || noFood(read)) continue
      if (previous !== undefined && (backReference.test(read) || (crustOnly.test(stripFiller(read)) && pieces.some((p) => /\bpizzas?\b/i.test(p))))) continue
      // "…salmon, marinated", "…cake, which made", "…pizza that was bursting": a piece of only participles describes the food before it.
      if (previous !== undefined && onlyDescribes(read, isFoodWord)) continue
      if (isFoodWord !== undefined && !startsItem.test(read)) {
        const named = read.toLowerCase().split(/[^a-z]+/).some((w) => w.length > 2 && !isFiller(w) && isFoodWord(w))
        // A food of the curated table is named though none of its words is a table word ("a Big Mac" and then "fries").
        const previousWords = previous === undefined ? [] : nameAfterAmount(previous).toLowerCase().split(/[^a-z0-9%]+/).filter((w) => w.length > 0)
        // What followed it with "with" is still part of it ("a Quarter Pounder with cheese").
        const withIt = previous !== undefined && normal.toLowerCase().includes(`${nameAfterAmount(previous).toLowerCase()} with ${read.toLowerCase().split(/\s+/)[0] ?? ""}`)
        const previousNamed = previous !== undefined && (previousWords.some((w) => w.length > 2 && isFoodWord(w)) || !withIt && commonFoodFor(previousWords.join(" ")) !== undefined)
        if (previous !== undefined && !previousNamed && named) {
          pieces[pieces.length - 1] = `${previous} ${read}`
          continue
        }
        // A piece of narration ("This morning", "savoring its sweet flavor") is dropped; a bare unknown word ("latte") is kept and reported.
        const narrated = read.toLowerCase().split(/[^a-z'-]+/).some((w) => (fillerWords.has(w) && !structuralWords.has(w)) || remarkWords.has(w))
        // "I relaxed", "we sat outside": a subject and its verb, naming no food, are narration too.
        if (!named && (narrated || /^(?:i|we|he|she|they|you)\s/i.test(read))) continue
      }
      pieces.push(read)
    }
  }
  return pieces
}
