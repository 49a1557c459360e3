// A test whose name carries a value that changes between runs (here: which try it is, as a name might carry a
// port, a seed or a time). It fails on its first try and passes on its second, under another name.
import { existsSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { expect, it } from "vitest"

const marker = join(process.env["RETRY_FIXTURE_STATE"] ?? "", "renamed")
const first = !existsSync(marker)
writeFileSync(marker, "")

it(`serves on port ${first ? 40001 : 40002}`, () => {
  expect(first).toBe(false)
})
