// Fails every time: a real failure, not a flake.
import { expect, it } from "vitest"

it("fails every time", () => {
  expect("broken").toBe("fixed")
})
