/**
 * What a README Lua or JavaScript program promises, read from its comments. Two forms, written in
 * the program's own language so they read as part of it:
 *
 * - `-- result: { "tools.orders.lookup", "tools.orders.cancel" }` (`// result: ...` in JavaScript):
 *   the program's value. The text is a literal of the program's language, so the test evaluates it
 *   with the same engine (`return <literal>`) and compares the two values as data; no second
 *   parser of Lua table constructors is needed.
 * - `-- prints: <line>` (`// prints: ...`): a line the program prints (`print`, `console.log`),
 *   compared exactly; several appear in `Result.logs` in the order written.
 *
 * A program without a `result:` promise must still end `ok: true`.
 */

import type { RunnableLanguage } from "./blocks.js"

export interface ProgramPromises {
  readonly result: string | undefined
  readonly prints: ReadonlyArray<string>
}

const commentMark = (language: RunnableLanguage) => (language === "lua" ? "--" : "//")

const promise = (language: RunnableLanguage, word: string) => new RegExp(`${commentMark(language)} ${word}: (.*)$`)

export const programPromises = (language: RunnableLanguage, code: string): ProgramPromises => {
  const result = promise(language, "result")
  const prints = promise(language, "prints")
  const lines = code.split("\n")
  const results = lines.flatMap((line) => result.exec(line)?.[1] ?? [])
  if (results.length > 1) throw new Error(`a program promises ${results.length} results; one is the most it can give`)
  return { result: results[0]?.trimEnd(), prints: lines.flatMap((line) => prints.exec(line)?.[1] ?? []) }
}

/** The program that gives a promised literal's value, in the program's language. */
export const literalProgram = (language: RunnableLanguage, literal: string): string =>
  language === "lua" ? `return ${literal}` : `return (${literal})`

/** Whether `expected` lines appear in `logs` in order (other lines may come between). */
export const printedInOrder = (logs: ReadonlyArray<string>, expected: ReadonlyArray<string>): boolean => {
  let next = 0
  for (const line of logs) if (next < expected.length && line === expected[next]) next++
  return next === expected.length
}
