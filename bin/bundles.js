// Which CLI bundle a command line runs (scripts/cli-bundle.mjs builds them).
// Every start reads and deserializes its whole bundle, so a command line
// loads only the code it can reach:
// - `shoal.cjs`: the command definitions (flags, help, usage errors) and no
//   command's own code: `shoal --help`, `--version`, a mistyped command;
// - `shoal-agents.cjs`: the four agents' commands;
// - `shoal-serve.cjs`: everything, with the server's runtime (cluster, RPC,
//   SQL, workflow) that only `shoal serve` needs; also the wizard, which can
//   end in any command.

/** Each command and the modules (in src/cli) that hold its own code, imported when it runs. */
export const commandModules = {
  tidy: ["tidy-run"],
  fitlog: ["fitlog-run", "fitlog-chat"],
  droid: ["droid-run"],
  shop: ["shop-run"],
  serve: ["serve-run"]
}

/** The bundles, each with the commands whose code it holds. */
export const bundles = {
  "shoal.cjs": [],
  "shoal-agents.cjs": ["tidy", "fitlog", "droid", "shop"],
  "shoal-serve.cjs": Object.keys(commandModules)
}

/** The bundle for the arguments after `shoal`: the smallest that holds every command they name. */
export const bundleFor = (args) => {
  if (args.includes("--wizard")) return "shoal-serve.cjs"
  const named = Object.keys(commandModules).filter((command) => args.includes(command))
  return Object.keys(bundles).find((name) => named.every((command) => bundles[name].includes(command)))
}
