export declare const heavyPackages: ReadonlyArray<string>
export declare const bundleCli: (distDir: string) => Promise<void>
export declare const warmCodeCache: (binFile: string) => void
