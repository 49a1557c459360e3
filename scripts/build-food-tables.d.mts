export declare const outputs: { readonly fndds: string; readonly cofid: string }
export declare const defaultFixtures: string
export declare const fnddsCitation: string
export declare const cofidAttribution: string
export declare const parseCsv: (text: string) => Array<Array<string>>
export declare const buildFoodTables: (
  fixtures?: string,
  log?: (line: string) => void
) => ReadonlyArray<{ readonly path: string; readonly text: string }>
