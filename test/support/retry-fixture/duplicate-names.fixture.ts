// Two tests with the same name: the first fails every time, the second always passes.
import { expect, it } from "vitest"

it("same name", () => {
  expect("broken").toBe("fixed")
})

it("same name", () => {
  expect(1).toBe(1)
})
