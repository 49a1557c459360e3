// `node scripts/build-food-tables.mjs [--fixtures DIR] [--check]`: builds
// fitlog's two committed food tables from the source CSVs, read in place from
// ../shared/fixtures (or DIR) and never copied into the repository:
//
//   fndds-2021-2023/{foods-and-beverages,nutrient-values,portions-and-weights}.csv
//     → data/fitlog/fndds-2021-2023.json  (USDA FNDDS 2021-2023, public domain)
//   cofid-2021/cofid-2021-simplified.csv
//     → data/fitlog/cofid-2021.json        (CoFID 2021, Open Government Licence v3.0)
//
// Each output keeps only what fitlog uses: per food its code, names, category,
// the nutrients of src/domain/fitlog (types.ts `Nutrients`, nutrients.ts
// `detailNutrients`) per 100 g, and (FNDDS) its household portions in USDA's
// order. A file is one JSON object with one food per line, so a rebuild's diff
// reads food by food. The same inputs give byte-identical files: no dates, no
// absolute paths, foods in a fixed order; the inputs' SHA-256 are recorded so a
// reader knows which files produced it. `--check` writes nothing and exits 1
// when a committed file differs from what the inputs build.
// Read by src/services/nutrition-table/food-table-files.ts.
import { createHash } from "node:crypto"
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { parseCsv } from "./csv.mjs"

const root = fileURLToPath(new URL("..", import.meta.url))

/** Where the files are written, relative to the repository. */
export const outputs = { fndds: "data/fitlog/fndds-2021-2023.json", cofid: "data/fitlog/cofid-2021.json" }

/** Where the inputs are read from by default: the shared fixtures beside the repository. */
export const defaultFixtures = resolve(root, "..", "shared", "fixtures")

export const fnddsCitation =
  "U.S. Department of Agriculture, Agricultural Research Service. Food and Nutrient Database for Dietary Studies 2021-2023. " +
  "Food Surveys Research Group Home Page, http://www.ars.usda.gov/nea/bhnrc/fsrg"

export const cofidAttribution =
  "Contains public sector information licensed under the Open Government Licence v3.0. " +
  "McCance and Widdowson's The Composition of Foods Integrated Dataset 2021 (Public Health England / Office for Health Improvement and Disparities)."

/** One CSV reader for the repository: scripts/csv.mjs (the bench reads its fixtures with it too). */
export { parseCsv }

const header = (name) => name.replace(/\s+/g, " ").trim()

/** A table's columns by header name; a missing header stops the build rather than shifting every value. */
const columns = (headerRow, wanted, file) => {
  const names = headerRow.map(header)
  return Object.fromEntries(
    Object.entries(wanted).map(([key, name]) => {
      const at = names.indexOf(name)
      if (at < 0) throw new Error(`${file}: no column "${name}" (for ${key})`)
      return [key, at]
    })
  )
}

const amount = (text, where) => {
  if (text === undefined) throw new Error(`${where}: no value (a short row)`)
  const n = Number(text)
  if (text.trim() === "" || !Number.isFinite(n) || n < 0) throw new Error(`${where}: "${text}" is not an amount`)
  return n
}

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex")

/** One food per line inside one JSON object; keys in the order given. */
const render = (head, foods) => {
  const top = Object.entries(head).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
  return `{${top.join(",\n")},\n"foods":[\n${foods.map((f) => JSON.stringify(f)).join(",\n")}\n]}\n`
}

/** FNDDS's nutrient columns for fitlog's keys (FNDDS has no ash, manganese, pantothenic acid, or IU values). */
const fnddsNutrients = {
  kcal: "Energy (kcal)",
  protein_g: "Protein (g)",
  carbs_g: "Carbohydrate (g)",
  fat_g: "Total Fat (g)",
  fibre_g: "Fiber, total dietary (g)",
  sugar_g: "Sugars, total (g)",
  alcohol_g: "Alcohol (g)",
  sodium_mg: "Sodium (mg)",
  water_g: "Water (g)",
  calcium_mg: "Calcium (mg)",
  iron_mg: "Iron (mg)",
  magnesium_mg: "Magnesium (mg)",
  phosphorus_mg: "Phosphorus (mg)",
  potassium_mg: "Potassium (mg)",
  zinc_mg: "Zinc (mg)",
  copper_mg: "Copper (mg)",
  selenium_ug: "Selenium (mcg)",
  vitamin_c_mg: "Vitamin C (mg)",
  thiamin_mg: "Thiamin (mg)",
  riboflavin_mg: "Riboflavin (mg)",
  niacin_mg: "Niacin (mg)",
  vitamin_b6_mg: "Vitamin B-6 (mg)",
  folate_ug: "Folate, total (mcg)",
  folic_acid_ug: "Folic acid (mcg)",
  food_folate_ug: "Folate, food (mcg)",
  folate_dfe_ug: "Folate, DFE (mcg_DFE)",
  choline_mg: "Choline, total (mg)",
  vitamin_b12_ug: "Vitamin B-12 (mcg)",
  vitamin_a_rae_ug: "Vitamin A, RAE (mcg_RAE)",
  retinol_ug: "Retinol (mcg)",
  alpha_carotene_ug: "Carotene, alpha (mcg)",
  beta_carotene_ug: "Carotene, beta (mcg)",
  beta_cryptoxanthin_ug: "Cryptoxanthin, beta (mcg)",
  lycopene_ug: "Lycopene (mcg)",
  lutein_zeaxanthin_ug: "Lutein + zeaxanthin (mcg)",
  vitamin_e_mg: "Vitamin E (alpha-tocopherol) (mg)",
  vitamin_d_ug: "Vitamin D (D2 + D3) (mcg)",
  vitamin_k_ug: "Vitamin K (phylloquinone) (mcg)",
  saturated_fat_g: "Fatty acids, total saturated (g)",
  monounsaturated_fat_g: "Fatty acids, total monounsaturated (g)",
  polyunsaturated_fat_g: "Fatty acids, total polyunsaturated (g)",
  cholesterol_mg: "Cholesterol (mg)"
}

