/**
 * The English around food in what people write: the words of a sentence that
 * name no food ("For lunch I enjoyed a tasty …"), and words the spelling
 * corrector must never rewrite. Curated; a test checks that no filler word
 * other than a structural one ("a", "with", "and"…) occurs in any SR28 food
 * description, so stripping fillers never eats a food word.
 * Pure data.
 */

/** Function words and pronouns ("with", "and"… are structural even where SR28 uses them). */
export const structuralWords: ReadonlySet<string> = new Set(["a", "an", "the", "and", "or", "of", "to", "for", "with", "without", "in", "on", "at", "by", "from", "as", "i", "me", "my", "we", "it", "its", "this", "that",
  // In SR28 only inside phrases, never as a food: "ready-to-eat", "do-it-yourself", "bit-size", "-like".
  "eat", "do", "bit", "like"])

const grammar = `a an the and or of to for with without in on at by from as so just also then too really quite some bit lot
lots i me my myself we our ourselves you your it its itself this that these those there here was were is are
being am had has having ate eat eaten eating do did done get got which who what when while before during since
until because but yes each every another more much many today tonight yesterday afternoon evening night day
week meals lunchtime dinnertime brunch treat course main appetizer starter along alongside together two five
seven nine ten couple few dozen first second last later earlier`

/** Verbs of eating and describing a meal. */
const verbs = `enjoyed enjoy enjoying savored savoured savor savour relished indulged indulge indulging treated treat reached
grabbed grab picked munched snacked nibbled sipped sip drank consumed consume devoured devour went opted chose
choose decided fixed consisted consists consisting featured features featuring comprised paired pairing
complemented complementing accompanied accompanying followed finished topped washed kept keeping keep started
starting ended ending rounded adding went having tried trying fueled fuelled started kicked satisfied satisfy
hit craving craved wanted loved love liked like felt feel make makes making combined`

/** Praise and mood words that describe a meal, not a food. */
const praise = `deliciously tasty yummy lovely nice perfectly flavorful flavourful refreshing refreshingly comforting
succulent generous generously satisfying wholesome simple tasty scrumptious delightful delightfully decadent
indulgent warming cool refreshing fresh-tasting favorite favourite usual quick-and-easy wonderful fantastic
amazing awesome nourishing nutritious sweet-tooth treat finish energizing energising hydrating hydrated
refreshment creamy-textured savory-sweet robust vibrant aromatic fragrant steaming cozy cosy substantial
modest small-ish big-ish huge massive tiny hefty sizable sizeable decent proper lavish`

/** Nouns and verbs of talk about eating (not stripped from names, but a piece made only of them names no food). */
const remarks = `meal flavor flavors flavour flavours taste tastes burst kick twist touch goodness cravings craving routine experience
way day place part sweet spicy providing savoring savouring enjoying opened opening satisfy crunch texture aroma boost
fizzy fruity warmth comfort bite pick-me-up break moment mood hunger thirst quench quenched relaxing relax afternoon
evening morning midday midmorning mid-morning noon lunchtime time snack treat option choice pairing combo combination
addition accompaniment delight pleasure indulgence reward start end beginning perfection taste-buds tastebuds buds
palate satisfying energy refuel recharge hydrate hydration cool chilled iced-cold ice-cold lovely sweetness saltiness
individual single snack-size snack-sized regular-sized fun-size fun-sized bite-sized bite-size size portion amount
glass cup bowl plate side serving helping amount package packages container containers spoonful spoonfuls
perfect perfectly ideal`

const split = (s: string): ReadonlyArray<string> => s.split(/\s+/).filter((w) => w.length > 0)

/** Words of remarks about a meal: a piece made only of these and filler words is no food. */
export const remarkWords: ReadonlySet<string> = new Set(remarks.split(/\s+/).filter((w) => w.length > 0))

/** Words that describe the meal or the person, never a food: stripped from a food name. */
export const fillerWords: ReadonlySet<string> = new Set([...split(grammar), ...split(verbs), ...split(praise)])

/**
 * Common English words outside food names that the spelling corrector leaves
 * alone (besides the filler words and the table's own words): "that" is not
 * "thai", "glass" is not "grass".
 */
export const englishWords: ReadonlySet<string> = new Set([
  ...fillerWords,
  ...remarkWords,
  ...split(`glass glasses cup cups mug mugs bowl bowls plate plates slice slices piece pieces bottle bottles can cans
  order orders scoop scoops serving servings portion portions handful bag bags packet packets bar bars pint pints
  carton jar box medium large small regular extra size sized single double triple whole half quarter
  some that than then thin thick home homemade store bought brand leftover leftovers fast food restaurant takeaway
  takeout style side sides top bottom inside outside onto into over under around about approximately roughly
  grams gram ounce ounces pound pounds litre liter millilitre milliliter tablespoon teaspoon
  piece glass water coke pepsi sprite fanta routine package opened scratch place spread dipping enhance
  lager stout cider streaky rasher rashers bap butty knob fillet mince jacket scone scones crumpet crumpets digestive digestives
  cupcake cupcakes fritter fritters kolache kolaches creamer
  latte lattes cappuccino espresso americano macchiato mocha frappuccino chai matcha smoothie kombucha
  every enjoy perfect quick simple right left fit felt fine nice kept made gave give given took take taken put
  pick picked grab went come came home work office school gym party friend friends family kids while during
  margarita margaritas mojito sangria martini daiquiri cheetos doritos fritos pringles tostitos cheerios`)
])
