export declare const commandModules: Readonly<Record<"tidy" | "fitlog" | "droid" | "shop" | "serve", ReadonlyArray<string>>>
export declare const bundles: Readonly<Record<"shoal.cjs" | "shoal-agents.cjs" | "shoal-serve.cjs", ReadonlyArray<string>>>
export declare const bundleFor: (args: ReadonlyArray<string>) => "shoal.cjs" | "shoal-agents.cjs" | "shoal-serve.cjs"
