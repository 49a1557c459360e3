/**
 * `npm run test:quick`: the inner loop. The same suite without the files that start a browser, a database
 * (PostgreSQL, a SQLite file through @effect/sql, the cluster's storage), an adb client or any child process:
 * what is left are the unit, property and fake-layer tests.
 *
 * Which files those are is read from the code, so a new test lands on the right side by itself: a test file is
 * left out when it, or a module it imports (followed through relative imports and `shoal/*`, in test/ and src/),
 * imports one of the packages below: words in comments and strings do not count.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import base from "./vitest.config.js"

const root = fileURLToPath(new URL(".", import.meta.url))

// Imported statically or loaded with import(), a package or a subpath of it: what starts a browser, a child process
// (initdb and pg_ctl included), adb, or a database.
const slowPackages = ["playwright-core", "node:child_process", "child_process", "appium-adb", "@effect/sql-pg", "@effect/sql-sqlite-node", "@effect/cluster", "@effect/workflow"]
const isSlow = (name: string) => slowPackages.some((p) => name === p || name.startsWith(`${p}/`))

const walk = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    return statSync(path).isDirectory() ? (entry === "node_modules" || entry === "consumer" ? [] : walk(path)) : [path]
  })

const source = new Map<string, string>()
const read = (path: string): string | undefined => {
  if (!source.has(path)) {
    try {
      source.set(path, readFileSync(path, "utf8"))
    } catch {
      return undefined
    }
  }
  return source.get(path)
}

/** The package's own modules as tests import them by name (tsconfig.json's paths). */
const byName = (name: string): string | undefined =>
  name === "shoal" ? join(root, "src/index.ts") : name === "shoal/gui" ? join(root, "src/gui/index.ts") : name.startsWith("shoal/") ? join(root, "src/exports", `${name.slice(6)}.ts`) : undefined

/** What a file imports, statically or with import(), as TypeScript reads it (not words in comments or strings). */
const importsIn = (text: string): Array<string> => ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName)

/** The modules of this tree a file imports: `./x.js` is `./x.ts` here. */
const ownModules = (file: string, names: ReadonlyArray<string>): Array<string> =>
  names.flatMap((name) => {
    if (name.startsWith(".")) return [resolve(dirname(file), name.replace(/\.js$/, ".ts"))]
    const own = byName(name)
    return own === undefined ? [] : [own]
  })

const verdict = new Map<string, boolean>()
const startsSomething = (file: string, seen: Set<string> = new Set()): boolean => {
  const known = verdict.get(file)
  if (known !== undefined) return known
  if (seen.has(file)) return false
  seen.add(file)
  const text = read(file)
  if (text === undefined) return false
  const names = importsIn(text)
  const result = names.some(isSlow) || ownModules(file, names).some((dep) => startsSomething(dep, seen))
  verdict.set(file, result)
  return result
}

const quick = [...walk(join(root, "test")), ...walk(join(root, "examples"))]
  .filter((file) => file.endsWith(".test.ts") && !startsSomething(file))
  .map((file) => relative(root, file))

// Not mergeConfig: it would append this list to the full suite's.
export default { ...base, test: { ...base.test, include: quick } }
