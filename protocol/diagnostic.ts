/**
 * Diagnostics: every failure a program can cause, in one shape both languages and the host share.
 *
 * The kinds are a fixed list (DESIGN.md, Errors). A diagnostic carries a message a model can act on
 * and, where one exists, the place in the program it refers to. It is plain data: it crosses the
 * worker boundary as it is.
 */

export type DiagnosticKind =
  | "ParseError"
  | "UnsupportedSyntax"
  | "UnknownTool"
  | "InvalidToolInput"
  | "InvalidToolOutput"
  | "InvalidDataValue"
  | "ToolCallLimitExceeded"
  | "TimeoutExceeded"
  | "ToolFailure"
  | "ExecutionFailure"
  | "Truncated"
  /** The program reached a call that needs a person's (or a policy's) yes: the Result carries a resume token. */
  | "ApprovalRequired"

export interface SourceLocation {
  /** 1-based line of the program. */
  readonly line: number
  /** 1-based column, where the engine knows it. */
  readonly column?: number
}

export interface Diagnostic {
  readonly kind: DiagnosticKind
  readonly message: string
  readonly location?: SourceLocation
}

export const diagnostic = (kind: DiagnosticKind, message: string, location?: SourceLocation): Diagnostic =>
  location === undefined ? { kind, message } : { kind, message, location }
