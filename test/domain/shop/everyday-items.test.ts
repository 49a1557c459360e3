/**
 * A third break-test of `shoal shop` by someone who did not write it, with
 * everyday items, prices and paths invented for it (none from the repo's
 * fixtures): each case here picked the wrong product, missed a fitting one,
 * misread a price or let a lookalike path through before its fix.
 */
import { describe, expect, it } from "@effect/vitest"
import { readTilePrice } from "../../../src/domain/shop/price.js"
import { formatIn, moneyStyleOf } from "../../../src/domain/shop/money-style.js"
import { rankCandidates } from "../../../src/domain/shop/similarity.js"
import { defaultBlockedPaths } from "../../../src/domain/shop/store-profile.js"
import { checkUrl } from "../../../src/domain/shop/url-guard.js"

const pick = (item: string, names: ReadonlyArray<string>): string | undefined => {
  const top = rankCandidates(item, names.map((name) => ({ name })))[0]
  return top !== undefined && top.score >= 0.5 ? top.candidate.name : undefined
}

describe("everyday items: the product that is the item", () => {
  it("a French cut or part before 'de' is the food itself (poitrines de poulet is chicken), not a false not-found", () => {
    expect(pick("poulet", ["Bouillon de poulet 900 ml", "Poitrines de poulet désossées"])).toBe("Poitrines de poulet désossées")
    expect(pick("poulet", ["Soupe au poulet", "Cuisses de poulet"])).toBe("Cuisses de poulet")
    expect(pick("poulet", ["Bouillon de poulet", "Ailes de poulet"])).toBe("Ailes de poulet")
    expect(pick("saumon", ["Galettes de saumon", "Filets de saumon de l'Atlantique"])).toBe("Filets de saumon de l'Atlantique")
    // A product of its own after the cut word stays another product.
    expect(pick("poulet", ["Bouillon de poulet"])).toBeUndefined()
  })

  it("a describing word after an English head (Unsalted, Plain, Sliced, Original, Raw Peeled) leaves the head where it was", () => {
    expect(pick("butter", ["Skippy Peanut Butter", "Gay Lea Butter Unsalted"])).toBe("Gay Lea Butter Unsalted")
    expect(pick("milk", ["Milk Chocolate", "Gay Lea Milk Original"])).toBe("Gay Lea Milk Original")
    expect(pick("yogurt", ["Yogurt Covered Raisins", "Danone Yogurt Plain"])).toBe("Danone Yogurt Plain")
    expect(pick("turkey", ["Turkey Gravy", "Turkey Breast Sliced"])).toBe("Turkey Breast Sliced")
    expect(pick("shrimp", ["Shrimp Cocktail Ring", "Shrimp Raw Peeled"])).toBe("Shrimp Raw Peeled")
  })

  it("an item that names the cut or form itself fits the product named by it (steak is Striploin Steak, not Steak Spice)", () => {
    expect(pick("steak", ["Steak Spice", "Striploin Steak"])).toBe("Striploin Steak")
    expect(pick("steak", ["Montreal Steak Seasoning", "Sirloin Steak 2 pack"])).toBe("Sirloin Steak 2 pack")
  })

  it("ice cream is not cream, in English or French, whatever the store's order", () => {
    expect(pick("cream", ["Ice Cream", "Whipping Cream"])).toBe("Whipping Cream")
    expect(pick("crème", ["Crème glacée", "Crème sure"])).toBe("Crème sure")
    expect(pick("crème", ["Crème glacée vanille", "Crème 35 % à fouetter"])).toBe("Crème 35 % à fouetter")
    // Asked for, it is found.
    expect(pick("ice cream", ["Whipping Cream", "Ice Cream"])).toBe("Ice Cream")
    expect(pick("crème glacée", ["Crème sure", "Crème glacée"])).toBe("Crème glacée")
  })
})

describe("prices written as European and Canadian stores write them", () => {
  it("the currency sign as the decimal mark ('4€99', '2£49') is 4.99, not 99.00", () => {
    expect(readTilePrice(["4€99"])?.unitCents).toBe(499)
    expect(readTilePrice(["12€50 le kg", "2€49"])?.unitCents).toBe(249)
    expect(readTilePrice(["2£49"])?.unitCents).toBe(249)
  })

  it("a currency written with letters (CA$, CAD, EUR, € after with a code) is still a price", () => {
    expect(readTilePrice(["4,99 CA$"])?.unitCents).toBe(499)
    expect(readTilePrice(["4,99 EUR"])?.unitCents).toBe(499)
    expect(readTilePrice(["EUR 4,99"])?.unitCents).toBe(499)
    expect(readTilePrice(["CAD 4.99"])?.unitCents).toBe(499)
  })

  it("pence ('99p') are a price, and a sale 'Was £1.20 Now 99p' is 99p", () => {
    expect(readTilePrice(["99p"])?.unitCents).toBe(99)
    expect(readTilePrice(["Was £1.20 Now 99p"])).toMatchObject({ unitCents: 99, regularCents: 120 })
  })

  it("a total is written in the style of a store that writes '4€99'", () => {
    expect(formatIn(moneyStyleOf(["4€99"]), 1234)).toBe("12,34 €")
  })
})

describe("the guard with other lookalike letters", () => {
  const profile = { allowedHosts: ["127.0.0.1"], blockedPaths: defaultBlockedPaths, baseUrl: "http://127.0.0.1:8080/" }
  const verdict = (path: string) => checkUrl(profile, `http://127.0.0.1:8080${path}`)._tag

  it("a letter from another script inside a Latin word is read as any letter: no lookalike table can list them all", () => {
    for (const path of ["/chec\u1d0bout", "/\u03f2heckout", "/check\ua4f3ut", "/p\u0251yment", "/check\u1d0fut"]) {
      expect(verdict(path), path).toBe("Blocked")
    }
    // Words wholly in another script, and French letters, are read as written.
    expect(verdict("/\u043a\u0430\u0442\u0430\u043b\u043e\u0433")).toBe("Allowed")
    expect(verdict("/fruits-et-légumes/pêches")).toBe("Allowed")
  })

  it("an IIS-style %u escape is decoded before matching", () => {
    expect(verdict("/check%u006fut")).toBe("Blocked")
    expect(verdict("/%u0063heckout")).toBe("Blocked")
  })
})
