// `npm test` (and `npm run test:quick`): the type check, then vitest, then two checks no single test can make.
//
//   node scripts/test.mjs [--no-typecheck] [vitest options and file filters…]
//
// - With CI set (CI=true, as CI runs it), every test file that failed runs once more, alone. A test that failed
//   and then passed is printed as FLAKY, with its name, in a block at the end, and does not fail the run; a
//   test that fails twice does. Without CI nothing runs twice: a failure is a failure.
// - The run leaves nothing behind. Its tests get a temporary directory of their own (TMPDIR) and a mark in
//   their environment (SHOAL_TEST_RUN) that every process they start inherits. Afterwards a file left in that
//   directory, a Chromium profile or `shoal-*` folder left straight in /tmp, or a process still carrying the
//   mark (a browser, an adb server, a PostgreSQL) fails the run, named; the processes are stopped and the
//   directory removed either way.
//
// The last line is `tests: N passed, N failed, N skipped`, counting each test once, as its last run ended.
import { spawn } from "node:child_process"
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { basename, dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const require = createRequire(import.meta.url)
const vitestBin = join(dirname(require.resolve("vitest/package.json")), "vitest.mjs")
const tscBin = join(dirname(require.resolve("typescript/package.json")), "bin", "tsc")

const argv = process.argv.slice(2)
const typecheck = !argv.includes("--no-typecheck")
const vitestArgs = argv.filter((arg) => arg !== "--no-typecheck")
const ci = !["", "0", "false"].includes((process.env.CI ?? "").trim().toLowerCase())

/** Runs a child with the terminal's output; resolves with its exit code (a signal counts as a failure). */
const run = (args, env) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] })
    child.on("exit", (code, signal) => resolve(code ?? (signal === null ? 1 : 128)))
    child.on("error", () => resolve(1))
  })

// Ctrl-C reaches the children through the terminal; this script waits for them and still cleans up.
let interrupted = false
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (interrupted = true))

if (typecheck) {
  process.stdout.write("Type check (tsc --noEmit)…\n")
  const code = await run([tscBin, "--noEmit", "-p", "."], process.env)
  if (code !== 0) process.exit(code)
}

const startedAt = Date.now()
const tmpBefore = new Set(readdirSync(tmpdir()))
const runDir = mkdtempSync(join(tmpdir(), "shoal-test-run-"))
const runTmp = join(runDir, "tmp")
mkdirSync(runTmp)
// As /tmp is: a test may run a tool as another user (PostgreSQL's as `postgres`), which must reach its folder.
chmodSync(runDir, 0o755)
chmodSync(runTmp, 0o1777)
const runId = basename(runDir)
const envFor = (results) => ({ ...process.env, TMPDIR: runTmp, SHOAL_TEST_TMP: runTmp, SHOAL_TEST_RUN: runId, SHOAL_TEST_RESULTS: join(runDir, results) })

/** What the summary reporter wrote, or undefined when vitest ended before writing it. */
const readResults = (name) => {
  const file = join(runDir, name)
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined
}
const failedFile = (file) => file.state === "failed" || file.tests.some((test) => test.state === "failed")
const shown = (file) => relative(root, file)

// Options are kept for the second try (the config above all); file filters are not: it names the file itself.
const optionArgs = []
for (let i = 0; i < vitestArgs.length; i++) {
  const arg = vitestArgs[i]
  if (!arg.startsWith("-")) continue
  optionArgs.push(arg)
  if (["--config", "-c", "--root", "-r", "--dir", "--project"].includes(arg) && i + 1 < vitestArgs.length) optionArgs.push(vitestArgs[++i])
}

const problems = []
const firstCode = await run([vitestBin, "run", ...vitestArgs], envFor("results-0.json"))
const first = readResults("results-0.json")
/** file → its results as they last ended */
const last = new Map((first?.files ?? []).map((file) => [file.file, file]))
const flaky = []

