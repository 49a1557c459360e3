// `npm test` (and `npm run test:quick`): the type check alongside vitest, then two checks no single test can make.
//
//   node scripts/test.mjs [--no-typecheck] [vitest options and file filters…]
//
// - The type check (`tsc --noEmit`) runs while the tests run, on the core they leave free, and is incremental: its
//   build info is kept in node_modules/.cache/shoal/ (never committed), so a run after a small change re-checks only
//   what the change can affect, and a fresh clone, or a lost or damaged cache, checks everything from scratch. Its
//   output is printed as one block after the tests; a type error fails the run (the tests still run and report).
// - With CI set (CI=true, as CI runs it), every test file that failed runs once more, alone. A test that failed
//   and then passed is printed as FLAKY, with its name, in a block at the end, and does not fail the run; a
//   test that fails twice does. Without CI nothing runs twice: a failure is a failure.
// - The run leaves nothing behind. Its tests get a temporary directory of their own (TMPDIR) and a mark in
//   their environment (SHOAL_TEST_RUN) that every process they start inherits. Afterwards a file left in that
//   directory, a Chromium profile or `shoal-*` folder left straight in /tmp, or a process still carrying the
//   mark (a browser, an adb server, a PostgreSQL) fails the run, named; the processes are stopped and the
//   run's directory removed either way (a folder in /tmp is only named: it may be another program's). While
//   another program that makes such folders runs without any test run's mark (someone's `npx vitest`, a
//   browser), a new folder in /tmp cannot be told from this run's: it is named as not counted instead.
//
// The last line is `tests: N passed, N failed, N skipped`, counting each test once, as its last run ended.
import { spawn } from "node:child_process"
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { basename, dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { closingLine, countTests, fileFailed } from "./test-results.mjs"

const root = fileURLToPath(new URL("..", import.meta.url))
const require = createRequire(import.meta.url)
const vitestBin = join(dirname(require.resolve("vitest/package.json")), "vitest.mjs")
const tscBin = join(dirname(require.resolve("typescript/package.json")), "bin", "tsc")
const summaryReporter = join(root, "test/support/summary-reporter.ts")

const argv = process.argv.slice(2)
const typecheck = !argv.includes("--no-typecheck")
const vitestArgs = argv.filter((arg) => arg !== "--no-typecheck")
const ci = !["", "0", "false"].includes((process.env.CI ?? "").trim().toLowerCase())
// The project the type check reads: this one, or (for this script's own tests) a fixture project's folder.
const typecheckDir = process.env.SHOAL_TEST_TYPECHECK_DIR || root
const buildInfo = join(typecheckDir, "node_modules", ".cache", "shoal", "typecheck.tsbuildinfo")

// A signal to this script (Ctrl-C reaches the whole group; `kill` and `timeout` only this process) stops the
// children it is waiting for too; the run still cleans up and then fails.
let interrupted
const children = new Set()
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    interrupted ??= signal
    for (const child of children) child.kill(signal)
  })
}

/**
 * Runs a child; resolves with its exit code (a signal counts as a failure) and, when `capture` is set, what it
 * printed (stdout and stderr in the order written). Otherwise it writes straight to the terminal.
 */
const spawnChild = (args, env, capture = false) =>
  new Promise((resolve) => {
    if (interrupted !== undefined) return resolve({ code: 1, output: "" })
    let output = ""
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", capture ? "pipe" : "inherit", capture ? "pipe" : "inherit"] })
    children.add(child)
    if (capture) {
      child.stdout.on("data", (chunk) => (output += chunk))
      child.stderr.on("data", (chunk) => (output += chunk))
    }
    const done = (code) => {
      children.delete(child)
      resolve({ code, output })
    }
    child.on("close", (code, signal) => done(code ?? (signal === null ? 1 : 128)))
    child.on("error", (error) => {
      output += `${error.message}\n`
      done(1)
    })
  })
const run = async (args, env) => (await spawnChild(args, env)).code

const typecheckStarted = Date.now()
const typechecked = typecheck
  ? spawnChild([tscBin, "--noEmit", "-p", typecheckDir, "--incremental", "--tsBuildInfoFile", buildInfo, ...(process.stdout.isTTY ? ["--pretty"] : [])], process.env, true)
    .then((result) => ({ ...result, seconds: ((Date.now() - typecheckStarted) / 1000).toFixed(0) }))
  : undefined
if (typechecked !== undefined) process.stdout.write("Type check (tsc --noEmit, incremental) runs alongside the tests; its result follows them.\n")

