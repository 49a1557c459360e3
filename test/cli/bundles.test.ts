/**
 * Which CLI bundle a command line runs (bin/bundles.js): the smallest that
 * holds the code of every command it names, so `shoal --help` loads no
 * command's code and `shoal tidy` no server.
 */
import { FastCheck as fc } from "effect"
import { describe, expect, it } from "vitest"
import { bundleFor, bundles, commandModules } from "../../bin/bundles.js"

const commands = Object.keys(commandModules) as Array<keyof typeof commandModules>
const names = Object.keys(bundles) as Array<keyof typeof bundles>

/** Command lines of commands, flags and free words (a food, a list name) in any order. */
const commandLine = fc.array(
  fc.oneof(fc.constantFrom(...commands), fc.constantFrom("--help", "--version", "--gui", "--resume", "2 eggs", "tidy up", "Serve"), fc.string()),
  { maxLength: 6 }
)

describe("bin/bundles.js", () => {
  it("a command line runs a bundle holding every command it names, and no smaller bundle holds them", () => {
    fc.assert(
      fc.property(commandLine, (args) => {
        const named = commands.filter((command) => args.includes(command))
        const chosen = bundleFor(args)
        expect(named.every((command) => bundles[chosen].includes(command))).toBe(true)
        const smaller = names.slice(0, names.indexOf(chosen))
        for (const name of smaller) expect(args.includes("--wizard") || !named.every((c) => bundles[name].includes(c))).toBe(true)
      })
    )
  })

  it("help, the version and a mistyped command run the bundle with no command's code; each agent runs without the server", () => {
    expect(bundles[bundleFor(["--help"])]).toEqual([])
    expect(bundles[bundleFor(["--version"])]).toEqual([])
    expect(bundles[bundleFor(["tdy"])]).toEqual([])
    for (const agent of ["tidy", "fitlog", "droid", "shop"]) expect(bundles[bundleFor([agent, "--help"])]).not.toContain("serve")
    expect(bundles[bundleFor(["serve", "--port", "8080"])]).toContain("serve")
  })

  it("the wizard, which can end in any command, runs the bundle that holds them all", () => {
    expect([...bundles[bundleFor(["--wizard"])]].sort()).toEqual([...commands].sort())
  })
})
