/**
 * scripts/build-food-tables.mjs, which makes data/fitlog/*.json from the
 * USDA FNDDS and CoFID CSVs: on small made-up CSVs, what it keeps and how
 * (order, traces, unknowns, a code given twice); on the real CSVs in
 * ../shared/fixtures (read in place; skipped with a printed reason when they
 * are not there), that the committed files are exactly what it builds, so the
 * data cannot drift from its script.
 */
import { describe, expect, it } from "@effect/vitest"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { buildFoodTables, defaultFixtures, parseCsv } from "../../scripts/build-food-tables.mjs"

const root = fileURLToPath(new URL("../../", import.meta.url))

const fnddsCsv = {
  foods: [
    "Food code,Main food description,Additional food description,WWEIA Category number,WWEIA Category description",
    '22000000,"Stew, beef","goulash; ""hearty"" stew",3002,Meat mixed dishes',
    "11000000,\"Milk, human\",,9602,Human milk",
    "11111000,\"Milk, whole\",leche fresca,1002,\"Milk, whole\""
  ],
  nutrients: [
    // Headers with line breaks inside quotes, as USDA's are.
    'Food code,Main food description,WWEIA Category number,WWEIA Category description,Energy (kcal),Protein (g),Carbohydrate (g),"Sugars, total\n(g)","Fiber, total dietary (g)",Total Fat (g),"Fatty acids, total saturated (g)","Fatty acids, total monounsaturated (g)","Fatty acids, total polyunsaturated (g)",Cholesterol (mg),Retinol (mcg),"Vitamin A, RAE (mcg_RAE)","Carotene, alpha (mcg)","Carotene, beta (mcg)","Cryptoxanthin, beta (mcg)",Lycopene (mcg),Lutein + zeaxanthin (mcg),Thiamin (mg),Riboflavin (mg),Niacin (mg),Vitamin B-6 (mg),Folic acid (mcg),"Folate, food (mcg)","Folate, DFE (mcg_DFE)","Folate, total (mcg)","Choline, total (mg)",Vitamin B-12 (mcg),Vitamin C (mg),Vitamin D (D2 + D3) (mcg),Vitamin E (alpha-tocopherol) (mg),Vitamin K (phylloquinone) (mcg),Calcium (mg),Phosphorus (mg),Magnesium (mg),"Iron\n(mg)","Zinc\n(mg)",Copper (mg),Selenium (mcg),Potassium (mg),Sodium (mg),Alcohol (g),"Water\n(g)"',
    `22000000,"Stew, beef",3002,Meat mixed dishes,95,8.0,7.50,1.0,1.2,3.0,${Array(35).fill("0.0").join(",")},80.0`,
    `11111000,"Milk, whole",1002,"Milk, whole",61,3.27,4.63,4.81,0,3.2,${Array(35).fill("0").join(",")},88.1`
  ],
  portions: [
    "Food code,Main food description,WWEIA Category number,WWEIA Category description,Seq num,Portion description,\"Portion weight\n(g)\"",
    "22000000,\"Stew, beef\",3002,Meat mixed dishes,2,Quantity not specified,252",
    "11000000,\"Milk, human\",9602,Human milk,2,Quantity not specified,0",
    "22000000,\"Stew, beef\",3002,Meat mixed dishes,1,1 cup,244",
    "11111000,\"Milk, whole\",1002,\"Milk, whole\",1,1 cup,244",
    "11111000,\"Milk, whole\",1002,\"Milk, whole\",3,Quantity not specified,0"
  ]
}

const cofidHeader = (names: ReadonlyArray<string>) => ["Food Code", "Food Name", "Description", "Group", ...names].join(",")
const cofidCodes = ["WATER", "PROT", "FAT", "CHO", "KCALS", "TOTSUG", "ALCO", "AOACFIB", "SATFOD", "MONOFOD", "POLYFOD", "CHOL"]
const cofidCsv = [
  cofidHeader(cofidCodes.map((c) => `${c} (g)`)),
  cofidHeader(cofidCodes),
  cofidHeader(cofidCodes.map((c) => c.toLowerCase())),
  '11-989,"Crumpets, toasted",9 samples,AP,40.3,6.9,1.0,45.4,207,3.1,0.0,3.1,0.10,0.10,0.50,0',
  "13-146,\"Agar, dried\",Literature,DG,9.7,1.3,1.2,Tr,16,Tr,,N,0.30,0.10,0.40,0.0",
  "13-669,\"Aubergine, roasted\",11 samples,DG,80,1,5,3,40,2,,N,N,N,N,0",
  "13-669,\"Watercress, raw\",11 samples,DG,92,3,1,0.4,22,0.4,,N,N,N,N,0",
  "12-571,\"Cr譥 caramel, homemade\",Recipe,BR,70,3,2,20,104,19,0,0,1,1,0,20"
]

/** A fixtures folder of made-up CSVs in the layout of ../shared/fixtures. */
const madeUpFixtures = (foodRows: ReadonlyArray<string> = fnddsCsv.foods): string => {
  const dir = mkdtempSync(join(tmpdir(), "shoal-food-tables-"))
  mkdirSync(join(dir, "fndds-2021-2023"))
  mkdirSync(join(dir, "cofid-2021"))
  writeFileSync(join(dir, "fndds-2021-2023", "foods-and-beverages.csv"), `${foodRows.join("\r\n")}\r\n`)
  writeFileSync(join(dir, "fndds-2021-2023", "nutrient-values.csv"), `${fnddsCsv.nutrients.join("\r\n")}\r\n`)
  writeFileSync(join(dir, "fndds-2021-2023", "portions-and-weights.csv"), `${fnddsCsv.portions.join("\r\n")}\r\n`)
  writeFileSync(join(dir, "cofid-2021", "cofid-2021-simplified.csv"), `${cofidCsv.join("\r\n")}\r\n`)
  return dir
}

