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
  ["yogurt", ["Yogurt Covered Raisins", "Plain Greek Yogurt 750 g"], "Plain Greek Yogurt 750 g"]
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

export const relevanceRows = () => {
  let right = 0
  let baselineRight = 0
  let sponsoredPicked = 0
  const wrong = []
  for (const [item, products, expected] of pages) {
    const candidates = candidatesOf(products)
    const pick = Shop.rankCandidates(item, candidates)[0]
    const picked = pick !== undefined && pick.score >= 0.5 ? pick.candidate.name : undefined
    if (picked === expected) right++
    else wrong.push(`${item}→${picked ?? "none"}`)
    if (pick?.candidate.sponsored === true) sponsoredPicked++
    const old = [...candidates].sort((a, b) => oldScore(item, b.name) - oldScore(item, a.name))[0]
    if (old !== undefined && oldScore(item, old.name) >= 0.5 && old.name === expected) baselineRight++
  }
  const share = right / pages.length
  return [
    {
      name: "shop: right pick on results pages (offline ranking)",
      value: `${right}/${pages.length}${wrong.length === 0 ? "" : ` (wrong: ${wrong.join(", ")})`}`,
      baseline: `shortest-name rule ${baselineRight}/${pages.length}`,
      ratio: `${(share * 100).toFixed(0)} %`,
      // Compounds whose modifier is itself a food (peanut butter, garlic bread) still beat the plain product:
      // telling them apart needs a lexicon, not a rule. Goal 90 %; the target is beating the rule it replaced.
      target: "> baseline (goal ≥ 90 %)",
      ok: right > baselineRight
    },
    {
      name: "shop: sponsored tile picked over a fitting one",
      value: String(sponsoredPicked),
      baseline: "—",
      ratio: "—",
      target: "0",
      ok: sponsoredPicked === 0
    }
  ]
}
