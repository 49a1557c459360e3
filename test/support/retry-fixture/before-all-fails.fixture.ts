// Its beforeAll fails every time, so none of its tests runs: the file fails.
import { beforeAll, expect, it } from "vitest"

beforeAll(() => {
  throw new Error("the database would not start")
})

it("needs the database", () => {
  expect(1).toBe(1)
})
