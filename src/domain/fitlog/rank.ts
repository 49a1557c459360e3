/**
 * Ranking SR28 records the way a person means a food: as eaten, not as an
 * ingredient on a shelf. Each rule is a general fact about how people name
 * food, applied only when the user did not say otherwise:
 * - grains, pasta, rice, oats and dried legumes are eaten cooked, not dry;
 * - coffee and tea are drunk brewed, not as powder or instant granules;
 * - a drink mix, concentrate, dry mix or powder is an ingredient, unless named;
 * - baby food and infant formula are meant only when named;
 * - flavoured, sweetened or fortified variants and brands only when named.
 * And a small curated table of very common foods → the SR28 record a person
 * means (test/domain/fitlog/common-foods.test.ts states why each is right).
 * Pure.
 */

export interface CommonFood {
  /** The whole food name, as folded words ("toast", "cup of coffee" is read as "coffee"). */
  readonly name: RegExp
  /** SR28 NDB number. */
  readonly id: string
  readonly why: string
}

export const commonFoods: ReadonlyArray<CommonFood> = [
  { name: /^(?:whole |full fat |full-fat )?milk$/, id: "01077", why: "milk with no other word, or whole milk, is whole cow's milk (Milk, whole, 3.25% milkfat)" },
  { name: /^(?:white )?toast$/, id: "18070", why: "toast is white bread, toasted" },
  { name: /^(?:brown|wholemeal|whole wheat|whole-wheat) toast$/, id: "18076", why: "brown/wholemeal toast is whole-wheat bread, toasted" },
  { name: /^(?:black )?coffee$/, id: "14209", why: "coffee is brewed coffee, not instant powder or beans" },
  { name: /^(?:black )?tea$|^cup of tea$/, id: "14355", why: "tea is black tea, brewed" },
  { name: /^(?:coke|cola|coca[- ]cola|pepsi|soda|soda pop|pop|soft drink|fizzy drink|soft drink cola|cola soft drink)$/, id: "14400", why: "a cola is the regular caffeinated cola, and the soft drink most meant by soda or soft drink" },
  { name: /^(?:diet coke|diet cola|diet pepsi|coke zero)$/, id: "14146", why: "a diet cola is a low-calorie cola with aspartame" },
  { name: /^(?:white )?rice$/, id: "20045", why: "rice is white long-grain rice, cooked (rice is eaten cooked)" },
  { name: /^brown rice$/, id: "20037", why: "brown rice is long-grain brown rice, cooked" },
  { name: /^(?:pasta|spaghetti|penne|macaroni|fusilli|noodles)$/, id: "20121", why: "pasta is eaten cooked: enriched pasta, cooked" },
  { name: /^(?:porridge|oatmeal)$/, id: "08121", why: "porridge/oatmeal is oats cooked with water" },
  { name: /^bananas?$/, id: "09040", why: "a banana is a raw banana" },
  { name: /^apples?$/, id: "09003", why: "an apple is a raw apple with skin" },
  { name: /^(?:chips|fries|french fries)$/, id: "21138", why: "fries/chips (UK) are french fried potatoes as served" },
  { name: /^(?:pizza|cheese pizza)$/, id: "21224", why: "pizza with no topping named is cheese pizza, regular crust" },
  { name: /^pepperoni pizza$/, id: "22903", why: "pepperoni pizza, regular crust" },
  { name: /^(?:burger|hamburger)$/, id: "21108", why: "a burger is a single-patty hamburger with condiments" },
  { name: /^cheeseburger$/, id: "21090", why: "a cheeseburger is single-patty with condiments" },
  { name: /^eggs?$/, id: "01123", why: "an egg with no preparation named is a whole egg" },
  { name: /^(?:water|tap water)$/, id: "14411", why: "water is drinking water" },
  { name: /^(?:beer|lager|ale|bitter)$/, id: "14003", why: "beer, lager or ale is regular beer" },
  { name: /^(?:wine|red wine)$/, id: "14096", why: "wine with no colour named is red table wine" },
  { name: /^white wine$/, id: "14106", why: "white table wine" },
  { name: /^(?:oj|orange juice)$/, id: "09206", why: "orange juice as drunk: the plain juice (SR28 \"raw\", squeezed), not frozen concentrate" },
  { name: /^(?:bread|white bread)$/, id: "18069", why: "bread is commercial white bread" },
  { name: /^(?:cereal|corn flakes|cornflakes)$/, id: "08020", why: "cereal with no kind named: corn flakes (SR28's only corn flakes record is Kellogg's)" },
  { name: /^chicken breasts?$/, id: "05064", why: "a chicken breast as eaten: roasted, meat only" },
  { name: /^(?:potato|potatoes|baked potato)$/, id: "11674", why: "a potato as eaten: baked, flesh and skin" },
  { name: /^olive oil$/, id: "04053", why: "olive oil as used at home: salad or cooking oil" },
  { name: /^butter$/, id: "01001", why: "butter is salted butter" },
  { name: /^(?:cheese|cheddar)$/, id: "01009", why: "cheese with no kind named is cheddar" },
  { name: /^(?:yogurt|yoghurt)$/, id: "01116", why: "yogurt is plain whole-milk yogurt" },
  { name: /^(?:mashed potatoes?|mash)$/, id: "11657", why: "mashed potatoes are home-prepared with whole milk" },
  { name: /^ice cream$/, id: "19095", why: "ice cream is vanilla ice cream" },
  { name: /^apple juice$/, id: "09016", why: "apple juice is the plain bottled juice" },
  { name: /^salmon(?: fillet)?$/, id: "15237", why: "salmon as eaten: Atlantic (farmed, the usual kind), cooked" },
  { name: /^tuna$/, id: "15121", why: "tuna with no other word is canned light tuna in water, the usual kind" },
  { name: /^(?:mac and cheese|mac n cheese|mac & cheese|macaroni and cheese|macaroni cheese)$/, id: "22960", why: "mac and cheese is the boxed kind, prepared" },
  { name: /^(?:jacket potato|baked potato)$/, id: "11674", why: "a jacket (UK) / baked potato: baked, flesh and skin" },
  { name: /^(?:hot dog|hotdog)s?$/, id: "21118", why: "a hot dog is a frankfurter in a bun, plain (fast-food hot dog)" },
  { name: /^(?:streaky |back )?(?:bacon|bacon rashers?|rashers?)$/, id: "10862", why: "bacon as eaten: sliced pork bacon, pan-fried" },
  { name: /^(?:sausages?|pork sausages?|bangers?)$/, id: "07064", why: "a sausage is a pork sausage link, cooked" },
  { name: /^espresso$/, id: "14210", why: "espresso as served" },
  { name: /^peanut butter$/, id: "16098", why: "peanut butter is smooth, with salt" }
]

