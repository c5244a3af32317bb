/**
 * The languages a program may be written in. One list, shared by the host (which validates
 * `CodeMode.make({ language })`) and the worker (which picks the engine).
 */

export type Language = "lua" | "javascript"

export const LANGUAGES: ReadonlyArray<Language> = ["lua", "javascript"]

export const isLanguage = (value: unknown): value is Language => value === "lua" || value === "javascript"
