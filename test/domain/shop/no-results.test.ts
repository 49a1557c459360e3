/** How stores say a search found nothing (a break-test store said "We couldn’t find anything for …"), and what is not that. */
import { describe, expect, it } from "@effect/vitest"
import { saysNoResults } from "../../../src/agents/shop/page-reading.js"

describe("a search page that found nothing", () => {
  it("is read in the wordings stores use, English and French, straight or curly apostrophes", () => {
    for (const text of [
      "No products found for “dragonfruit”.",
      "We couldn’t find anything for “dragonfruit”. Try another word.",
      "We couldn't find any products matching your search",
      "Sorry, we were unable to find any results for kale",
      "0 results for saffron",
      "Your search did not match any products.",
      "Aucun résultat pour « pitaya »",
      "Nous n’avons rien trouvé pour « pitaya »"
    ]) expect(saysNoResults(text), text).toBe(true)
  })

  it("is not a page's invitation or a product that happens to say 'no'", () => {
    for (const text of ["Can't find what you're looking for? Ask us.", "No Name Peanut Butter 1 kg", "Couldn't be fresher: our bakery", "Loading…"]) {
      expect(saysNoResults(text), text).toBe(false)
    }
  })
})
