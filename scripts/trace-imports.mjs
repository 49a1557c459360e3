// `node --import ./scripts/trace-imports.mjs …`: appends every module URL the
// program resolves to the file named by SHOAL_TRACE_IMPORTS, one per line.
// Used to prove that `shoal --help` loads no provider SDK, browser or image library.
import { register } from "node:module"

const out = process.env.SHOAL_TRACE_IMPORTS
if (out !== undefined) {
  register("./trace-imports-hooks.mjs", import.meta.url, { data: { out } })
}