const foodsOf = (text: string): ReadonlyArray<ReadonlyArray<unknown>> => JSON.parse(text).foods

describe("parseCsv", () => {
  it("reads quoted commas, doubled quotes and line breaks inside quotes, and CRLF rows", () => {
    expect(parseCsv('a,"b, c","say ""hi""","two\nlines"\r\nx,,z\n')).toEqual([["a", "b, c", 'say "hi"', "two\nlines"], ["x", "", "z"]])
  })
})

describe("buildFoodTables on made-up CSVs", () => {
  it("FNDDS: foods by code, a food without nutrients left out, portions in sequence order without 0 g ones, synonyms kept as written", () => {
    const dir = madeUpFixtures()
    try {
      const [fndds] = buildFoodTables(dir)
      const file = JSON.parse(fndds?.text ?? "{}")
      expect(file.foods.map((f: ReadonlyArray<unknown>) => f[0])).toEqual(["11111000", "22000000"])
      const stew = file.foods[1]
      expect(stew.slice(0, 4)).toEqual(["22000000", "Stew, beef", 'goulash; "hearty" stew', 3002])
      expect(stew[5]).toEqual([["1 cup", 244], ["Quantity not specified", 252]])
      expect(file.foods[0][5]).toEqual([["1 cup", 244]])
      const at = (k: string) => stew[4][file.nutrients.indexOf(k)]
      expect([at("kcal"), at("protein_g"), at("carbs_g"), at("fat_g"), at("fibre_g"), at("sugar_g"), at("water_g")]).toEqual([95, 8, 7.5, 3, 1.2, 1, 80])
      expect(file.categories).toEqual({ "1002": "Milk, whole", "3002": "Meat mixed dishes" })
      expect(file.credit).toContain("Food and Nutrient Database for Dietary Studies 2021-2023")
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("CoFID: Tr stays a trace, N and blank become null (never 0), a code given twice is made unique, a garbled name is repaired", () => {
    const dir = madeUpFixtures()
    try {
      const [, cofid] = buildFoodTables(dir)
      const file = JSON.parse(cofid?.text ?? "{}")
      expect(file.nutrients).toEqual(["kcal", "protein_g", "carbs_g", "fat_g", "fibre_g", "sugar_g", "alcohol_g", "water_g", "saturated_fat_g", "monounsaturated_fat_g", "polyunsaturated_fat_g", "cholesterol_mg"])
      expect(file.foods[0]).toEqual(["11-989", "Crumpets, toasted", "AP", [207, 6.9, 45.4, 1, 3.1, 3.1, 0, 40.3, 0.1, 0.1, 0.5, 0]])
      expect(file.foods[1]).toEqual(["13-146", "Agar, dried", "DG", [16, 1.3, "Tr", 1.2, null, "Tr", null, 9.7, 0.3, 0.1, 0.4, 0]])
      expect(file.foods.map((f: ReadonlyArray<unknown>) => f[0])).toEqual(["11-989", "13-146", "13-669", "13-669/2", "12-571"])
      expect(file.foods[4][1]).toBe("Crème caramel, homemade")
      expect(file.credit).toContain("Open Government Licence v3.0")
      expect(file.credit).toContain("McCance and Widdowson")
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("is deterministic: the same inputs build the same bytes, and FNDDS's output does not depend on the order of its rows", () => {
    const a = madeUpFixtures()
    const b = madeUpFixtures([fnddsCsv.foods[0] ?? "", ...fnddsCsv.foods.slice(1).reverse()])
    try {
      const first = buildFoodTables(a)
      expect(buildFoodTables(a)).toEqual(first)
      expect(foodsOf(buildFoodTables(b)[0]?.text ?? "{}")).toEqual(foodsOf(first[0]?.text ?? "{}"))
      // The file records its inputs by name and hash, never by where they were on this machine.
      expect(first[0]?.text).not.toContain(a)
    } finally {
      rmSync(a, { recursive: true, force: true })
      rmSync(b, { recursive: true, force: true })
    }
  })

  it("stops on a column it cannot find or a value that is not an amount, rather than shifting or zeroing values", () => {
    const dir = madeUpFixtures()
    try {
      const nutrients = join(dir, "fndds-2021-2023", "nutrient-values.csv")
      const good = readFileSync(nutrients, "utf8")
      writeFileSync(nutrients, good.replace("Total Fat (g)", "Fat (g)"))
      expect(() => buildFoodTables(dir)).toThrow(/no column "Total Fat \(g\)"/)
      writeFileSync(nutrients, good.replace(",95,", ",-95,"))
      expect(() => buildFoodTables(dir)).toThrow(/22000000 kcal: "-95" is not an amount/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

const present = existsSync(join(defaultFixtures, "fndds-2021-2023")) && existsSync(join(defaultFixtures, "cofid-2021"))
if (!present) console.log(`FNDDS and CoFID CSVs not found under ${defaultFixtures}: skipping the check that data/fitlog is what they build`)

describe.skipIf(!present)("data/fitlog against the CSVs in ../shared/fixtures", () => {
  it("each committed file is byte for byte what scripts/build-food-tables.mjs builds (run it after changing either)", () => {
    for (const { path, text } of buildFoodTables(defaultFixtures)) {
      const committed = readFileSync(join(root, path), "utf8")
      expect(committed === text, `${path} is stale: run node scripts/build-food-tables.mjs`).toBe(true)
    }
  }, 60_000)
})
