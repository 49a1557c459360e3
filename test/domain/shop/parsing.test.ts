/** Small parsers at the boundary: the time budget, the page snapshot, redaction, name similarity. */
import { describe, expect, it } from "@effect/vitest"
import { Duration, Either } from "effect"
import { rankProducts } from "../../../src/agents/shop/rule-shopper.js"
import { capSnapshot, parseSnapshot, redact } from "../../../src/domain/shop/page-snapshot.js"
import { nameSimilarity } from "../../../src/domain/shop/similarity.js"
import { parseTimeBudget } from "../../../src/domain/shop/time-budget.js"

const snapshot = `- generic [active] [ref=e1]:
  - status [ref=e2]: 🤖 Shoal is shopping for: milk
  - textbox "Search products" [ref=e5]: whole milk
  - link "Lactantia 2% Milk 2 L" [ref=e12] [cursor=pointer]:
    - /url: /aisles/p/milk-2l
  - link "Chocolate Milk Drink 1 L" [ref=e13] [cursor=pointer]:
    - /url: /aisles/p/choc-milk
  - link "Cart (0)" [ref=e8]:
    - /url: /cart
  - button "Add to cart" [disabled] [ref=e20]
  - heading "Say \\"cheese\\"" [level=1] [ref=e21]`

describe("parseTimeBudget", () => {
  it("reads 5m, 300s, 1h30m, 1500ms and bare seconds", () => {
    const millis = (t: string) => Either.map(parseTimeBudget(t), Duration.toMillis)
    expect(millis("5m")).toEqual(Either.right(300_000))
    expect(millis("300s")).toEqual(Either.right(300_000))
    expect(millis("1h30m")).toEqual(Either.right(5_400_000))
    expect(millis("1500ms")).toEqual(Either.right(1500))
    expect(millis("90")).toEqual(Either.right(90_000))
  })

  it("rejects what is not a positive duration, with a message", () => {
    for (const bad of ["", "5 minutes", "0s", "m5", "5m garbage"]) expect(Either.isLeft(parseTimeBudget(bad)), bad).toBe(true)
  })
})

describe("page snapshot", () => {
  it("parses roles, names, refs, urls, values and disabled", () => {
    const nodes = parseSnapshot(snapshot)
    expect(nodes.find((n) => n.ref === "e12")).toMatchObject({ role: "link", name: "Lactantia 2% Milk 2 L", url: "/aisles/p/milk-2l" })
    expect(nodes.find((n) => n.ref === "e5")).toMatchObject({ role: "textbox", value: "whole milk" })
    expect(nodes.find((n) => n.ref === "e20")).toMatchObject({ role: "button", disabled: true })
    expect(nodes.find((n) => n.ref === "e21")?.name).toBe("Say \"cheese\"")
  })

  it("a capped snapshot stays under the limit, cut at a line, and says what was cut", () => {
    const long = Array.from({ length: 1000 }, (_, i) => `- link "Product ${i}" [ref=e${i}]`).join("\n")
    const capped = capSnapshot(long, 2000)
    expect(capped.length).toBeLessThan(2000 + 120)
    expect(capped).toMatch(/# … \d+ more line\(s\) cut/)
    expect(capped.split("\n").slice(0, -1).every((l) => /^- link "Product \d+" \[ref=e\d+\]$/.test(l))).toBe(true)
    expect(capSnapshot(snapshot, 10_000)).toBe(snapshot)
  })

  it("redacts every occurrence of every secret", () => {
    expect(redact("hi alice@x.com, alice@x.com pw hunter2", ["alice@x.com", "hunter2", ""])).toBe("hi [redacted], [redacted] pw [redacted]")
  })
})

describe("name similarity (offline shopper)", () => {
  it("prefers the product that covers the item's words, plainest first", () => {
    expect(nameSimilarity("2% milk", "Lactantia 2% Milk 2 L")).toBeGreaterThan(nameSimilarity("2% milk", "Chocolate Milk Drink 1 L"))
    expect(nameSimilarity("eggs", "Large White Eggs, 12 count")).toBeGreaterThanOrEqual(0.5)
    expect(nameSimilarity("dragonfruit", "Lactantia 2% Milk 2 L")).toBe(0)
  })

  it("ranks only product links (by the profile's path pattern), resolved against the page", () => {
    const ranked = rankProducts("milk", parseSnapshot(snapshot), "http://s/search?filter=milk", "/aisles/p/[\\w-]+$")
    expect(ranked.map((c) => c.url)).toEqual(["http://s/aisles/p/milk-2l", "http://s/aisles/p/choc-milk"])
  })
})
