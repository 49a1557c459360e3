/**
 * The fake MyFitnessPal's food database: a handful of realistic entries with
 * verified flags, calories per 100 g and the serving units each offers, so
 * searches, unit choice and calorie arithmetic behave like the real app.
 */
export interface ServingUnit {
  /** As the app shows it: `1 g`, `100 g`, `1 cup (158 g)`. */
  readonly label: string
  readonly grams: number
}

export interface Food {
  readonly name: string
  readonly brand: string
  readonly verified: boolean
  readonly kcalPer100g: number
  readonly units: ReadonlyArray<ServingUnit>
}

const g = (grams: number, label = `${grams} g`): ServingUnit => ({ label, grams })

export const foods: ReadonlyArray<Food> = [
  { name: "Ground Beef, fried", brand: "Generic", verified: true, kcalPer100g: 272, units: [g(100), g(1), { label: "1 oz", grams: 28.35 }] },
  { name: "Minced Beef 20% fat, fried", brand: "Tesco", verified: false, kcalPer100g: 291, units: [g(100), g(1)] },
  { name: "Beef Mince, lean, raw", brand: "Generic", verified: true, kcalPer100g: 176, units: [g(100), g(1)] },
  { name: "White Rice, cooked", brand: "USDA", verified: true, kcalPer100g: 130, units: [g(1), g(100), { label: "1 cup (158 g)", grams: 158 }] },
  { name: "White Rice, long grain, raw", brand: "Generic", verified: false, kcalPer100g: 365, units: [g(100), g(1)] },
  { name: "Brown Rice, cooked", brand: "USDA", verified: true, kcalPer100g: 123, units: [g(1), { label: "1 cup (195 g)", grams: 195 }] },
  { name: "Greek Yogurt, plain, nonfat", brand: "Fage", verified: true, kcalPer100g: 59, units: [g(1), { label: "1 container (170 g)", grams: 170 }] },
  { name: "Greek Yogurt, whole milk", brand: "Generic", verified: false, kcalPer100g: 97, units: [g(100), g(1)] },
  { name: "Chicken Breast, grilled", brand: "Generic", verified: true, kcalPer100g: 165, units: [g(1), g(100), { label: "1 breast (172 g)", grams: 172 }] },
  { name: "Banana, raw", brand: "USDA", verified: true, kcalPer100g: 89, units: [{ label: "1 medium (118 g)", grams: 118 }, g(1)] },
  { name: "Egg, whole, boiled", brand: "USDA", verified: true, kcalPer100g: 155, units: [{ label: "1 large (50 g)", grams: 50 }, g(1)] },
  { name: "Crème Brûlée", brand: "Generic", verified: false, kcalPer100g: 290, units: [{ label: "1 ramekin (130 g)", grams: 130 }, g(1)] },
  { name: "Oatmeal, cooked with water", brand: "Quaker", verified: true, kcalPer100g: 71, units: [{ label: "1 cup (234 g)", grams: 234 }, g(1)] },
  { name: "Apple, raw", brand: "USDA", verified: true, kcalPer100g: 52, units: [{ label: "1 medium (182 g)", grams: 182 }, g(1)] }
]

/** Lower case, accents removed, so `creme brulee` finds `Crème Brûlée`. */
const fold = (text: string): string => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()

/** Foods whose name has every word of the query (verified first, as the app ranks them). */
export const searchFoods = (query: string): ReadonlyArray<Food> => {
  const words = fold(query).split(/[^\p{L}\p{N}%]+/u).filter((w) => w.length > 0)
  if (words.length === 0) return []
  const hits = foods.filter((f) => words.every((w) => fold(f.name).includes(w)))
  return [...hits.filter((f) => f.verified), ...hits.filter((f) => !f.verified)]
}

export const calories = (food: Food, unit: ServingUnit, servings: number): number =>
  Math.round((food.kcalPer100g * unit.grams * servings) / 100)
