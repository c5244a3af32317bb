/**
 * The catalog's own bounds, in one place.
 *
 * They keep model-visible text readable and the host's work bounded whatever the tools look like:
 * a schema with ten thousand properties or a hundred levels of nesting still renders a signature
 * of reasonable size, and a search never returns more than a page the model can read. Data copies
 * share the engines' depth bound (`worker/limits.ts`) so a value that crossed one way can cross back.
 */

import { DEFAULT_BOUNDS } from "../protocol/bounds.js"

/** Deepest schema nesting a signature expands; deeper parts render as `any`. */
export const MAX_SIGNATURE_DEPTH = 12

/** Most properties of one object a signature lists; the rest are summarised in a comment. */
export const MAX_SIGNATURE_PROPERTIES = 64

/** Most named definitions (`type Category = ...`) printed under one signature. */
export const MAX_SIGNATURE_DEFINITIONS = 32

/** Most members of one union or enum a signature lists. */
export const MAX_SIGNATURE_UNION_MEMBERS = 24

/** Longest description (in characters) kept in a signature comment. */
export const MAX_COMMENT_LENGTH = 120

/** An object whose one-line form is longer than this is laid out one property per line. */
export const INLINE_OBJECT_WIDTH = 72

/** Results per page of `search` when the program does not ask for a number. */
export const DEFAULT_SEARCH_LIMIT = 10

/** Most results one page of `search` may hold. */
export const MAX_SEARCH_LIMIT = 50

/** Most "did you mean" suggestions an unknown-tool message offers. */
export const DEFAULT_SUGGESTIONS = 3

/** Most schema issues one invalid-input or invalid-output message lists. */
export const MAX_REPORTED_ISSUES = 5

/** Deepest plain-data value a tool may take or return. */
export const MAX_DATA_DEPTH = DEFAULT_BOUNDS.maxDataDepth

/** Longest single issue message (in characters) an invalid-input or invalid-output message quotes. */
export const MAX_ISSUE_LENGTH = 240
