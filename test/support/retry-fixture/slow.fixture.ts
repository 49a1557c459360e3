// Takes a while, so the script can be stopped while it runs.
import { expect, it } from "vitest"

it("takes eight seconds", async () => {
  await new Promise((resolve) => setTimeout(resolve, 8_000))
  expect(1).toBe(1)
}, 20_000)