const fnddsFiles = ["foods-and-beverages.csv", "nutrient-values.csv", "portions-and-weights.csv"]

/**
 * FNDDS: every food of foods-and-beverages.csv that has nutrient values
 * (one does not: 11000000 "Milk, human"), sorted by food code, each
 * `[code, main description, additional description, WWEIA category, values, portions]`
 * with values in `nutrients` order and portions `[description, grams]` by USDA's
 * sequence number. A portion of 0 g is no portion and is left out.
 */
const buildFndds = (dir, log) => {
  const bytes = fnddsFiles.map((f) => readFileSync(join(dir, f)))
  const [foods, nutrients, portions] = bytes.map((b) => parseCsv(b.toString("utf8")))
  const fc = columns(foods[0], { code: "Food code", main: "Main food description", more: "Additional food description", cat: "WWEIA Category number", catName: "WWEIA Category description" }, fnddsFiles[0])
  const nc = columns(nutrients[0], { code: "Food code", ...fnddsNutrients }, fnddsFiles[1])
  const pc = columns(portions[0], { code: "Food code", seq: "Seq num", description: "Portion description", grams: "Portion weight (g)" }, fnddsFiles[2])
  const keys = Object.keys(fnddsNutrients)

  const values = new Map()
  for (const row of nutrients.slice(1)) values.set(row[nc.code], keys.map((k) => amount(row[nc[k]], `${fnddsFiles[1]} ${row[nc.code]} ${k}`)))
  const portionsOf = new Map()
  let zeroPortions = 0
  for (const row of portions.slice(1)) {
    const grams = amount(row[pc.grams], `${fnddsFiles[2]} ${row[pc.code]}`)
    if (grams === 0) {
      zeroPortions++
      continue
    }
    const list = portionsOf.get(row[pc.code]) ?? []
    list.push({ seq: amount(row[pc.seq], `${fnddsFiles[2]} seq`), description: row[pc.description].trim(), grams })
    portionsOf.set(row[pc.code], list)
  }

  const categories = new Map()
  const out = []
  const skipped = []
  for (const row of foods.slice(1).sort((a, b) => (a[fc.code] < b[fc.code] ? -1 : a[fc.code] > b[fc.code] ? 1 : 0))) {
    const code = row[fc.code]
    const v = values.get(code)
    if (v === undefined) {
      skipped.push(`${code} ${row[fc.main]}`)
      continue
    }
    categories.set(row[fc.cat], row[fc.catName].trim())
    const p = (portionsOf.get(code) ?? []).sort((a, b) => a.seq - b.seq).map((x) => [x.description, x.grams])
    out.push([code, row[fc.main].trim(), row[fc.more].trim(), Number(row[fc.cat]), v, p])
  }
  log(`FNDDS: ${out.length} foods, ${out.reduce((n, f) => n + f[5].length, 0)} portions; left out: ${skipped.length} without nutrient values (${skipped.join("; ")}), ${zeroPortions} portion(s) of 0 g`)
  const text = render(
    {
      table: "FNDDS 2021-2023",
      credit: fnddsCitation,
      licence: "Public domain (a work of the U.S. Government); USDA asks for the citation above.",
      builtBy: "scripts/build-food-tables.mjs",
      from: fnddsFiles.map((f, i) => ({ file: `fndds-2021-2023/${f}`, sha256: sha256(bytes[i]) })),
      carbohydrate: "total, by difference (includes fibre)",
      nutrients: keys,
      categories: Object.fromEntries([...categories].sort(([a], [b]) => Number(a) - Number(b))),
      format: "foods: [code, main description, additional description, WWEIA category, values per 100 g in `nutrients` order, portions [description, grams] in USDA order]"
    },
    out
  )
  return text
}

