/**
 * The curated table of very common foods → the SR28 record a person means
 * when they name the food plainly ("toast", "2% milk", "a big mac"). Each
 * entry states why its record is right; test/domain/fitlog/common-foods.test.ts
 * checks every record exists and is what its plain name finds. A chain's
 * named dish maps to its own SR28 record where SR28 has one, else to the
 * generic dish it is; a brand of a plain food maps to that food.
 * Pure data.
 */

export interface CommonFood {
  /** The whole food name, as folded words ("toast", "cup of coffee" is read as "coffee"). */
  readonly name: RegExp
  /** SR28 NDB number. */
  readonly id: string
  readonly why: string
  /**
   * When SR28 has no record of the food itself and the record stands in for
   * it: what the user is told ("counted as …"), shown with the estimate.
   */
  readonly standsIn?: string
  /** The share of the drink's volume that is the stand-in (a latte is ~4/5 steamed milk); 1 when not said. */
  readonly share?: number
  /** One of the food itself, when the stand-in record's own pieces weigh something else (a cupcake is not 1/12 of a cake). */
  readonly each?: { readonly grams: number; readonly why: string }
}

const lactoseFree = (milk: string) => `lactose-free milk counted as ${milk} (the same energy: lactase-treated milk; SR28 has no lactose-free milk)`

