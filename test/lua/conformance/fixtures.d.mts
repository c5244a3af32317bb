/** Types for fixtures.mjs (plain JavaScript so that record.mjs runs under bare node). */

export interface ConformanceCase {
  readonly file: string
  readonly title: string
  /** 1-based line of the case's first body line in its fixture file. */
  readonly line: number
  readonly body: string
  /** False until record.mjs has written the case's expectations. */
  readonly recorded: boolean
  /** Printed lines, in order. */
  readonly output: ReadonlyArray<string>
  /** The uncaught error's message (a runtime error, or a compile error when `syntaxError`). */
  readonly error?: string
  readonly syntaxError?: boolean
  /** The returned value as plain data; absent when the case returns nothing. */
  readonly result?: unknown
  readonly resultText?: string
}

export interface Fixture {
  readonly name: string
  readonly path: string
  readonly header: ReadonlyArray<string>
  readonly cases: ReadonlyArray<ConformanceCase>
}

export declare const looksLikeMarker: (line: string) => boolean
export declare const parseFixture: (text: string, file: string) => { header: string[]; cases: ConformanceCase[] }
export declare const formatFixture: (fixture: { header: ReadonlyArray<string>; cases: ReadonlyArray<ConformanceCase> }) => string
export declare const readFixtures: (dir: string) => Fixture[]
