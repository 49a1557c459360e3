// Its test passes, but its afterAll fails every time: the file fails.
import { afterAll, expect, it } from "vitest"

afterAll(() => {
  throw new Error("the browser would not close")
})

it("passes on its own", () => {
  expect(1).toBe(1)
})
