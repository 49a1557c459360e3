export interface FileResult {
  readonly file: string
  readonly state: string
  readonly durationMs: number
  readonly tests: ReadonlyArray<{ readonly name: string; readonly state: string }>
}

export interface RunResults {
  readonly files: ReadonlyArray<FileResult>
  readonly unhandledErrors: ReadonlyArray<string>
}

export interface Totals {
  readonly passed: number
  readonly failed: number
  readonly skipped: number
}

export declare const fileFailed: (file: FileResult) => boolean
export declare const countTests: (files: ReadonlyArray<FileResult>) => Totals
export declare const closingLine: (totals: Totals) => string
