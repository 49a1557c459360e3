/**
 * Which shell commands an agent may run on a device: read-only ones only
 * (seeds/000 `execute_shell_command` is a fallback for looking things up, not
 * a way around the typed actions). Anything else is refused here, before a
 * byte is sent.
 *
 * Where it sits: `Adb.shell` calls `checkShellCommand` first. The rules are
 * an allowlist over parsed words (shell-words.ts), so quoting tricks, `;`,
 * `&&`, redirections and `$(…)` are refused rather than interpreted.
 */
import { Either } from "effect"
import { ShellCommandRefused } from "./errors.js"
import { pipelineStages, splitShell } from "./shell-words.js"

type Rule = (args: ReadonlyArray<string>) => string | undefined

const ok: Rule = () => undefined
const noArgs: Rule = (args) => (args.length === 0 ? undefined : "takes no arguments here")
const firstIn = (allowed: ReadonlyArray<string>, rest: Rule = ok): Rule => (args) =>
  args[0] !== undefined && allowed.includes(args[0]) ? rest(args.slice(1)) : `only ${allowed.join(" / ")} is allowed`
const noneOf = (words: ReadonlyArray<string>): Rule => (args) => {
  const bad = args.find((a) => words.includes(a.toLowerCase()))
  return bad === undefined ? undefined : `"${bad}" changes device state`
}

const readOnlyDumpsys = ["window", "activity", "battery", "package", "power", "display", "wifi", "connectivity", "meminfo", "cpuinfo", "input_method", "audio"]

/** The first word of each allowed command, and what its arguments may be. */
const commands: Readonly<Record<string, Rule>> = {
  getprop: (args) => (args.length <= 1 ? undefined : "reads at most one property"),
  pm: firstIn(["list", "path"]),
  cmd: firstIn(["package"], firstIn(["list", "resolve-activity"])),
  dumpsys: (args) =>
    args[0] !== undefined && readOnlyDumpsys.includes(args[0])
      ? noneOf(["set", "reset", "unplug", "clear", "enable", "disable", "--reset"])(args.slice(1))
      : `dumpsys is allowed for ${readOnlyDumpsys.join(", ")}`,
  wm: firstIn(["size", "density"], noArgs),
  settings: firstIn(["get", "list"]),
  cat: ok,
  ls: ok,
  echo: ok,
  ps: ok,
  df: ok,
  id: noArgs,
  whoami: noArgs,
  uptime: noArgs,
  uname: ok,
  date: (args) => (args.every((a) => a.startsWith("+")) ? undefined : "only shows the date (date +FORMAT)"),
  ime: firstIn(["list"])
}

/** Commands that may follow a `|`: they only filter the previous output. */
const filters: Readonly<Record<string, Rule>> = {
  grep: ok,
  head: ok,
  tail: (args) => (args.includes("-f") ? "tail -f never ends" : undefined),
  wc: ok,
  sort: ok,
  uniq: ok
}

/** The allowed commands, for error messages and the tool description. */
export const allowedShellCommands: ReadonlyArray<string> = Object.keys(commands)

/** The pipeline's stages if every one is allowed; otherwise why not. */
export const checkShellCommand = (command: string): Either.Either<ReadonlyArray<ReadonlyArray<string>>, ShellCommandRefused> => {
  const refuse = (reason: string) => Either.left(new ShellCommandRefused({ command, reason }))
  if (command.trim().length === 0) return refuse("the command is empty")
  if (/[\r\n\0]/.test(command)) return refuse("the command must be one line")
  const tokens = splitShell(command)
  if (Either.isLeft(tokens)) return refuse(tokens.left)
  const expanding = tokens.right.find((t) => t._tag === "Word" && t.expands)
  if (expanding !== undefined && expanding._tag === "Word") {
    return refuse(`"${expanding.value}" would be expanded by the shell ($, backticks and globs are not allowed; quote literal text in single quotes)`)
  }
  const stages = pipelineStages(tokens.right)
  if (Either.isLeft(stages)) return refuse(stages.left)
  for (const [i, stage] of stages.right.entries()) {
    const [name = "", ...args] = stage
    const table = i === 0 ? commands : filters
    const rule = Object.hasOwn(table, name) ? table[name] : undefined
    if (rule === undefined) {
      return refuse(i === 0
        ? `"${name}" is not a read-only command this tool may run (allowed: ${allowedShellCommands.join(", ")})`
        : `"${name}" cannot follow a pipe (allowed filters: ${Object.keys(filters).join(", ")})`)
    }
    const problem = rule(args)
    if (problem !== undefined) return refuse(`${name}: ${problem}`)
  }
  return Either.right(stages.right)
}
