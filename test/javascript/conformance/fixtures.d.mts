export interface ConformanceCase {
  file: string
  title: string
  line: number
  body: string
  recorded: boolean
  output: string[]
  error?: string
  result?: unknown
  resultText?: string
}
export declare const readFixtures: (dir: string) => Array<{ name: string; path: string; header: string[]; cases: ConformanceCase[] }>
export declare const parseFixture: (text: string, file: string) => { header: string[]; cases: ConformanceCase[] }
export declare const formatFixture: (f: { header: string[]; cases: ConformanceCase[] }) => string
