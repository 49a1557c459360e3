/**
 * Everyday text (issue 12, item 5): short descriptions of the kind people
 * type into a food logger — terse, misspelt, with brands, British and
 * American English, some food names in other languages — each with the
 * foods and grams a person means. Written for this test (not taken from
 * any data set). Offline: the rules and USDA SR28 only.
 *
 * A food is a pattern on the SR28 description; grams must be within 10 %.
 * "unmatched" means nothing may be logged for it: no record is close, and
 * fitlog must say so rather than substitute another food.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { estimate, estimateJson } from "../../../src/agents/fitlog/estimate.js"
import { sr28Offline } from "../../support/sr28-table.js"

type Expected = ReadonlyArray<readonly [food: RegExp, grams: number]> | "unmatched"

const corpus: ReadonlyArray<readonly [string, Expected]> = [
  // terse, the way people type
  ["2 eggs and toast", [[/^Egg, whole/, 100], [/^Bread, white.*toasted/, 30]]],
  ["1 cup of coffee", [[/^Beverages, coffee, brewed/, 240]]],
  ["200g pasta", [[/^Pasta, cooked/, 200]]],
  ["a can of coke", [[/cola/, 370]]],
  ["2 scrambled eggs", [[/^Egg, whole, cooked, scrambled/, 100]]],
  ["banana", [[/^Bananas, raw/, 118]]],
  ["an apple", [[/^Apples, raw/, 182]]],
  ["a medium banana", [[/^Bananas, raw/, 118]]],
  ["a large banana", [[/^Bananas, raw/, 136]]],
  ["half a banana", [[/^Bananas, raw/, 59]]],
  ["a small apple", [[/^Apples, raw/, 149]]],
  ["a banana and an apple", [[/^Bananas, raw/, 118], [/^Apples, raw/, 182]]],
  ["1 slice of toast", [[/^Bread, white.*toasted/, 30]]],
  ["2 slices of toast with butter", [[/^Bread, white.*toasted/, 60], [/^Butter, salted/, 5]]],
  ["two slices of white bread", [[/^Bread, white/, 60]]],
  ["bowl of porridge", [[/^Cereals, oats.*cooked/, 351]]],
  ["porridge 250g", [[/^Cereals, oats.*cooked/, 250]]],
  ["cup of tea", [[/^Beverages, tea, black, brewed/, 240]]],
  ["a cup of black tea", [[/^Beverages, tea, black, brewed/, 240]]],
  ["2 cups of tea", [[/^Beverages, tea, black, brewed/, 480]]],
  ["black coffee", [[/^Beverages, coffee, brewed/, 240]]],
  ["espresso", [[/^Beverages, coffee, brewed, espresso/, 30]]],
  ["a glass of milk", [[/^Milk, whole/, 244]]],
  ["1 cup of milk", [[/^Milk, whole/, 244]]],
  ["a cup of skim milk", [[/^Milk, nonfat/, 244]]],
  ["1 pint of milk", [[/^Milk, whole/, 473]]],
  ["a bottle of beer", [[/^Alcoholic beverage, beer, regular/, 356]]],
  ["pint of lager", [[/^Alcoholic beverage, beer, regular/, 568]]],
  ["a pint of beer", [[/^Alcoholic beverage, beer, regular/, 568]]],
  ["glass of red wine", [[/^Alcoholic beverage, wine, table, red/, 148]]],
  ["a small glass of wine", [[/^Alcoholic beverage, wine, table/, 125]]], // UK small glass 125 ml (issue 12 break test: sizes said on a glass count)
  ["large glass of white wine", [[/^Alcoholic beverage, wine, table, white/, 250]]], // UK large glass 250 ml
  ["a bottle of red wine", [[/^Alcoholic beverage, wine, table, red/, 750]]],
  ["can of diet coke", [[/^Beverages, carbonated, low calorie, cola/, 370]]],
  ["a can of coca-cola", [[/^Beverages, carbonated, cola/, 370]]],
  ["330ml can of sprite", [[/SPRITE/, 330]]],
  ["500ml bottle of water", [[/water/i, 500]]],
  ["a glass of water", [[/water/i, 250]]],
  ["1 litre of water", [[/water/i, 1000]]],
  ["a mug of hot chocolate", [[/hot cocoa/, 250]]],
  ["orange juice 200ml", [[/^Orange juice/, 200]]],
  ["a glass of orange juice", [[/^Orange juice/, 248]]],
  ["a glass of oj", [[/^Orange juice/, 248]]],
  ["apple juice 250 ml", [[/^Apple juice/, 250]]],
  ["a can of red bull", [[/RED BULL/, 258]]],
  // yoghurt and dairy, British and American spellings
  ["100g greek yogurt", [[/^Yogurt, Greek, plain/, 100]]],
  ["greek yoghurt 150g", [[/^Yogurt, Greek, plain/, 150]]],
  ["yoghurt 125g", [[/^Yogurt, plain/, 125]]],
  ["a pot of yoghurt", [[/^Yogurt/, 150]]],
  ["brie 30g", [[/^Cheese, brie/, 30]]],
  ["cheddar 40g", [[/^Cheese, cheddar/, 40]]],
  ["mozzarella 50g", [[/^Cheese, mozzarella/, 50]]],
  ["a slice of cheese", [[/^Cheese, cheddar/, 21]]],
  ["cream cheese 30g", [[/^Cheese, cream/, 30]]],
  ["2 tbsp of butter", [[/^Butter, salted/, 28.4]]],
  ["a knob of butter", [[/^Butter, salted/, 5]]],
  // misspelt
  ["chiken breast 200g", [[/^Chicken, broilers or fryers, breast, meat only, cooked/, 200]]],
  ["brocoli 100g", [[/^Broccoli/, 100]]],
  ["bananna", [[/^Bananas, raw/, 118]]],
  ["100g of spagetti", [[/^Pasta, cooked/, 100]]],
  ["250g of strawberies", [[/^Strawberries, raw/, 250]]],
  ["a cup of cofee", [[/^Beverages, coffee, brewed/, 240]]],
  ["a handfull of almonds", [[/^Nuts, almonds/, 30]]],
  // meat and fish
  ["200g chicken breast", [[/^Chicken, broilers or fryers, breast, meat only, cooked/, 200]]],
  ["grilled chicken breast 150g", [[/^Chicken, broilers? or fryers, breast, (?:skinless, boneless, )?meat only, cooked/, 150]]],
  ["3 oz chicken breast", [[/^Chicken, broilers or fryers, breast/, 85]]],
  ["a chicken breast", [[/^Chicken, broilers or fryers, breast/, 172]]],
  ["2 chicken breasts", [[/^Chicken, broilers or fryers, breast/, 344]]],
  ["200g of roast chicken", [[/^Chicken, broilers or fryers.*roasted/, 200]]],
  ["150g salmon", [[/^Fish, salmon, Atlantic, farmed, cooked/, 150]]],
  ["150g of grilled salmon", [[/^Fish, salmon/, 150]]],
  ["grilled salmon fillet 120g", [[/^Fish, salmon/, 120]]],
  ["100g tuna", [[/^Fish, tuna, light, canned/, 100]]],
  ["a tin of tuna", [[/^Fish, tuna, light, canned/, 142]]],
  ["100g ham", [[/^Ham/, 100]]],
  ["turkey breast 100g", [[/^Turkey breast/, 100]]],
  ["minced beef 150g", [[/^Beef, ground/, 150]]],
  ["chicken wings 200g", [[/^Chicken, broilers or fryers, wing/, 200]]],
  ["a fried chicken drumstick", [[/Fried Chicken, Drumstick/i, 75]]],
  ["a pork chop 200g", [[/^Pork, fresh, loin.*chops/, 200]]],
  ["2 rashers of bacon", [[/^Pork, cured, bacon.*cooked/, 16]]],
  ["4 rashers of streaky bacon", [[/^Pork, cured, bacon.*cooked/, 32]]],
  ["3 sausages", [[/^Pork sausage.*cooked/, 150]]],
  ["2 pork sausages", [[/^Pork sausage.*cooked/, 100]]],
  ["a bratwurst", [[/^Bratwurst/, 85]]],
  ["fried egg", [[/^Egg, whole, cooked, fried/, 50]]],
  ["boiled egg", [[/^Egg, whole, cooked, hard-boiled/, 50]]],
  ["2 boiled eggs", [[/^Egg, whole, cooked, hard-boiled/, 100]]],
  ["tofu 150g", [[/^Tofu/, 150]]],
  ["edamame 100g", [[/^Edamame/, 100]]],
  // grains, as eaten
  ["1 cup cooked rice", [[/^Rice, white, long-grain, regular, enriched, cooked/, 158]]],
  ["200g rice", [[/^Rice, white.*cooked/, 200]]],
  ["200 g of cooked white rice", [[/^Rice, white.*cooked/, 200]]],
  ["brown rice 150g", [[/^Rice, brown.*cooked/, 150]]],
  ["100g quinoa", [[/^Quinoa, cooked/, 100]]],
  ["50g oats", [[/^Oats/, 50]]],
  ["40g granola", [[/granola/, 40]]],
  ["a bowl of cereal", [[/Corn Flakes/, 42]]],
  ["a slice of wholemeal toast", [[/^Bread, whole-wheat.*toasted/, 30]]],
  ["brown toast", [[/^Bread, whole-wheat.*toasted/, 30]]],
  ["mac and cheese 250g", [[/^Macaroni and cheese/, 250]]],
  ["naan bread", [[/^Bread, naan/, 106]]],
  ["2 chapatis", [[/^Bread, chapati or roti/, 136]]],
  ["a croissant", [[/^Croissants, butter/, 57]]],
  ["a blueberry muffin", [[/^Muffins, blueberry/, 113]]],
  ["2 waffles", [[/^Waffles/, 150]]],
  // potatoes, British and American
  ["a jacket potato", [[/^Potatoes, baked, flesh and skin/, 173]]],
  ["mashed potatoes 200g", [[/^Potatoes, mashed, home-prepared/, 200]]],
  ["sweet potato 200g", [[/^Sweet potato, cooked/, 200]]],
  ["a portion of chips", [[/^Fast foods, potato, french fried/, 117]]],
  ["medium fries", [[/^Fast foods, potato, french fried/, 117]]],
  // fast food and brands
  ["300g pepperoni pizza", [[/^Pizza, pepperoni topping/, 300]]],
  ["a 300g pepperoni pizza", [[/^Pizza, pepperoni topping/, 300]]],
  ["a slice of pizza", [[/^Pizza, cheese topping/, 107]]],
  ["2 slices of cheese pizza", [[/^Pizza, cheese topping/, 214]]],
  ["a whopper", [[/BURGER KING, WHOPPER/, 291]]],
  ["a cheeseburger", [[/^Fast foods, cheeseburger/, 127]]],
  ["hamburger", [[/^Fast foods, hamburger/, 97]]],
  ["snickers bar", [[/SNICKERS/, 57]]],
  ["2 weetabix", [[/WEETABIX/, 35]]],
  ["30g cheerios", [[/CHEERIOS/, 30]]],
  ["a beef, bean and cheese burrito", [[/^Fast foods, burrito, with beans, cheese, and beef/, 241]]],
  ["a bagel with cream cheese", [[/^Bagels/, 105], [/^Cheese, cream/, 29]]],
  // fruit and veg
  ["an avocado", [[/^Avocados, raw/, 136]]],
  ["half an avocado", [[/^Avocados, raw/, 68]]],
  ["a pear", [[/^Pears, raw/, 178]]],
  ["an orange", [[/^Oranges, raw/, 131]]],
  ["100g strawberries", [[/^Strawberries, raw/, 100]]],
  ["blueberries 80g", [[/^Blueberries, raw/, 80]]],
  ["a kiwi", [[/^Kiwifruit/, 69]]],
  ["watermelon 200g", [[/^Watermelon, raw/, 200]]],
  ["a carrot", [[/^Carrots, raw/, 61]]],
  ["aubergine 200g", [[/^Eggplant/, 200]]],
  ["a courgette", [[/^Squash, summer/, 323]]],
  // spoons, handfuls, nuts
  ["handful of almonds", [[/^Nuts, almonds/, 30]]],
  ["30g peanuts", [[/^Peanuts/, 30]]],
  ["tbsp peanut butter", [[/^Peanut butter, smooth/, 16]]],
  ["1 tbsp olive oil", [[/^Oil, olive/, 13.6]]],
  ["1 tsp of olive oil", [[/^Oil, olive/, 4.5]]],
  // Two thirds of the tablespoon below (USDA: 1 tbsp honey = 21 g), not 10 ml weighed as water.
  ["2 tsp honey", [[/^Honey/, 14]]],
  ["a tablespoon of honey", [[/^Honey/, 21]]],
  ["a scoop of vanilla ice cream", [[/^Ice creams, vanilla/, 66]]],
  ["a scoop of whey protein", [[/Protein powder whey/, 30]]],
  ["100g hummus", [[/^Hummus/, 100]]],
  ["2 falafel", [[/^Falafel/, 34]]],
  // narrative sentences, amounts mid-sentence
  ["For lunch I enjoyed a tasty 200g chicken sandwich and a 250g glass of milk", [[/chicken.*sandwich/i, 200], [/^Milk, whole/, 250]]],
  ["For dinner I had a lovely 150g of grilled salmon with 80g of steamed broccoli", [[/^Fish, salmon/, 150], [/^Broccoli/, 80]]],
  ["I had 2 eggs and toast for breakfast", [[/^Egg, whole/, 100], [/^Bread, white.*toasted/, 30]]],
  ["Breakfast was a bowl of porridge and a cup of coffee", [[/^Cereals, oats.*cooked/, 351], [/^Beverages, coffee, brewed/, 240]]],
  ["Had a banana as a snack", [[/^Bananas, raw/, 118]]],
  ["lunch: 200g rice, 150g chicken breast", [[/^Rice, white.*cooked/, 200], [/^Chicken, broilers or fryers, breast/, 150]]],
  ["dinner - 300g pasta and 100g of cheddar", [[/^Pasta, cooked/, 300], [/^Cheese, cheddar/, 100]]],
  // not in the table as such, counted as the record that makes up nearly all of it, said in the assumption
  // (common-foods.ts: a latte is ~4/5 steamed milk, a cappuccino ~3/5; UK semi-skimmed is nearest US 2 % milk)
  ["latte", [[/^Milk, reduced fat, fluid, 2% milkfat/, 192]]],
  ["cappuccino", [[/^Milk, reduced fat, fluid, 2% milkfat/, 144]]],
  ["250ml semi skimmed milk", [[/^Milk, reduced fat, fluid, 2% milkfat/, 250]]],
  // not in the table: said, never substituted
  ["a kitkat", "unmatched"],
  ["schweinebraten", "unmatched"],
  ["currywurst", "unmatched"],
  ["schnitzel", "unmatched"],
  ["paella 300g", "unmatched"],
  ["dal 200g", "unmatched"],
  ["pho", "unmatched"],
  ["croque monsieur", "unmatched"],
  ["baguette 100g", "unmatched"],
  ["spaghetti bolognese 350g", "unmatched"]
]

const layer = sr28Offline

describe("everyday food text, offline (issue 12 corpus)", () => {
  it("holds at least 150 descriptions", () => expect(corpus.length).toBeGreaterThanOrEqual(150))

  it.effect("reads each description as the foods and grams a person means", () =>
    Effect.gen(function*() {
      const failures: Array<string> = []
      for (const [text, expected] of corpus) {
        const json = estimateJson(yield* estimate(text))
        const logged = json.items.filter((i) => i.food !== null && !("error" in i))
        if (expected === "unmatched") {
          if (logged.length > 0) failures.push(`${text}: expected nothing logged, got ${logged.map((i) => i.food).join("; ")}`)
          continue
        }
        const got = logged.map((i) => `${i.food} ${i.grams} g`).join("; ")
        if (logged.length !== expected.length) {
          failures.push(`${text}: expected ${expected.length} foods, got ${json.items.length} (${got})`)
          continue
        }
        expected.forEach(([food, grams], k) => {
          const item = logged[k]
          if (item === undefined || item.food === null || !food.test(item.food) || item.grams === null || Math.abs(item.grams - grams) > 0.1 * grams) {
            failures.push(`${text}: item ${k + 1} expected ${food} ${grams} g, got ${got}`)
          }
        })
      }
      expect(failures).toEqual([])
    }).pipe(Effect.provide(layer)), 120_000)
})