// vitest's own reading of the arguments: which are file filters, and whether the user chose reporters.
const { parseCLI } = await import("vitest/node")
const parse = (args) => parseCLI(["vitest", "run", ...args])
const parsed = parse(vitestArgs)
const sameOptions = (args) => JSON.stringify(parse(args).options) === JSON.stringify(parsed.options)
// The arguments for a second try: without the file filters (it names its one file) and without a shard (one
// file is not split); everything else (the config, a -t pattern, reporters) as given.
let retryArgs = [...vitestArgs]
for (const filter of parsed.filter) {
  const at = retryArgs.findIndex((arg, i) => arg === filter && sameOptions(retryArgs.filter((_, j) => j !== i)))
  if (at >= 0) retryArgs.splice(at, 1)
}
retryArgs = retryArgs.filter((arg, i, all) => !arg.startsWith("--shard=") && arg !== "--shard" && all[i - 1] !== "--shard")
// Reporters named on the command line replace the config's: the summary reporter, whose results this reads, stays.
const reporterArgs = parsed.options.reporter === undefined ? [] : [`--reporter=${summaryReporter}`]

const startedAt = Date.now()
// Where a test writes a temporary file when it ignores TMPDIR (/tmp), and where the user's own TMPDIR points;
// SHOAL_TEST_WATCH_DIRS (colon-separated) names others instead, as this script's own tests do, so that what
// other programs of the machine make in /tmp meanwhile is not taken for theirs.
const watchDirs = (process.env.SHOAL_TEST_WATCH_DIRS ?? "").split(":").filter(Boolean)
const watched = [...new Set(watchDirs.length > 0 ? watchDirs : ["/tmp", tmpdir()])].filter((dir) => existsSync(dir))
const before = new Map(watched.map((dir) => [dir, new Set(readdirSync(dir))]))
const runDir = mkdtempSync(join(tmpdir(), "shoal-test-run-"))
const runTmp = join(runDir, "tmp")
mkdirSync(runTmp)
// As /tmp is: a test may run a tool as another user (PostgreSQL's as `postgres`), which must reach its folder.
chmodSync(runDir, 0o755)
chmodSync(runTmp, 0o1777)
const runId = basename(runDir)

// Other programs of the machine that make the same kind of folder in /tmp: a test runner, a browser or a shoal
// that is neither this script's ancestor nor its descendant and carries no test run's mark (another engineer's
// `npx vitest`, a browser of their own). While one runs, a new folder in /tmp cannot be told from this run's, so
// it is named as not counted instead of failing the run. Sampled every second while the tests run.
// SHOAL_TEST_OTHER_PROGRAMS (a regular expression over command lines) replaces the default, for this script's tests.
const otherProgram = new RegExp(process.env.SHOAL_TEST_OTHER_PROGRAMS || String.raw`vitest|chrom|playwright|shoal`, "i")
const parentOf = (pid) => {
  try {
    // The command name (field 2) is in parentheses and may hold spaces; the parent is the second field after it.
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1")
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1])
  } catch {
    return 0
  }
}
const ancestors = new Set()
for (let pid = parentOf(process.pid); pid > 1 && !ancestors.has(pid); pid = parentOf(pid)) ancestors.add(pid)
const descendsFromThis = (pid) => {
  for (let at = pid, hops = 0; at > 1 && hops < 64; at = parentOf(at), hops++) if (at === process.pid) return true
  return false
}
/** pid → command line of each other program seen during the run */
const othersSeen = new Map()
const sampleOthers = () => {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    const pid = Number(entry)
    if (pid === process.pid || ancestors.has(pid) || othersSeen.has(pid)) continue
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "latin1").split("\0").join(" ").trim()
      if (!otherProgram.test(cmdline) || descendsFromThis(pid)) continue
      let environ = ""
      try {
        environ = readFileSync(`/proc/${pid}/environ`, "latin1")
      } catch {
        // Another user's process: no mark can be read, so it counts as another program.
      }
      if (/(?:^|\0)SHOAL_TEST_RUN=/.test(environ)) continue
      othersSeen.set(pid, cmdline)
    } catch {
      // Gone meanwhile.
    }
  }
}
sampleOthers()
const othersSampler = setInterval(sampleOthers, 1_000)
othersSampler.unref()
const envFor = (results) => ({ ...process.env, TMPDIR: runTmp, SHOAL_TEST_TMP: runTmp, SHOAL_TEST_RUN: runId, SHOAL_TEST_RESULTS: join(runDir, results) })

/** What the summary reporter wrote, or undefined when vitest ended before writing it. */
const readResults = (name) => {
  const file = join(runDir, name)
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined
}
const shown = (file) => relative(root, file)
/** Each test by its name and, for tests that share one, which of them it is. */
const keyed = (tests) => {
  const seen = new Map()
  return tests.map((test) => {
    const n = (seen.get(test.name) ?? 0) + 1
    seen.set(test.name, n)
    return { ...test, key: `${test.name}\u0000${n}` }
  })
}

