export declare const parseCsv: (text: string) => Array<Array<string>>
export declare const csvRecords: (text: string) => Array<Record<string, string>>
