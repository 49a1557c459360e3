/**
 * scripts/csv.mjs, the repository's one CSV reader (the food-table build and
 * bench/fitlog-quality.mjs's fixtures): any table written with RFC 4180
 * quoting reads back as written, and `csvRecords` keys rows by the header.
 */
import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { csvRecords, parseCsv } from "../../scripts/csv.mjs"

/** How Python's csv module (the fixtures' writer) quotes: a field with a comma, quote or line break is quoted, quotes doubled. */
const writeCsv = (rows: ReadonlyArray<ReadonlyArray<string>>, eol: string) =>
  rows.map((r) => r.map((f) => (/[",\r\n]/.test(f) ? `"${f.replaceAll("\"", "\"\"")}"` : f)).join(",")).join(eol) + eol

describe("parseCsv", () => {
  it.prop("reads back any table its quoting rules write, with LF or CRLF rows", [
    fc.array(fc.array(fc.string({ unit: fc.constantFrom("a", "b", " ", ",", "\"", "\n", "\r\n", "é", "🍕") }), { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
    fc.constantFrom("\n", "\r\n")
  ], ([rows, eol]) => {
    expect(parseCsv(writeCsv(rows, eol))).toEqual(rows)
  })
})

describe("csvRecords", () => {
  it("keys each row by the header, keeps a quoted comma in its field and skips blank lines", () => {
    expect(csvRecords("text,kcal_ref,kind\r\n\"toast, buttered\",150,single\r\n\r\nmilk,,drink\r\n")).toEqual([
      { text: "toast, buttered", kcal_ref: "150", kind: "single" },
      { text: "milk", kcal_ref: "", kind: "drink" }
    ])
  })

  it("gives a short row's missing fields as empty text, never undefined", () => {
    expect(csvRecords("a,b,c\n1,2\n")).toEqual([{ a: "1", b: "2", c: "" }])
  })
})
