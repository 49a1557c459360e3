export declare const builtFiles: (root: string) => ReadonlyArray<string>
export declare const isBuildFresh: (root: string) => boolean
