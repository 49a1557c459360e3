/**
 * Prices as stores write them: pure functions, checked on text and on tiles
 * of real-looking markup rendered by headless Chromium into the aria
 * snapshot the shopper reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { FastCheck } from "effect"
import type { Browser, Page } from "playwright-core"
import { chromium } from "playwright-core"
import { parseSnapshot } from "../../../src/domain/shop/page-snapshot.js"
import { formatMoney, lineCents, moneyIn, parsePriceCents, readTilePrice } from "../../../src/domain/shop/price.js"
import { findTiles } from "../../../src/domain/shop/tiles.js"
import { tileCases } from "../../fakes/stores/tile-markup.js"

describe("money in store text", () => {
  it("reads $, French and thousands formats in cents", () => {
    expect(moneyIn("$12.34 · 12,34 $ · $5 · 1 299,00 $ · $1,299.00 · 3,99$").map((m) => m.cents)).toEqual([1234, 1234, 500, 129900, 129900, 399])
    expect(parsePriceCents("2 for 5")).toBeUndefined()
    expect(parsePriceCents("Price: $ 0.29 /100 g")).toBe(29)
  })

  it.prop("formatting and parsing round-trip", [FastCheck.integer({ min: 0, max: 99_999_999 })], ([cents]) => {
    expect(parsePriceCents(formatMoney(cents))).toBe(cents)
  })
})

describe("one item's price on a tile (text)", () => {
  it("the sale price, not the regular one before or after it", () => {
    expect(readTilePrice(["$6.49", "$5.49", "$0.27 /100 ml"])?.unitCents).toBe(549)
    expect(readTilePrice(["$5.49", "$6.49"])).toMatchObject({ unitCents: 549, regularCents: 649 })
    expect(readTilePrice(["Was $6.49 Now $5.49"])).toMatchObject({ unitCents: 549, regularCents: 649 })
  })

  it("per-unit prices are never the price; alone they give none", () => {
    for (const unit of ["$0.80 /100 g", "$11.00 /kg", "$4.99/lb", "0,27 $ / 100 ml", "$2.20 per kg"]) {
      expect(readTilePrice([unit]), unit).toBeUndefined()
      expect(readTilePrice([unit, "$3.49"])?.unitCents, unit).toBe(349)
    }
  })

  it("avg. ea. is an estimate; savings are not a price", () => {
    expect(readTilePrice(["$24.23 /kg", "$11.02", "avg. ea."])).toMatchObject({ unitCents: 1102, estimated: true })
    expect(readTilePrice(["11,02 $ moy. ch."])).toMatchObject({ unitCents: 1102, estimated: true })
    expect(readTilePrice(["Save $4.00", "$11.99"])?.unitCents).toBe(1199)
    expect(readTilePrice(["$2.00 off", "$3.49"])?.unitCents).toBe(349)
  })

  it("multi-buy deals and their line prices", () => {
    const bread = readTilePrice(["2 / $7.00", "or $3.99 ea."])
    expect(bread).toMatchObject({ unitCents: 399, multiBuy: { count: 2, cents: 700 } })
    expect(bread === undefined ? [] : [1, 2, 3, 4].map((q) => lineCents(bread, q))).toEqual([399, 700, 1099, 1400])
    expect(readTilePrice(["2 for $5"])).toMatchObject({ unitCents: 250, multiBuy: { count: 2, cents: 500 } })
    expect(readTilePrice(["3 pour 10,98 $ ou 3,66 $ ch."])).toMatchObject({ unitCents: 366, multiBuy: { count: 3, cents: 1098 } })
    // A quantity in front of a price is not a deal.
    expect(readTilePrice(["12 eggs", "$4.29"])).toMatchObject({ unitCents: 429, multiBuy: undefined })
  })
})

describe("one item's price on a tile (real-looking markup in Chromium)", () => {
  let browser: Browser | undefined
  let page: Page | undefined
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] })
    page = await browser.newPage()
  }, 30_000)
  afterAll(async () => {
    await browser?.close()
  })

  for (const c of tileCases) {
    it(c.label, async () => {
      if (page === undefined) throw new Error("no page")
      // Every tile among neighbours, so a neighbour's price must not leak in.
      const others = tileCases.filter((o) => o !== c).slice(0, 2).map((o) => `<li>${o.html}</li>`).join("")
      await page.setContent(`<main><ul><li>${c.html}</li>${others}</ul><p>Free delivery over $35</p></main>`)
      const nodes = parseSnapshot(await page.ariaSnapshot({ mode: "ai" }))
      const tiles = findTiles(nodes, "http://127.0.0.1/", "/p/", /add to cart/i)
      expect(tiles.length).toBe(3)
      const price = readTilePrice(tiles[0]?.texts ?? [])
      expect(price?.unitCents).toBe(c.unitCents)
      if (c.regularCents !== undefined) expect(price?.regularCents).toBe(c.regularCents)
      expect(price?.multiBuy).toEqual(c.multiBuy)
      expect(price?.estimated).toBe(c.estimated === true)
    })
  }
})
