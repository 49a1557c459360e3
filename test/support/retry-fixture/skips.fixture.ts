// One passing test, one skipped, one todo.
import { expect, it } from "vitest"

it("passes", () => {
  expect(1).toBe(1)
})
it.skip("is skipped", () => {
  expect(1).toBe(2)
})
it.todo("is to do")
