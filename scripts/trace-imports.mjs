// `node --import ./scripts/trace-imports.mjs …`: records every module the
// program loads — ES modules as they resolve, CommonJS ones from the require
// cache at exit — in the file named by SHOAL_TRACE_IMPORTS, one per line.
// Used to prove that `shoal --help` loads no provider SDK, browser or image library.
import { appendFileSync } from "node:fs"
import { createRequire, register } from "node:module"
import { pathToFileURL } from "node:url"

const out = process.env.SHOAL_TRACE_IMPORTS
if (out !== undefined) {
  register("./trace-imports-hooks.mjs", import.meta.url, { data: { out } })
  const cache = createRequire(import.meta.url).cache
  process.once("exit", () => {
    const files = Object.keys(cache).map((file) => pathToFileURL(file).href)
    if (files.length > 0) appendFileSync(out, `${files.join("\n")}\n`)
  })
}