export const commonFoods: ReadonlyArray<CommonFood> = [
  { name: /^(?:whole |full fat |full-fat )?milk$/, id: "01077", why: "milk with no other word, or whole milk, is whole cow's milk (Milk, whole, 3.25% milkfat)" },
  // Lactose-free milk is the same milk with its lactose split by lactase: same energy and macronutrients (SR28 has none).
  { name: /^(?:lactose free (?:whole |full fat )?|(?:whole |full fat )lactose free )milk$/, id: "01077", standsIn: lactoseFree("whole"), why: "lactose-free (whole) milk is whole milk with lactase added" },
  { name: /^(?:lactose free (?:2% |reduced fat |semi skimmed )|(?:2% |reduced fat |semi skimmed )lactose free )milk$/, id: "01079", standsIn: lactoseFree("2 % milk"), why: "lactose-free 2 % milk is 2 % milk with lactase added" },
  { name: /^(?:lactose free (?:1% |low fat )|(?:1% |low fat )lactose free )milk$/, id: "01082", standsIn: lactoseFree("1 % milk"), why: "lactose-free 1 % milk is 1 % milk with lactase added" },
  { name: /^(?:lactose free (?:skim |skimmed |nonfat |fat free )|(?:skim |skimmed |nonfat |fat free )lactose free )milk$/, id: "01085", standsIn: lactoseFree("skim milk"), why: "lactose-free skim milk is skim milk with lactase added" },
  { name: /^(?:2% |reduced fat 2% |reduced fat )milk$|^(?:2% )?reduced fat milk$/, id: "01079", why: "2% or reduced-fat milk is fluid reduced-fat milk, not evaporated milk" },
  { name: /^(?:1% |1% low fat |low fat 1% |low fat |lowfat )milk$/, id: "01082", why: "low-fat milk is the US 1 % fluid milk (the name US cartons give it)" },
  { name: /^(?:skim|skimmed|nonfat|non fat|fat free) milk$/, id: "01085", why: "skim, skimmed, nonfat or fat-free milk is fluid nonfat milk" },
  { name: /^(?:unsweetened |plain )?(?:sparkling|carbonated|soda|fizzy|seltzer) water$|^(?:club soda|seltzer)$/, id: "14121", why: "sparkling or carbonated water with no flavour named is club soda: water and CO2, 0 kcal (tonic water has sugar)" },
  { name: /^(?:white )?toast$/, id: "18070", why: "toast is white bread, toasted" },
  { name: /^(?:brown|wholemeal|whole wheat|whole-wheat) toast$/, id: "18076", why: "brown/wholemeal toast is whole-wheat bread, toasted" },
  { name: /^(?:black )?coffee$/, id: "14209", why: "coffee is brewed coffee, not instant powder or beans" },
  { name: /^(?:black )?tea$|^cup of tea$|^cuppa$|^(?:builders?|english breakfast|breakfast) tea$/, id: "14355", why: "tea is black tea, brewed (a cuppa, builder's tea and breakfast tea are British names for it)" },
  { name: /^(?:(?:bottled|fountain|sweet|southern|lemon|cold|chilled|snapple|brisk|lipton) )*iced (?:black )?teas?(?: sweetened)?$|^(?:southern )?sweet teas?$/, id: "14199", why: "iced tea as sold in the US (fountain or bottled) is black tea sweetened with sugar, ~90 kcal per 8 fl oz, unless unsweetened or diet is said" },
  { name: /^(?:coke|cola|coca[- ]cola|pepsi|soda|soda pop|pop|soft drink|fizzy drink|soft drink cola|cola soft drink|cola soda|cola beverage|cola drink|regular cola)$/, id: "14400", why: "a cola is the regular caffeinated cola, and the soft drink most meant by soda or soft drink" },
  { name: /^(?:diet coke|diet cola|diet pepsi|coke zero)$/, id: "14146", why: "a diet cola is a low-calorie cola with aspartame" },
  { name: /^(?:white )?rice$/, id: "20045", why: "rice is white long-grain rice, cooked (rice is eaten cooked)" },
  { name: /^brown rice$/, id: "20037", why: "brown rice is long-grain brown rice, cooked" },
  { name: /^(?:pasta|spaghetti|penne|macaroni|fusilli|noodles)$/, id: "20121", why: "pasta is eaten cooked: enriched pasta, cooked" },
  { name: /^(?:porridge|oatmeal)$/, id: "08121", why: "porridge/oatmeal is oats cooked with water" },
  { name: /^(?:(?:assorted|mixed|various|colou?rful|seasonal|steamed|cooked|garden) )+(?:vegetables|veggies)$/, id: "11584", why: "assorted or mixed vegetables are a mix of vegetables as eaten: SR28's mixed vegetables, cooked (not a frozen dinner that names them)" },
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
  { name: /^american cheese$|^(?:american )?cheese slices?$/, id: "01042", why: "American cheese is full-fat pasteurized process American cheese (a fat-free one only when named)" },
  { name: /^(?:(?:melted|shredded|grated|gooey|sliced|stringy) )?(?:cheese|cheddar)$/, id: "01009", why: "cheese with no kind named is cheddar, melted or shredded on a dish too (not ricotta, which is named when meant)" },
  { name: /^(?:yogurt|yoghurt)$/, id: "01116", why: "yogurt is plain whole-milk yogurt" },
  { name: /^(?:mashed potatoes?|mash)$/, id: "11657", why: "mashed potatoes are home-prepared with whole milk" },
  { name: /^ice cream$/, id: "19095", why: "ice cream is vanilla ice cream" },
  { name: /^(?:glazed|sugar glazed|honey glazed) (?:doughnuts?|donuts?)$/, id: "18255", why: "a glazed doughnut is the yeast-raised ring doughnut, glazed (not a French cruller)" },
  { name: /^(?!.*\b(?:chocolate|fudge)\b)(?:[a-z]+ )*(?:icing|frosting)$/, id: "19230", each: { grams: 16, why: "icing on a cookie, doughnut or cupcake is about 1 tbsp" }, why: "icing or frosting with no flavour named is vanilla frosting, ready to eat (not the industrial fat used to make it)" },
  { name: /^(?:chocolate|fudge) (?:icing|frosting)$/, id: "19226", each: { grams: 16, why: "icing on a cookie, doughnut or cupcake is about 1 tbsp" }, why: "chocolate icing is chocolate frosting, ready to eat" },
  {
    name: /^(?!.*\bsoft\b)(?:[a-z]+ )*ice cream cones?$/,
    id: "01240",
    standsIn: "an ice cream cone counted as SR28's one filled cone (chocolate-dipped, with nuts, ~350 kcal/100 g); the empty cone is only 4 g",
    why: "an ice cream cone is eaten filled: the cone with its ice cream, not the 4 g wafer cone alone"
  },
  { name: /^apple juice$/, id: "09016", why: "apple juice is the plain bottled juice" },
  { name: /^salmon(?: fillet)?$/, id: "15237", why: "salmon as eaten: Atlantic (farmed, the usual kind), cooked" },
  { name: /^tuna$/, id: "15121", why: "tuna with no other word is canned light tuna in water, the usual kind" },
  { name: /^(?:mac and cheese|mac n cheese|mac & cheese|macaroni and cheese|macaroni cheese)$/, id: "22960", why: "mac and cheese is the boxed kind, prepared" },
  { name: /^(?:jacket potato|baked potato)$/, id: "11674", why: "a jacket (UK) / baked potato: baked, flesh and skin" },
  { name: /^(?:beef |pork )?(?:hot dog|hotdog)s?(?: sandwich)?$|^(?:beef |pork )?(?:frankfurter|frank|wiener) (?:sandwich|in bun)$/, id: "21118", why: "a hot dog is a frankfurter in a bun, plain (fast-food hot dog)" },
  { name: /^(?:streaky |back )?(?:bacon|bacon rashers?|rashers?)$/, id: "10862", why: "bacon as eaten: sliced pork bacon, pan-fried" },
  { name: /^(?:sausages?|pork sausages?|bangers?)$/, id: "07064", why: "a sausage is a pork sausage link, cooked" },
  // Plain names of everyday foods whose nearest SR28 word match is an odd variant (green tomatoes, Chinese broccoli, raw venison).
  { name: /^(?:(?:ground|minced|seasoned|taco|assorted|various|mixed|cooked) )?meats?$/, id: "23575", why: "meat with no kind named, as in tacos, burritos, chili and pasta sauce, is ground beef (80 % lean), cooked, never a raw game meat" },
  { name: /^breakfast meats?$/, id: "07064", why: "breakfast meat with no kind named is the usual one, pork sausage, cooked" },
  { name: /^(?:(?:red|ripe|raw|whole|sliced|diced|chopped|cherry|grape|plum|vine) )*tomato(?:es)?$/, id: "11529", why: "a tomato with no kind named is a red ripe tomato, raw (green tomatoes are named when meant)" },
  { name: /^(?:tomato|tomato based|marinara|pasta|spaghetti|red|meat) sauces?$/, id: "06931", why: "tomato or pasta sauce is the ready-to-serve spaghetti/marinara sauce, not a steak sauce" },
  { name: /^(?:cooked |steamed |boiled )?broccoli(?: florets?)?$/, id: "11091", why: "broccoli with no kind named is common broccoli, eaten cooked (boiled or steamed); Chinese broccoli (gai lan) is named when meant" },
  { name: /^raw broccoli(?: florets?)?$/, id: "11090", why: "raw broccoli is common broccoli, raw" },
  { name: /^(?:regular |full fat )?sour cream$/, id: "01056", why: "sour cream with no other word is regular cultured sour cream; light or fat-free is said when meant" },
  { name: /^(?:whole wheat|wholewheat|wholemeal|wheat|brown) bread$/, id: "18075", why: "whole-wheat (wholemeal, brown) bread is sliced whole-wheat loaf bread, not pita" },
  { name: /^(?:frankfurter|frank|wiener)s?$/, id: "07950", why: "a frankfurter with no kind named is the usual meat frankfurter (beef and pork), not a turkey one" },
  { name: /^(?:fruit|berry|mixed berry) muffins?$/, id: "18274", standsIn: "a fruit muffin counted as a blueberry muffin (the commonest fruit muffin; SR28 has no mixed-fruit muffin)", why: "a fruit muffin is a sweet muffin with fruit in it: blueberry, commercially prepared, not a corn muffin" },
  { name: /^espresso$/, id: "14210", why: "espresso as served" },
  { name: /^(?:caffeine free |decaffeinated |caffeine containing |caffeinated )?(?:fruit flavored |fruity |orange |fruit )(?:caffeine free |caffeine containing )?(?:soft drink|soda|pop|fizzy drink)$/, id: "14150", why: "a fruit-flavoured soft drink is a carbonated fruit soda; orange soda is SR28's generic one (a still \"fruit drink\" is not a soft drink)" },
  { name: /^(?:lemon lime|lemonade) (?:soft drink|soda|pop)$/, id: "14144", why: "a lemon-lime soft drink is the carbonated lemon-lime soda (a brand named, such as Sprite, finds its own record)" },
  { name: /^(?:diet|sugar free|zero|low calorie) (?:caffeine free |decaffeinated )?(?:fruit flavored |fruity |orange |lemon lime |fruit )?(?:soft drink|soda|pop|fizzy drink)$/, id: "14143", why: "a diet soft drink that is not a cola is SR28's low-calorie carbonated drink other than cola or pepper" },
  { name: /^chicken$/, id: "05013", why: "chicken with no cut or part named is chicken meat as eaten: broiler meat only, roasted (not liver, skin or a raw cut)" },
  { name: /^(?:(?:cheese|cheesy|crunchy|puffed|puffs) )?(?:flavou?red )?(?:cheetos|cheese puffs|cheese curls|cheesy puffs)$/, id: "19008", why: "Cheetos (a brand) are cheese-flavoured extruded corn puffs, the generic record" },
  { name: /^(?:fresh |mixed |fresh mixed |cut |sliced )?(?:fruits?|fruit salad|fruit medley|fruit cup)$/, id: "09103", standsIn: "mixed fruit counted as fruit salad canned in juice (SR28 has no fresh mixed fruit; ~50 kcal/100 g, as fresh fruit)", each: { grams: 125, why: "a serving of fruit on the side is 1/2 cup (USDA: 1 cup = 249 g)" }, why: "fruit with no kind named is a mix of fruits: SR28's fruit salad in juice, no syrup added" },
  // Brands that name the product itself: the generic record of that product, or the brand's own record where SR28 has one.
  { name: /^(?:(?:nacho cheese|nacho|cheese|cheesy|original) )?(?:flavou?red )?doritos$/, id: "19057", why: "Doritos (a brand) are nacho-cheese tortilla chips unless another flavour is named" },
  { name: /^(?:cool )?ranch (?:flavou?red )?doritos$/, id: "19058", why: "Cool Ranch Doritos are ranch-flavour tortilla chips" },
  { name: /^(?:(?:sour|fruit|fruity) )?gumm(?:y|ies) (?:bears?|worms?|fish|sharks?|rings?|candy|candies)$|^gummies$/, id: "19106", standsIn: "gummy candy counted as gumdrops (starch jelly pieces; SR28 has no gummy candy)", why: "a gummy fish or bear is a gelatin or starch jelly candy, not the animal it is shaped like" },
  { name: /^twinkies?$/, id: "18128", why: "a Twinkie is a creme-filled sponge snack cake" },
  { name: /^(?:(?:cherry|caramel|grape|strawberry|lemon|lime|orange|apple|green apple|watermelon|fruit|fruity|butterscotch|peppermint|mint|cinnamon|raspberry|blue raspberry|sour|root beer|cola|rainbow|swirl) )?(?:popsicles?|ice pops?|ice lollies|ice lolly|freezer? pops?|freezie(?: pop)?s?)$/, id: "19283", why: "a Popsicle (a brand) or ice lolly (UK) is a fruit-flavoured ice pop" },
  { name: /^(?:power ?bars?)$/, id: "25017", why: "a PowerBar is SR28's formulated POWER BAR (chocolate, the one kind it has)" },
  { name: /^(?:(?:cherry|caramel|grape|strawberry|lemon|lime|orange|apple|green apple|watermelon|fruit|fruity|butterscotch|peppermint|mint|cinnamon|raspberry|blue raspberry|sour|root beer|cola|rainbow|swirl) )?(?:lollipops?|lollies|lolly|suckers?|hard candy|hard candies|boiled sweets?)$/, id: "19107", why: "a lollipop or sucker (any flavour) is hard candy on a stick, not the fish called sucker" },
  { name: /^(?:easy mac|kraft dinner|kd|kraft mac and cheese|kraft macaroni and cheese)$/, id: "22960", why: "Easy Mac and Kraft Dinner (brands) are boxed macaroni and cheese, prepared" },
  { name: /^big macs?$/, id: "21237", why: "a Big Mac is McDonald's double-patty cheeseburger; SR28 has the item itself (one is 219 g)" },
  { name: /^quarter pounders?$/, id: "21234", why: "a Quarter Pounder is McDonald's single large-patty hamburger; SR28 has the item itself" },
  { name: /^(?:filet o fish|fillet o fish)$/, id: "21232", why: "a Filet-O-Fish is McDonald's fish sandwich; SR28 has the item itself" },
  { name: /^(?:hot chocolate|hot cocoa|drinking chocolate)$/, id: "01105", why: "hot chocolate is the drink: hot cocoa made with milk, not a chocolate bar" },
  { name: /^(?:milk )?chocolate(?: bars?)?$|^bars? (?:of )?chocolate$/, id: "19120", why: "chocolate with no kind named is milk chocolate, the kind most eaten (not chocolate ice cream)" },
  { name: /^(?:plain )?bagels?$/, id: "18001", why: "a bagel with no kind named is a plain bagel (enriched white flour), not a whole-grain or flavoured one" },
  { name: /^avocados?$/, id: "09038", why: "an avocado with no kind named is a Hass, SR28's California avocado (the kind sold most in the US and UK), not the large Florida one" },
  { name: /^(?:tinned |canned )?baked beans$|^beans in tomato sauce$/, id: "16006", why: "baked beans are eaten from the can: canned, plain or vegetarian (home-prepared beans with pork fat and molasses are ~60 % richer)" },
  { name: /^(?:white )?fish(?: fillets?)?$/, id: "15016", why: "fish with no kind named is white fish as eaten: Atlantic cod, cooked (never a raw fish of another kind)" },
  { name: /^(?:white |plain |all purpose |plain white )?flour$/, id: "20081", why: "flour with no kind named is white all-purpose (UK: plain) flour, enriched, the everyday kind" },
  { name: /^(?:unsweetened |plain )?almond milk$/, id: "14091", why: "almond milk with no flavour named is the plain unsweetened carton, not chocolate or vanilla" },
  { name: /^soy sauce$|^soya sauce$/, id: "16123", why: "soy sauce with no kind named is shoyu (soy and wheat), the usual table soy sauce" },
  { name: /^(?:white |granulated |caster |table )?sugars?$/, id: "19335", why: "sugar with no kind named is white granulated sugar (brown only when named)" },
  { name: /^peanut butter$/, id: "16098", why: "peanut butter is smooth, with salt" },
  { name: /^(?:beef )?steaks?$/, id: "13451", why: "a steak with no cut named is a beef steak as served: top sirloin, the everyday cut, lean and fat, cooked (not a Salisbury steak, which is a minced-beef patty)" },
  // British names for the same foods.
  { name: /^(?:ready salted |plain |salted |potato )?crisps$|^(?:a )?packet of crisps$/, id: "19411", why: "crisps (UK) are potato chips (US): plain, salted" },
  { name: /^semi[ -]?skimmed(?: milk)?$/, id: "01079", why: "semi-skimmed milk (UK, 1.5–1.8 % fat, ~46 kcal/100 ml) is nearest to US 2 % reduced-fat milk (50 kcal/100 ml)" },
  { name: /^skimmed(?: milk)?$/, id: "01085", why: "skimmed milk (UK) is nonfat milk" },
  { name: /^(?:chocolate |milk chocolate )?digestives?(?: biscuits?)?$/, id: "18173", standsIn: "a digestive biscuit counted as a graham cracker (SR28 has no digestive; graham ~430 kcal/100 g vs a digestive's ~480)", why: "a digestive (UK) is a semi-sweet wholemeal biscuit; its US counterpart is the graham cracker, plain" },
  // Foods SR28 has no record of, counted as the record that makes up nearly all of them; the user is told so.
  { name: /^(?:hot |iced )?(?:caffe |cafe )?lattes?$/, id: "01079", share: 0.8, standsIn: "a latte counted as its steamed milk: ~4/5 of the cup, 2 % milk as coffee shops pour unless another is named (the espresso adds ~2 kcal)", why: "a latte is espresso topped up with steamed milk: its energy is the milk" },
  { name: /^(?:nonfat|non fat|skim|skinny|fat free) (?:hot |iced )?(?:caffe |cafe )?lattes?$/, id: "01085", share: 0.8, standsIn: "a nonfat latte counted as its steamed nonfat milk: ~4/5 of the cup (the espresso adds ~2 kcal)", why: "a nonfat latte is espresso with steamed nonfat milk" },
  { name: /^(?:whole milk )?(?:cappuccinos?|flat whites?)$/, id: "01079", share: 0.6, standsIn: "a cappuccino counted as its milk: ~3/5 of the cup (the rest espresso and foam, mostly air), 2 % milk unless another is named", why: "a cappuccino (or flat white) is espresso with steamed milk and foam: its energy is the milk" },
  { name: /^(?:chocolate )?cupcakes?$/, id: "18096", standsIn: "a cupcake counted as frosted chocolate cake (SR28 has no cupcake)", each: { grams: 70, why: "a regular frosted cupcake is about 2.5 oz" }, why: "a cupcake is a small frosted cake; chocolate is the commonest commercial one" },
  { name: /^(?:vanilla |yellow |white )cupcakes?$/, id: "18141", standsIn: "a cupcake counted as frosted yellow cake (SR28 has no cupcake)", each: { grams: 70, why: "a regular frosted cupcake is about 2.5 oz" }, why: "a vanilla or yellow cupcake is a small yellow cake with vanilla frosting" },
  { name: /^apple fritters?$|^fritters?$/, id: "18255", standsIn: "an apple fritter counted as a glazed yeast doughnut (SR28 has no fritter)", each: { grams: 100, why: "a bakery apple fritter is about 3.5 oz, larger than a doughnut" }, why: "an apple fritter is yeast-raised dough with apple, fried and glazed: a glazed yeast doughnut" },
  { name: /^(?:fruit |apricot |cherry |peach |prune |poppy seed )?kolaches?$|^kolacky$/, id: "18246", standsIn: "a kolache counted as a fruit Danish pastry (SR28 has no kolache)", each: { grams: 70, why: "a kolache is about 2.5 oz" }, why: "a kolache is sweet yeast dough around a fruit filling: a fruit Danish" },
  { name: /^cream cheese kolaches?$|^cheese kolaches?$/, id: "18245", standsIn: "a cheese kolache counted as a cheese Danish pastry (SR28 has no kolache)", each: { grams: 70, why: "a kolache is about 2.5 oz" }, why: "a cheese kolache is sweet yeast dough around a cheese filling: a cheese Danish" },
  { name: /^(?:sports|electrolyte) (?:drink|beverage)s?$/, id: "14460", why: "a sports drink with no brand named is the best-selling kind (Gatorade), ready to drink, not its powder" },
  { name: /^(?:low calorie|low cal|light|lite|diet|zero|sugar free) (?:sports|electrolyte) (?:drink|beverage)s?$/, id: "14644", why: "a low-calorie sports drink is Gatorade G2, SR28's low-calorie sports drink" },
  { name: /^(?:(?:original|regular|green) )?monster(?: energy)?(?: drinks?)?$/, id: "14627", why: "Monster (a brand) with no variant named is the original Monster energy drink, not its low-carb one" },
  { name: /^energy (?:drink|beverage)s?$/, id: "14060", why: "an energy drink with no brand named is SR28's generic one, sweetened with corn syrup" },
  { name: /^(?:plain |fruit |sultana |cheese )?scones?$/, id: "18016", standsIn: "a scone counted as a US biscuit made from a recipe (SR28 has no scone)", why: "a scone (UK) is a quick bread of flour, fat and milk: the US plain biscuit" },
  { name: /^(?:soy|soya) ?milk$/, id: "16139", why: "soy milk is SR28's soymilk (one word), original, with added calcium as sold in cartons" },
  { name: /^(?:nonfat|non fat|fat free|skim|light|lite) (?:soy|soya) ?milk$/, id: "16230", why: "nonfat soy milk is SR28's nonfat soymilk, not a chocolate milk-and-soy drink" },
  { name: /^(?:chocolate )?milk ?shakes?$/, id: "01110", why: "a chocolate milkshake is a thick chocolate milk shake as served, not its dry mix" },
  { name: /^vanilla milk ?shakes?$/, id: "01111", why: "a vanilla milkshake is a thick vanilla milk shake as served" },
  { name: /^(?:liquid )?(?:coffee )?creamer$|^non ?dairy (?:coffee )?creamer$/, id: "01068", each: { grams: 15, why: "a serving of creamer is 1 tbsp" }, why: "creamer with no kind named is liquid non-dairy creamer (cream substitute)" },
  { name: /^(?:flavou?red|french vanilla|vanilla|hazelnut|caramel) (?:liquid )?(?:coffee )?creamer$/, id: "01205", each: { grams: 15, why: "a serving of creamer is 1 tbsp" }, why: "a flavoured creamer is SR28's flavoured liquid cream substitute" }
]

/** The curated record for a whole name, if any. */
export const commonFoodFor = (name: string): CommonFood | undefined => commonFoods.find((c) => c.name.test(name))
