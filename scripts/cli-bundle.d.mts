export declare const heavyPackages: ReadonlyArray<string>
export declare const externalPackages: ReadonlyArray<string>
export declare const bundleCli: (distDir: string, options?: { readonly sourceMaps?: boolean }) => Promise<unknown>
export declare const warmCodeCache: (binFile: string) => void
