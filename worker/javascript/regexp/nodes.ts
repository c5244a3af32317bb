/**
 * The tree a pattern parses to, and a printer for it (for debugging and tests).
 *
 * Characters are numbers: code units without the `u`/`v` flags, code points with them. A class
 * is already reduced to a predicate (charset.ts); case-insensitivity is applied when the tree is
 * compiled, since it depends only on the flags. Every quantifier is one `Repeat` node with its
 * bounds, whatever its spelling (`*`, `+`, `?`, `{n,m}`), and knows the capture groups inside it,
 * which the standard resets at each iteration.
 */

import type { CharPredicate } from "./charset.js"
import type { ClassStrings } from "./class-strings.js"

export type RegexNode =
  | { readonly type: "Empty" }
  | { readonly type: "Char"; readonly cp: number }
  | { readonly type: "Dot" }
  | { readonly type: "Class"; readonly pred: CharPredicate; readonly negate: boolean; readonly text: string }
  /** A `v` class holding strings (class-strings.ts): its strings longest first, then its characters. */
  | { readonly type: "ClassStrings"; readonly chars: RegexNode & { type: "Class" }; readonly strings: ClassStrings }
  | { readonly type: "Assertion"; readonly kind: "start" | "end" | "word" | "notWord" }
  | { readonly type: "Sequence"; readonly items: RegexNode[] }
  | { readonly type: "Alternation"; readonly alternatives: RegexNode[] }
  /** `index` is the capture number for `(...)` and `(?<name>...)`, 0 for `(?:...)`. */
  | { readonly type: "Group"; readonly index: number; readonly body: RegexNode }
  | { readonly type: "Look"; readonly behind: boolean; readonly negate: boolean; readonly body: RegexNode }
  /** A backreference: `\1`, or `\k<name>` resolved to its group number after parsing. */
  | { readonly type: "Backref"; index: number; readonly name: string | null }
  | {
      readonly type: "Repeat"
      readonly min: number
      readonly max: number
      readonly greedy: boolean
      readonly body: RegexNode
      /** Capture numbers [first, last) inside the body. */
      readonly firstCapture: number
      readonly lastCapture: number
    }

/** What parsing a pattern yields. */
export interface ParsedPattern {
  readonly root: RegexNode
  /** Number of capture groups, not counting the whole match. */
  readonly captureCount: number
  /** Group names in order of appearance, with their capture numbers. */
  readonly names: ReadonlyArray<readonly [string, number]>
}

/** A readable rendering of a tree, one node per line. */
export function printTree(node: RegexNode, indent = ""): string {
  const head = (text: string) => `${indent}${text}\n`
  switch (node.type) {
    case "Empty":
      return head("Empty")
    case "Char":
      return head(`Char ${JSON.stringify(String.fromCodePoint(node.cp))}`)
    case "Dot":
      return head("Dot")
    case "Class":
      return head(`Class ${node.negate ? "^" : ""}${node.text}`)
    case "ClassStrings":
      return head(`ClassStrings ${node.chars.text}`)
    case "Assertion":
      return head(`Assertion ${node.kind}`)
    case "Backref":
      return head(`Backref ${node.index}`)
    case "Sequence":
      return head("Sequence") + node.items.map((n) => printTree(n, indent + "  ")).join("")
    case "Alternation":
      return head("Alternation") + node.alternatives.map((n) => printTree(n, indent + "  ")).join("")
    case "Group":
      return head(node.index === 0 ? "Group" : `Group #${node.index}`) + printTree(node.body, indent + "  ")
    case "Look":
      return head(`Look${node.behind ? "behind" : "ahead"}${node.negate ? " not" : ""}`) + printTree(node.body, indent + "  ")
    case "Repeat":
      return head(`Repeat {${node.min},${node.max === Infinity ? "" : node.max}}${node.greedy ? "" : "?"}`) + printTree(node.body, indent + "  ")
  }
}
