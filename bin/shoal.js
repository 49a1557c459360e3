#!/usr/bin/env node
// The `shoal` command: runs one of the CLI bundles that `npm install` builds
// (scripts/cli-bundle.mjs; bin/bundles.js says which), compiled with a V8 code cache so start-up skips
// most parsing. A missing or rejected cache only costs speed: it is remade.
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { createRequire, Module } from "node:module"
import { dirname } from "node:path"
import { fileURLToPath } from "node:url"
import { Script } from "node:vm"
import { bundleFor } from "./bundles.js"

const bundle = fileURLToPath(new URL(`../dist/cli/${bundleFor(process.argv.slice(2))}`, import.meta.url))
const cacheFile = `${bundle}.cache`
if (!existsSync(bundle)) {
  process.stderr.write("shoal is not built yet: run `npm run build` (npm install does it for you).\n")
  process.exit(1)
}

// The bundle loads its external packages (SDKs, appium-adb, playwright…)
// through this, resolved from here: Node's ESM loader, which also takes the
// packages that are ES modules only (see scripts/cli-bundle.mjs).
// Those packages are optional peers (an embedder of one agent does not get
// the others' browser, ADB or SQLite): a command that needs a missing one
// says which to install, instead of a stack trace.
globalThis.__shoalImport = (specifier) =>
  import(specifier).catch((error) => {
    const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]
    if (error?.code !== "ERR_MODULE_NOT_FOUND" || !String(error.message).includes(`'${name}'`)) throw error
    process.stderr.write(`shoal: this command needs ${name}, an optional package that is not installed here.\n` +
      `Install it next to shoal: npm install ${name}\n`)
    process.exit(1)
  })

const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined
const script = new Script(Module.wrap(readFileSync(bundle, "utf8")), {
  filename: bundle,
  ...(cachedData === undefined ? {} : { cachedData })
})
if (cachedData === undefined || script.cachedDataRejected === true) {
  // Made at exit, so it holds the functions this run compiled, not only the top level.
  process.once("beforeExit", () => {
    try {
      writeFileSync(cacheFile, script.createCachedData())
    } catch {
      // A read-only install keeps working, just without the cache.
    }
  })
}
const module = { exports: {} }
script.runInThisContext().call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle))
