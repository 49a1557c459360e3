// Which search result the offline shopper picks (issue 13 item 4): a set of
// results pages as grocery stores list them (English and French names,
// sizes, sponsored tiles), each with the product a person would take. The
// candidate is Shop.rankCandidates; the baseline, run on the same pages, is
// the rule it replaced — word coverage, then the fewest words (the shortest
// name), sponsored tiles not told apart. Quality, not speed: a count of right picks.
import { Shop } from "../dist/lib/index.js"

/** [item, products on the page ("AD " marks a sponsored tile), the right pick]. */
const pages = [
  ["eggs", ["Egg Noodles", "Wide Egg Noodles", "Large White Eggs, 12 count"], "Large White Eggs, 12 count"],
  ["eggs", ["AD Eggs", "Free Run Brown Eggs, 12", "Egg Whites 500 ml"], "Free Run Brown Eggs, 12"],
  ["milk", ["Milk Chocolate Bar 100 g", "Chocolate Milk Drink 1 L", "Lactantia 2% Milk 2 L"], "Lactantia 2% Milk 2 L"],
  ["milk", ["Vanilla Milkshake 500 ml", "Natrel Skim Milk 4 L"], "Natrel Skim Milk 4 L"],
  ["butter", ["Peanut Butter 1 kg", "Butter Chicken Sauce 350 ml", "Lactantia Salted Butter 454 g"], "Lactantia Salted Butter 454 g"],
  ["bread", ["Bread Crumbs 425 g", "Garlic Bread", "Bon Matin White Bread 675 g"], "Bon Matin White Bread 675 g"],
  ["apples", ["Apple Juice 1.89 L", "Apple Sauce Cups, 6", "Gala Apples, 3 lb bag"], "Gala Apples, 3 lb bag"],
  ["chicken breast", ["Chicken Broth 900 ml", "Chicken Breast Strips, Breaded", "Boneless Skinless Chicken Breast, 4 pack"], "Boneless Skinless Chicken Breast, 4 pack"],
  ["tomatoes", ["Tomato Sauce 680 ml", "Tomato Paste 156 ml", "Roma Tomatoes"], "Roma Tomatoes"],
  ["rice", ["Rice Crackers", "Rice Vinegar 355 ml", "Basmati Rice 2 kg"], "Basmati Rice 2 kg"],
  ["cheese", ["Cheese Crackers 200 g", "Old Cheddar Cheese 400 g"], "Old Cheddar Cheese 400 g"],
  ["lait", ["Boisson au chocolat et lait 1 L", "Lait 2 % Lactantia, 2 L"], "Lait 2 % Lactantia, 2 L"],
  ["oeufs", ["Nouilles aux œufs 375 g", "Gros œufs blancs, 12"], "Gros œufs blancs, 12"],
  ["beurre", ["Beurre d'arachide crémeux 1 kg", "Beurre salé Lactantia 454 g"], "Beurre salé Lactantia 454 g"],
  ["pommes", ["Jus de pommes 1,89 L", "Compote de pommes", "Pommes Gala, sac de 3 lb"], "Pommes Gala, sac de 3 lb"],
  ["coffee", ["AD Coffee", "Coffee Mate Creamer", "Medium Roast Ground Coffee 930 g"], "Medium Roast Ground Coffee 930 g"],
  ["bananas", ["Banana Bread Mix", "Bananas, bunch"], "Bananas, bunch"],
  ["yogurt", ["Yogurt Covered Raisins", "Plain Greek Yogurt 750 g"], "Plain Greek Yogurt 750 g"],
  ["crackers", ["Cheese Crackers 200 g", "Soda Crackers 450 g"], "Soda Crackers 450 g"]
]

/**
 * HELD OUT: written before the flavour rule (issue 13, new-user breaks) was built, and never tuned
 * on — a rule that needs a change here to pass is not general. Reported apart from the pages above.
 */