/** CoFID's columns for fitlog's keys. Fibre is AOAC fibre (the measure USDA's "dietary fibre" is), not NSP. CoFID has no sodium in this file. */
const cofidNutrients = {
  kcal: "KCALS",
  protein_g: "PROT",
  carbs_g: "CHO",
  fat_g: "FAT",
  fibre_g: "AOACFIB",
  sugar_g: "TOTSUG",
  alcohol_g: "ALCO",
  water_g: "WATER",
  saturated_fat_g: "SATFOD",
  monounsaturated_fat_g: "MONOFOD",
  polyunsaturated_fat_g: "POLYFOD",
  cholesterol_mg: "CHOL"
}

/**
 * Text the source's UTF-16 conversion garbled, repaired. Any other character
 * outside Latin-1 (and ’) in a name stops the build, so a new glitch is seen.
 */
const repairs = [["譥", "ème"]]
const repairName = (name, where) => {
  const fixed = repairs.reduce((s, [bad, good]) => s.split(bad).join(good), name)
  if (/[^\u0020-\u00ff\u2019]/u.test(fixed)) throw new Error(`${where}: unexpected character in "${fixed}"`)
  return fixed
}

/** A CoFID value: "Tr" (trace) stays "Tr", "N" (not reliably measured) and blank become null: none of them is 0. */
const cofidValue = (text, where) => {
  if (text === undefined) throw new Error(`${where}: no value (a short row)`)
  const t = text.trim()
  if (t === "Tr") return "Tr"
  if (t === "N" || t === "") return null
  return amount(t, where)
}

const cofidFile = "cofid-2021-simplified.csv"

/**
 * CoFID: every food in the file's order, `[id, name, group, values]`. The id is
 * CoFID's food code; a code the file gives twice (13-669: roasted aubergine and
 * raw watercress) keeps it for the first food and gets "/2" for the second.
 */
const buildCofid = (dir, log) => {
  const bytes = readFileSync(join(dir, cofidFile))
  const rows = parseCsv(bytes.toString("utf8"))
  // Three header rows: names with units, short codes, long names; data from the fourth.
  const c = columns(rows[1], { code: "Food Code", name: "Food Name", group: "Group", ...cofidNutrients }, cofidFile)
  const keys = Object.keys(cofidNutrients)
  const seen = new Map()
  const renamed = []
  const out = rows.slice(3).filter((r) => r.length > 1).map((row) => {
    const code = row[c.code].trim()
    const n = (seen.get(code) ?? 0) + 1
    seen.set(code, n)
    const id = n === 1 ? code : `${code}/${n}`
    if (n > 1) renamed.push(`${code} → ${id} (${row[c.name]})`)
    return [id, repairName(row[c.name].trim(), `${cofidFile} ${code}`), row[c.group].trim(), keys.map((k) => cofidValue(row[c[k]], `${cofidFile} ${code} ${k}`))]
  })
  log(`CoFID: ${out.length} foods; duplicate codes renamed: ${renamed.join("; ") || "none"}`)
  return render(
    {
      table: "CoFID 2021",
      credit: cofidAttribution,
      licence: "Open Government Licence v3.0, https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/",
      builtBy: "scripts/build-food-tables.mjs",
      from: [{ file: `cofid-2021/${cofidFile}`, sha256: sha256(bytes) }],
      carbohydrate: "available carbohydrate, as monosaccharide equivalents (excludes fibre)",
      nutrients: keys,
      values: "per 100 g; \"Tr\" a trace, null unknown (CoFID's N or blank)",
      format: "foods: [food code, name, CoFID food group code, values in `nutrients` order]"
    },
    out
  )
}

/** What the inputs in `fixtures` build: each output's path (relative to the repository) and text. */
export const buildFoodTables = (fixtures = defaultFixtures, log = () => {}) => [
  { path: outputs.fndds, text: buildFndds(join(fixtures, "fndds-2021-2023"), log) },
  { path: outputs.cofid, text: buildCofid(join(fixtures, "cofid-2021"), log) }
]

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const at = args.indexOf("--fixtures")
  const fixtures = resolve(at >= 0 ? (args[at + 1] ?? "") : defaultFixtures)
  const check = args.includes("--check")
  if (!existsSync(join(fixtures, "fndds-2021-2023")) || !existsSync(join(fixtures, "cofid-2021"))) {
    process.stderr.write(`build-food-tables: no fndds-2021-2023/ and cofid-2021/ under ${fixtures} (pass --fixtures DIR)\n`)
    process.exit(2)
  }
  process.stdout.write(`reading ${join(fixtures, "fndds-2021-2023")}/{${fnddsFiles.join(",")}} and ${join(fixtures, "cofid-2021", cofidFile)}\n`)
  let stale = false
  for (const { path, text } of buildFoodTables(fixtures, (line) => process.stdout.write(`${line}\n`))) {
    const file = join(root, path)
    const same = existsSync(file) && readFileSync(file, "utf8") === text
    if (check) {
      stale ||= !same
      process.stdout.write(`${path}: ${same ? "up to date" : "STALE"}\n`)
    } else {
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, text)
      process.stdout.write(`wrote ${path} (${Buffer.byteLength(text)} bytes${same ? ", unchanged" : ""})\n`)
    }
  }
  if (stale) process.exit(1)
}
