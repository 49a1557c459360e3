export declare const linkOwnBin: (root: string) => "linked" | "skipped"
