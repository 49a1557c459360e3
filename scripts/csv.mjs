// The repository's one CSV reader: scripts/build-food-tables.mjs reads the
// FNDDS and CoFID tables with it, bench/fitlog-quality.mjs the NutriBench and
// everyday-meals fixtures, bench/text-layer.mjs their text columns.

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks (FNDDS's headers do). */
export const parseCsv = (text) => {
  const rows = []
  let row = []
  let field = ""
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c !== '"') field += c
      else if (text[i + 1] === '"') (field += '"'), i++
      else quoted = false
    } else if (c === '"') quoted = true
    else if (c === ",") row.push(field), (field = "")
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++
      row.push(field), rows.push(row), (row = []), (field = "")
    } else field += c
  }
  if (field !== "" || row.length > 0) row.push(field), rows.push(row)
  return rows
}

/**
 * A CSV file with a header row as one object per row, keyed by the header's
 * names; blank lines are skipped (a file's trailing newline included).
 */
export const csvRecords = (text) => {
  const [header = [], ...rows] = parseCsv(text).filter((r) => !(r.length === 1 && r[0] === ""))
  return rows.map((r) => Object.fromEntries(header.map((name, i) => [name, r[i] ?? ""])))
}