const problems = []
const firstCode = await run([vitestBin, "run", ...vitestArgs, ...reporterArgs], envFor("results-0.json"))
const first = readResults("results-0.json")
/** file → its results as they last ended */
const last = new Map((first?.files ?? []).map((file) => [file.file, file]))
const flaky = []

if (first === undefined) problems.push(`vitest ended (exit ${firstCode}) before reporting any result`)
else {
  for (const error of first.unhandledErrors) problems.push(`unhandled error outside any test: ${error}`)
  const failedFiles = first.files.filter(fileFailed)
  if (failedFiles.length > 0 && ci && interrupted === undefined) {
    process.stdout.write(`\nCI: running ${failedFiles.length} failed test file(s) again, each alone\n`)
    for (const [index, file] of failedFiles.entries()) {
      const name = `results-${index + 1}.json`
      const code = await run([vitestBin, "run", ...retryArgs, ...reporterArgs, file.file], envFor(name))
      const results = readResults(name)
      const again = results?.files.find((f) => f.file === file.file)
      for (const error of results?.unhandledErrors ?? []) problems.push(`unhandled error outside any test (second try of ${shown(file.file)}): ${error}`)
      if (again === undefined) {
        problems.push(`the second try of ${shown(file.file)} ended (exit ${code}) before reporting it`)
        continue
      }
      last.set(file.file, again)
      if (fileFailed(again)) continue
      if (code !== 0 && (results?.unhandledErrors.length ?? 0) === 0) problems.push(`the second try of ${shown(file.file)} passed, but vitest exited ${code}`)
      const passedNow = new Set(keyed(again.tests).filter((t) => t.state === "passed").map((t) => t.key))
      const failedFirst = keyed(file.tests).filter((t) => t.state === "failed")
      for (const test of failedFirst) {
        flaky.push(passedNow.has(test.key)
          ? `${shown(file.file)} > ${test.name}`
          : `${shown(file.file)} > ${test.name} (not found by that name on the second try, which passed)`)
      }
      if (failedFirst.length === 0) flaky.push(`${shown(file.file)} (failed outside its tests)`)
    }
  }
  if (firstCode !== 0 && !first.files.some(fileFailed) && first.unhandledErrors.length === 0) {
    problems.push(first.files.length === 0 ? `vitest ran no test file (exit ${firstCode})` : `vitest exited ${firstCode} with every test passed`)
  }
}

// The type check's result, as one block.
if (typechecked !== undefined) {
  const { code, output, seconds } = await typechecked
  // Stopped by a signal, it has no result to show: the run fails for the signal.
  if (code === 0) process.stdout.write(`\nType check (tsc --noEmit): passed in ${seconds} s\n`)
  else if (interrupted === undefined) {
    process.stdout.write(`\nType check (tsc --noEmit): FAILED (exit ${code}, ${seconds} s)\n${output.trimEnd()}\n`)
    problems.push(`the type check failed (tsc exit ${code}): its errors are printed above, after the tests`)
  }
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
// Names that only this project's tests and the browsers they start create, written outside the run's TMPDIR
// since this run began. Another run's own directory is its own business.
const ours = /^(shoal-(?!test-run-)|playwright|\.org\.chromium\.|chromium-)/
clearInterval(othersSampler)
sampleOthers()
const notCounted = []
for (const dir of watched) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    try {
      if (before.get(dir)?.has(entry) || !ours.test(entry) || statSync(path).ctimeMs < startedAt) continue
      // Named, not removed: another program of this machine (a shoal run, a browser) may own it and be using it.
      if (othersSeen.size === 0) problems.push(`left in ${dir}: ${entry}`)
      else notCounted.push(path)
    } catch {
      // Removed meanwhile.
    }
  }
}
rmSync(runDir, { recursive: true, force: true })
if (notCounted.length > 0) {
  const [pid, cmdline] = [...othersSeen][0]
  process.stdout.write(`\nNew in /tmp, not counted as left behind: other programs that make such folders ran meanwhile without this run's mark (${othersSeen.size}, e.g. ${pid} ${cmdline.slice(0, 100)}), so these may be theirs:\n`)
  for (const path of notCounted) process.stdout.write(`  ${path}\n`)
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
if (interrupted !== undefined) problems.push(`stopped by ${interrupted}`)
if (problems.length > 0) {
  process.stdout.write(`\nThe test run failed outside its tests:\n`)
  for (const problem of problems) process.stdout.write(`  ${problem}\n`)
}
const totals = countTests([...last.values()])
process.stdout.write(`\n${closingLine(totals)}\n`)
process.exit(totals.failed === 0 && problems.length === 0 ? 0 : 1)
