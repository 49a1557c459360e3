/**
 * Text a store's pages wrote (product names, prices, messages, links) is untrusted: in the summary file it
 * stays text. Rendered by a real Markdown renderer (marked, GitHub-flavoured: it links bare URLs too), a
 * hostile name can form no link, image, heading, emphasis or HTML; only a product link on the store's own
 * host is written as a link. And in the list file it can never become a new key.
 */
import { describe, expect, it } from "@effect/vitest"
import { Either, FastCheck } from "effect"
import { marked } from "marked"
import { Cents, ItemAdded, ItemFailed, ItemId, ItemName, ItemNotFound } from "../../../src/domain/shop/item.js"
import { markdownText, renderSummary, summarize } from "../../../src/domain/shop/summary.js"
import { failedPatch, parseList, patchItem } from "../../../src/services/shopping-list/internal/yaml-list.js"

const store = "https://shop.example"

const addedAs = (productName: string, url = `${store}/p/1`, priceText = "$2.99") =>
  new ItemAdded({
    itemId: ItemId.make("milk"),
    itemName: ItemName.make("milk"),
    productName,
    priceText,
    priceCents: Cents.make(299),
    url,
    quantity: 1
  })

/** The summary of a run where every text the store could write is `hostile`. */
const summaryWith = (hostile: string, url = `${store}/p/1`) =>
  renderSummary(summarize(
    [
      addedAs(hostile, url, hostile),
      new ItemNotFound({ itemId: ItemId.make("kale"), itemName: ItemName.make("kale"), explanation: `A search for "kale" found ${hostile}` }),
      new ItemFailed({ itemId: ItemId.make("tea"), itemName: ItemName.make("tea"), reason: "not_in_cart", error: `the store said: ${hostile}` })
    ],
    `${store}/cart`,
    { before: undefined, after: { lines: [{ name: hostile, url: `${store}/p/1`, quantity: 1, lineCents: 299 }], saysEmpty: false, totalCents: 299 } }
  ))

/**
 * Every element the rendered summary holds, by tag (but the list items and paragraphs, whose number follows the
 * run: a name the cart does not match adds a line of difference), and every link's target.
 */
const rendered = (markdown: string) => {
  const html = marked.parse(markdown, { gfm: true, async: false })
  return {
    html,
    tags: [...html.matchAll(/<([a-z][a-z0-9]*)\b/g)].map((m) => m[1]).filter((t) => !["ul", "li", "p"].includes(t ?? "")),
    links: [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1])
  }
}

/** What the summary is made of when nothing hostile is in it: the same elements must come out whatever the store wrote. */
const baseline = rendered(summaryWith("Farm Milk 1 L"))
const count = (tags: ReadonlyArray<string | undefined>) => tags.reduce((m, t) => m.set(t, (m.get(t) ?? 0) + 1), new Map<string | undefined, number>())

const hostileNames = [
  "Probe 30 summary injection ](http://127.0.0.2:8104/phish) **FREE**",
  "[click me](http://evil.example/)",
  "![pixel](http://evil.example/p.png)",
  "<img src=x onerror=alert(1)>",
  "<a href=\"http://evil.example\">deal</a>",
  "free at http://evil.example/x and www.evil.example",
  "mail me: someone@evil.example",
  "# Heading\n## another\n- item",
  "line one\r\nline two\u2028three",
  "*emphasis* __strong__ `code` ~~gone~~",
  "a \\](http://evil.example) b",
  "&lt;script&gt; &amp; &#60;b&#62;",
  "<http://evil.example>",
  "[ref]: http://evil.example"
]

describe("untrusted store text in the summary", () => {
  it.each(hostileNames)("stays text: %s", (hostile) => {
    const out = rendered(summaryWith(hostile))
    expect(count(out.tags), out.html).toEqual(count(baseline.tags))
    expect(out.links).toEqual(baseline.links)
  })

  it.prop("any name a page can hold forms no element and no link", [FastCheck.string({ unit: FastCheck.constantFrom(..."[]()!<>*_`~#\\&;:/.@w -\nahtp=\"'|x1") , maxLength: 40 })], ([hostile]) => {
    const out = rendered(summaryWith(hostile))
    expect(count(out.tags), out.html).toEqual(count(baseline.tags))
    expect(out.links).toEqual(baseline.links)
  })

  it("reads as the store wrote it: a plain name is unchanged, and escapes keep every character", () => {
    expect(markdownText("Ben & Jerry's Cookie Dough (465 mL)")).toBe("Ben & Jerry's Cookie Dough (465 mL)")
    const text = rendered(summaryWith("Farm *Best* [Milk] 1 L")).html
    expect(text).toContain("Farm *Best* [Milk] 1 L")
  })

  it("a product link off the store's host is written as text, not a link; on its host, a link", () => {
    const off = rendered(summaryWith("Farm Milk 1 L", "http://127.0.0.2:8104/phish"))
    expect(off.links).not.toContain("http://127.0.0.2:8104/phish")
    expect(off.links).toEqual(baseline.links.filter((l) => l !== `${store}/p/1`))
    expect(baseline.links).toContain(`${store}/p/1`)
    const scripted = rendered(summaryWith("Farm Milk 1 L", "javascript:alert(1)"))
    expect(scripted.links).toEqual(off.links)
  })
})

describe("untrusted store text in the list file", () => {
  it.prop("an explanation holding any text is read back as itself, and adds no key", [FastCheck.string({ maxLength: 60 })], ([hostile]) => {
    const list = "items:\n  - name: tea\n"
    const items = (text: string) => Either.getOrThrow(parseList(text, "list.yaml")).entries.map((e) => e.item)
    const [tea] = items(list)
    expect(tea).toBeDefined()
    if (tea === undefined) return
    const back = items(Either.getOrThrow(patchItem(list, "list.yaml", tea.id, failedPatch(hostile))))
    expect(back).toHaveLength(1)
    expect(back[0]?.name).toBe("tea")
    expect(back[0]?.explanation).toBe(hostile)
  })
})