const heldOut = [
  ["orange juice", ["Orange Juice Concentrate Frozen", "Tropicana Orange Juice 1.54 L", "Orange Soda 2 L"], "Tropicana Orange Juice 1.54 L"],
  ["yogurt", ["Strawberry Yogurt 650 g", "Plain Yogurt 3% 750 g", "Yogurt Tubes"], "Plain Yogurt 3% 750 g"],
  ["oats", ["Oat Milk 1.75 L", "Quaker Large Flake Oats 1 kg", "Oatmeal Cookies"], "Quaker Large Flake Oats 1 kg"],
  ["sugar", ["Sugar Cookies 300 g", "Redpath Granulated Sugar 2 kg", "Brown Sugar Cinnamon Pop-Tarts"], "Redpath Granulated Sugar 2 kg"],
  ["chicken thighs", ["Chicken Thigh Kebabs", "Boneless Skinless Chicken Thighs 1 kg", "Chicken Broth"], "Boneless Skinless Chicken Thighs 1 kg"],
  ["salmon", ["Smoked Salmon Cream Cheese", "Atlantic Salmon Fillets 2 pack", "Salmon Burgers"], "Atlantic Salmon Fillets 2 pack"],
  ["carrots", ["Carrot Cake 500 g", "Baby Carrots 340 g", "Carrot Muffins"], "Baby Carrots 340 g"],
  ["cream cheese", ["Cream Cheese Icing", "Philadelphia Cream Cheese 250 g", "Garlic & Herb Cream Cheese 250 g"], "Philadelphia Cream Cheese 250 g"],
  ["tortillas", ["Tortilla Chips 300 g", "Flour Tortillas 10 pack"], "Flour Tortillas 10 pack"],
  ["pasta", ["Pasta Sauce 650 ml", "Barilla Spaghetti Pasta 900 g"], "Barilla Spaghetti Pasta 900 g"],
  ["fromage", ["Craquelins au fromage 200 g", "Fromage cheddar fort 400 g"], "Fromage cheddar fort 400 g"],
  ["pain", ["Pain à l'ail", "Pain blanc tranché 675 g", "Chapelure de pain"], "Pain blanc tranché 675 g"],
  ["bananes", ["Pain aux bananes", "Bananes biologiques, régime"], "Bananes biologiques, régime"],
  ["coffee", ["Coffee Filters 100 count", "Folgers Classic Roast Coffee 920 g"], "Folgers Classic Roast Coffee 920 g"],
  ["peanut butter", ["Peanut Butter Cups", "Kraft Smooth Peanut Butter 1 kg", "Peanuts, salted"], "Kraft Smooth Peanut Butter 1 kg"],
  ["spinach", ["Spinach Dip", "Baby Spinach 312 g"], "Baby Spinach 312 g"],
  ["honey", ["Honey Nut Cheerios", "Billy Bee Liquid Honey 500 g"], "Billy Bee Liquid Honey 500 g"],
  ["lettuce", ["Romaine Lettuce Hearts 3 pack", "Lettuce Wraps Kit"], "Romaine Lettuce Hearts 3 pack"],
  ["potatoes", ["Potato Chips 235 g", "Russet Potatoes 10 lb"], "Russet Potatoes 10 lb"]
]

const candidatesOf = (products) =>
  products.map((p) => (p.startsWith("AD ") ? { name: p.slice(3), sponsored: true } : { name: p, sponsored: false }))

// The replaced rule, verbatim in spirit: share of the item's words found (exact, same stem, or prefix), × 1/(1 + 0.05 × extra words).
const words = (t) => t.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").split(/[^a-z0-9%]+/).filter((w) => w.length > 0 && !["a", "an", "the", "of", "and", "or", "de", "la", "le", "les", "et", "du", "des"].includes(w))
const stem = (w) => w.replace(/(ies|es|s)$/, "")
const oldScore = (item, product) => {
  const wanted = words(item)
  const have = words(product)
  if (wanted.length === 0 || have.length === 0) return 0
  const hits = wanted.filter((w) => have.some((c) => c === w || (stem(c).length >= 3 && stem(c) === stem(w)) || (w.length >= 4 && c.startsWith(w)))).length
  return (hits / wanted.length) * (1 / (1 + 0.05 * Math.max(0, have.length - hits)))
}

/** Right picks on a set of pages, by the candidate rule and by the replaced one. */
const score = (set) => {
  let right = 0
  let baselineRight = 0
  let sponsoredPicked = 0
  const wrong = []
  for (const [item, products, expected] of set) {
    const candidates = candidatesOf(products)
    const pick = Shop.rankCandidates(item, candidates)[0]
    const picked = pick !== undefined && pick.score >= 0.5 ? pick.candidate.name : undefined
    if (picked === expected) right++
    else wrong.push(`${item}→${picked ?? "none"}`)
    if (pick?.candidate.sponsored === true) sponsoredPicked++
    const old = [...candidates].sort((a, b) => oldScore(item, b.name) - oldScore(item, a.name))[0]
    if (old !== undefined && oldScore(item, old.name) >= 0.5 && old.name === expected) baselineRight++
  }
  return { right, baselineRight, sponsoredPicked, wrong, total: set.length }
}

const row = (name, r) => ({
  name,
  value: `${r.right}/${r.total}${r.wrong.length === 0 ? "" : ` (wrong: ${r.wrong.join(", ")})`}`,
  baseline: `shortest-name rule ${r.baselineRight}/${r.total}`,
  ratio: `${((r.right / r.total) * 100).toFixed(0)} %`,
  target: "≥ 90 %",
  ok: r.right / r.total >= 0.9
})

export const relevanceRows = () => {
  const tuned = score(pages)
  const held = score(heldOut)
  return [
    // Plain beats flavoured and the head noun decides (src/domain/shop/similarity.ts); the held-out
    // pages were written before those rules and never tuned on.
    row("shop: right pick on results pages (offline ranking, tuned)", tuned),
    row("shop: right pick on held-out results pages (never tuned on)", held),
    {
      name: "shop: sponsored tile picked over a fitting one",
      value: String(tuned.sponsoredPicked + held.sponsoredPicked),
      baseline: "—",
      ratio: "—",
      target: "0",
      ok: tuned.sponsoredPicked + held.sponsoredPicked === 0
    }
  ]
}
