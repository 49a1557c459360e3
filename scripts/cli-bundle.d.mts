export declare const heavyPackages: ReadonlyArray<string>
export declare const bundleCli: (outdir: string) => Promise<unknown>
