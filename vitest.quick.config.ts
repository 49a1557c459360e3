/**
 * `npm run test:quick`: the inner loop. The same suite without the files that start a browser, a database
 * (PostgreSQL, a SQLite file through @effect/sql, the cluster's storage), an adb client or any child process:
 * what is left are the unit, property and fake-layer tests.
 *
 * Which files those are is read from the code, so a new test lands on the right side by itself: a test file is
 * left out when it, or a module it imports (followed through relative imports, in test/ and src/), names one of
 * the things below.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import base from "./vitest.config.js"

const root = fileURLToPath(new URL(".", import.meta.url))

const slow = [
  /from "playwright-core"/,
  /from "node:child_process"/,
  /from "appium-adb"/,
  /from "@effect\/sql-pg"/,
  /\bchromium\b/i,
  /\binitdb\b/,
  /from "@effect\/(cluster|workflow|sql-sqlite-node)"/
]

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

/** A relative import's file: `./x.js` is `./x.ts` in this tree. */
const importsOf = (file: string, text: string): Array<string> =>
  [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((m) => resolve(dirname(file), (m[1] ?? "").replace(/\.js$/, ".ts")))

const verdict = new Map<string, boolean>()
const startsSomething = (file: string, seen: Set<string> = new Set()): boolean => {
  const known = verdict.get(file)
  if (known !== undefined) return known
  if (seen.has(file)) return false
  seen.add(file)
  const text = read(file)
  if (text === undefined) return false
  const result = slow.some((pattern) => pattern.test(text)) || importsOf(file, text).some((dep) => startsSomething(dep, seen))
  verdict.set(file, result)
  return result
}

const quick = [...walk(join(root, "test")), ...walk(join(root, "examples"))]
  .filter((file) => file.endsWith(".test.ts") && !startsSomething(file))
  .map((file) => relative(root, file))

// Not mergeConfig: it would append this list to the full suite's.
export default { ...base, test: { ...base.test, include: quick } }