/** The curated record for a whole name, if any. */
export const commonFoodFor = (name: string): CommonFood | undefined => commonFoods.find((c) => c.name.test(name))

const has = (set: ReadonlySet<string>, ...ws: ReadonlyArray<string>) => ws.some((w) => set.has(w))

const grainLike = ["rice", "pasta", "spaghetti", "macaroni", "noodles", "noodle", "oats", "oatmeal", "quinoa", "couscous", "barley", "bulgur", "millet", "beans", "lentils", "chickpeas", "peas", "grits"]
const ingredientForms = ["dry", "unprepared", "powder", "mix", "concentrate", "dehydrated", "granules", "flakes", "instant", "freeze-dried", "undiluted"]
const variants = ["deli", "prepackaged", "rotisserie", "flavored", "flavor", "sweetened", "fortified", "decaffeinated", "low", "reduced", "light", "lite", "fat-free", "nonfat", "diet", "imitation", "substitute", "canned", "frozen"]

/**
 * The as-eaten adjustment for one record: `recordWords` are its words,
 * `asked` every word the user wrote (name and preparation).
 */
export const asEaten = (recordWords: ReadonlySet<string>, asked: ReadonlySet<string>): number => {
  let score = 0
  const named = (w: string) => asked.has(w)
  if (grainLike.some((g) => asked.has(g)) && !named("dry") && !named("raw")) {
    if (has(recordWords, "cooked", "boiled", "prepared")) score += 1.5
    if (has(recordWords, "dry", "raw", "unprepared", "uncooked", "flour")) score -= 2.5
  }
  if (has(asked, "coffee", "tea", "espresso") && !named("instant")) {
    if (recordWords.has("brewed")) score += 2
    if (has(recordWords, "instant", "powder", "mix")) score -= 2
  }
  // A drink is drunk made up: prepared or ready-to-drink, not its powder, mix or concentrate.
  if (has(asked, "coffee", "tea", "cocoa", "drink", "beverage", "lemonade", "juice", "chocolate", "shake", "milkshake", "smoothie") && !has(asked, "powder", "dry", "mix", "concentrate")) {
    if (has(recordWords, "prepared", "brewed", "ready-to-drink", "drink", "diluted", "reconstituted")) score += 1
    if (has(recordWords, "powder", "dry", "granules", "concentrate", "undiluted", "syrup")) score -= 2.5
  }
  for (const w of ingredientForms) if (recordWords.has(w) && !named(w)) score -= 1
  for (const w of variants) if (recordWords.has(w) && !named(w)) score -= 0.4
  if (has(recordWords, "babyfood", "infant", "toddler") && !has(asked, "baby", "babyfood", "infant", "toddler")) score -= 5
  if (recordWords.has("school") && !named("school")) score -= 2
  // Meat-free and regional survey records ("Bacon, meatless", "(Alaska Native)", "(Navajo)") are meant only when named.
  for (const w of ["meatless", "vegetarian", "imitation", "native", "navajo", "hopi", "apache", "shoshone", "klamath", "alaska"]) if (recordWords.has(w) && !named(w)) score -= 3
  if (asked.has("toast") && recordWords.has("toasted")) score += 1.5
  return score
}
