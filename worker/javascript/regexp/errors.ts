/**
 * The messages of the regular-expression engine, in one table.
 *
 * Syntax errors use V8's wording (`Invalid regular expression: /(/: Unterminated group`), because
 * programs and models compare against what Node prints; the conformance suite records it. The
 * parser throws a `PatternError` carrying only the detail; the builtin that asked for the pattern
 * turns it into the program's SyntaxError with the pattern and flags attached, so this folder
 * never needs the engine's state to report one.
 */

export class PatternError {
  constructor(readonly detail: string) {}
}

export const RegExpMessages = {
  invalid: (source: string, flags: string, detail: string) => `Invalid regular expression: /${source}/${flags}: ${detail}`,
  invalidFlags: (flags: string) => `Invalid flags supplied to RegExp constructor '${flags}'`,
  unterminatedGroup: () => "Unterminated group",
  unmatchedParen: () => "Unmatched ')'",
  nothingToRepeat: () => "Nothing to repeat",
  invalidGroup: () => "Invalid group",
  invalidCaptureName: () => "Invalid capture group name",
  duplicateCaptureName: () => "Duplicate capture group name",
  invalidNamedReference: () => "Invalid named reference",
  invalidNamedCapture: () => "Invalid named capture referenced",
  loneQuantifierBrackets: () => "Lone quantifier brackets",
  quantifierOrder: () => "numbers out of order in {} quantifier",
  incompleteQuantifier: () => "Incomplete quantifier",
  invalidQuantifier: () => "Invalid quantifier",
  invalidEscape: () => "Invalid escape",
  invalidUnicodeEscape: () => "Invalid Unicode escape",
  invalidClassEscape: () => "Invalid class escape",
  invalidDecimalEscape: () => "Invalid decimal escape",
  rangeOrder: () => "Range out of order in character class",
  unterminatedClass: () => "Unterminated character class",
  invalidCharacterClass: () => "Invalid character class",
  invalidPropertyName: () => "Invalid property name",
  invalidClassPropertyName: () => "Invalid property name in character class",
  invalidSetOperation: () => "Invalid set operation in character class",
  invalidClassSetCharacter: () => "Invalid character in character class",
  negatedClassStrings: () => "Negated character class may contain strings",
  escapeAtEnd: () => "\\ at end of pattern",
  // Code Mode's own bounds and gaps (no V8 equivalent).
  tooLong: (length: number, limit: number) => `pattern of ${length} characters is longer than the limit of ${limit} (maxSourceBytes)`,
  tooDeep: (limit: number) => `pattern nests groups more than ${limit} levels deep (maxSyntaxDepth): flatten it`,
  tooManyCaptures: (limit: number) => `pattern has more than ${limit} capture groups`,
  backtrackLimit: (limit: number) =>
    `regular expression needed more than ${limit} backtracking entries (maxTableEntries); simplify the pattern or match a shorter input`,
}