if (first === undefined) problems.push(`vitest ended (exit ${firstCode}) before reporting any result`)
else {
  for (const error of first.unhandledErrors) problems.push(`unhandled error outside any test: ${error}`)
  const failedFiles = first.files.filter(failedFile)
  if (failedFiles.length > 0 && ci && !interrupted) {
    process.stdout.write(`\nCI: running ${failedFiles.length} failed test file(s) again, each alone\n`)
    for (const [index, file] of failedFiles.entries()) {
      const name = `results-${index + 1}.json`
      await run([vitestBin, "run", ...optionArgs, file.file], envFor(name))
      const again = readResults(name)?.files.find((f) => f.file === file.file)
      if (again === undefined) continue
      last.set(file.file, again)
      const passedNow = new Set(again.tests.filter((t) => t.state === "passed").map((t) => t.name))
      for (const test of file.tests) if (test.state === "failed" && passedNow.has(test.name)) flaky.push(`${shown(file.file)} > ${test.name}`)
      if (file.tests.every((t) => t.state !== "failed") && !failedFile(again)) flaky.push(`${shown(file.file)} (failed outside its tests)`)
    }
  }
  if (firstCode !== 0 && first.files.length > 0 && !first.files.some(failedFile) && first.unhandledErrors.length === 0)
    problems.push(`vitest exited ${firstCode} with every test passed`)
}

// What the run left behind.
const marked = []
for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
  if (Number(pid) === process.pid) continue
  try {
    const environ = readFileSync(`/proc/${pid}/environ`, "latin1").split("\0")
    if (!environ.includes(`SHOAL_TEST_RUN=${runId}`)) continue
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "latin1").split("\0").join(" ").trim()
    marked.push({ pid: Number(pid), cmdline })
  } catch {
    // Gone meanwhile, or not ours to read.
  }
}
for (const { pid, cmdline } of marked) {
  problems.push(`process left running: ${pid} ${cmdline.slice(0, 160)}`)
  try {
    process.kill(pid, "SIGKILL")
  } catch {
    // Already ended.
  }
}
// Each worker's own directory (test/support/temp-dir.ts) is emptied as each file ends; what is in it now came later.
for (const entry of readdirSync(runTmp)) {
  const inside = /^worker-/.test(entry) ? readdirSync(join(runTmp, entry)).map((e) => `${entry}/${e}`) : [entry]
  for (const path of inside) problems.push(`left in the test run's TMPDIR: ${path}`)
}
// Names that only this project's tests and the browsers they start create, written straight to /tmp (a path
// that ignored TMPDIR), since this run began. Another run's own directory is its own business.
const ours = /^(shoal-(?!test-run-)|playwright|\.org\.chromium\.|chromium-)/
for (const entry of readdirSync(tmpdir())) {
  if (tmpBefore.has(entry) || !ours.test(entry)) continue
  try {
    if (statSync(join(tmpdir(), entry)).ctimeMs >= startedAt) problems.push(`left in ${tmpdir()}: ${entry}`)
  } catch {
    // Removed meanwhile.
  }
}
rmSync(runDir, { recursive: true, force: true })

let passed = 0
let failed = 0
let skipped = 0
for (const file of last.values()) {
  for (const test of file.tests) {
    if (test.state === "passed") passed++
    else if (test.state === "failed") failed++
    else skipped++
  }
  if (file.state === "failed" && file.tests.length === 0) failed++
}

if (ci && last.size > 0) {
  const slowest = [...last.values()].sort((a, b) => b.durationMs - a.durationMs).slice(0, 8)
  process.stdout.write(`\nSlowest test files (whole run ${((Date.now() - startedAt) / 1000).toFixed(0)} s):\n`)
  for (const file of slowest) process.stdout.write(`  ${(file.durationMs / 1000).toFixed(1).padStart(6)} s  ${shown(file.file)}\n`)
}
if (flaky.length > 0) {
  process.stdout.write(`\nFLAKY: ${flaky.length} test(s) failed, then passed when their file ran again alone. Fix them:\n`)
  for (const name of flaky) process.stdout.write(`  FLAKY ${name}\n`)
}
if (problems.length > 0) {
  process.stdout.write(`\nThe test run failed outside its tests:\n`)
  for (const problem of problems) process.stdout.write(`  ${problem}\n`)
}
process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`)
process.exit(failed === 0 && problems.length === 0 && !interrupted ? 0 : 1)
