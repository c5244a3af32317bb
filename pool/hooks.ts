/**
 * Hooks surround every call a program makes into the host.
 *
 * `before` sees the decoded input and may deny the call by failing: the tool never runs and the
 * program sees a catchable failure. `after` sees how the call ended — `success` with its value,
 * `failure` with its error, or `interrupted` — and may itself fail, which fails the call. Every
 * admitted call reaches `after` exactly once, and `after` runs to completion like a finalizer
 * even while its execution is being stopped; the Result waits for a slow one at most
 * `CALL_INTERRUPT_GRACE_MS` (execution.ts). A `before` hook is interruptible. A hook
 * returns an Effect (its requirements join the runtime's), a Promise, or nothing.
 *
 * The hooks are spelt as the first reference spells them, `"tool.before"`, `"tool.after"`,
 * `"extension.before"`, `"extension.after"`; the nested `{ tool: { before, after } }` is an alias
 * (options.ts reads both into the nested form this module and dispatch.ts use). Any other key is a
 * `TypeError` at `CodeMode.make`.
 *
 * A `before` hook is a policy, so what it returns must mean allow or deny without guessing. An
 * Effect that succeeds, a Promise that resolves to nothing, or nothing at all allows; a failure
 * denies. Anything else — `() => false`, `async () => true`, a string — is a host bug, not a
 * decision: the call is denied (never allowed), and the `TypeError` saying what the hook returned
 * is reported to the host as a warning of the Result (`HookMisuse`, read by execution.ts).
 *
 * Extension globals have hooks of their own (`extension.before` / `extension.after`): they see the
 * extension's name, the global's path (`fs.readFile`) and the plain-data arguments, and deny or
 * observe the same way. A denied global fails the way the call itself would: a rejected promise for
 * an asynchronous global, a thrown error for a synchronous one, a catchable error in Lua.
 */

import { Effect } from "effect"

export interface ToolCallEvent {
  /** The tool's path, e.g. `orders.lookup`. */
  readonly name: string
  /** The input after schema decoding. */
  readonly input: unknown
}

export type CallOutcome =
  | { readonly status: "success"; readonly value: unknown }
  | { readonly status: "failure"; readonly error: unknown }
  | { readonly status: "interrupted" }

export interface ToolAfterEvent extends ToolCallEvent {
  readonly outcome: CallOutcome
}

export interface ExtensionCallEvent {
  /** The extension's name, as given to `Extension.make` / `Extension.lua`. */
  readonly extension: string
  /** The global's path, e.g. `fetch` or `fs.promises.readFile`. */
  readonly name: string
  /** The arguments, as plain-data copies. */
  readonly args: ReadonlyArray<unknown>
}

export interface ExtensionAfterEvent extends ExtensionCallEvent {
  readonly outcome: CallOutcome
}

export type HookReturn<R> = Effect.Effect<unknown, unknown, R> | PromiseLike<unknown> | void

export interface Hooks<R = never> {
  /** Before each tool call: fail to deny (the tool never runs). */
  readonly "tool.before"?: (event: ToolCallEvent) => HookReturn<R>
  /** After each admitted tool call, with its outcome; failing fails the call. */
  readonly "tool.after"?: (event: ToolAfterEvent) => HookReturn<R>
  /** Before each extension global call: fail to deny. */
  readonly "extension.before"?: (event: ExtensionCallEvent) => HookReturn<R>
  /** After each admitted extension global call, with its outcome. */
  readonly "extension.after"?: (event: ExtensionAfterEvent) => HookReturn<R>
  /** Alias of `"tool.before"` / `"tool.after"` (the nested spelling). */
  readonly tool?: {
    readonly before?: (event: ToolCallEvent) => HookReturn<R>
    readonly after?: (event: ToolAfterEvent) => HookReturn<R>
  }
  /** Alias of `"extension.before"` / `"extension.after"`. */
  readonly extension?: {
    readonly before?: (event: ExtensionCallEvent) => HookReturn<R>
    readonly after?: (event: ExtensionAfterEvent) => HookReturn<R>
  }
}

/** Runs a hook as an Effect: a thrown exception or a rejected promise is a failure like any other. */
export const runHook = <E, R>(
  hook: ((event: E) => HookReturn<R>) | undefined,
  event: E,
): Effect.Effect<void, unknown, R> => {
  if (hook === undefined) return Effect.void
  return Effect.suspend(() => {
    const returned = hook(event)
    if (Effect.isEffect(returned)) return Effect.asVoid(returned as Effect.Effect<unknown, unknown, R>)
    if (returned !== null && typeof returned === "object" && typeof (returned as PromiseLike<unknown>).then === "function") {
      return Effect.asVoid(Effect.tryPromise({ try: () => Promise.resolve(returned), catch: (error) => error }))
    }
    return Effect.void
  })
}

/** A `before` hook returned something that is neither allow nor deny: the host's bug, reported to it. */
export class HookMisuse extends TypeError {
  readonly _tag = "HookMisuse"
}

/** What a misused `before` hook returned, as the TypeError reports it. */
const describeReturned = (value: unknown): string =>
  value === null ? "null" : typeof value === "string" ? `the string ${JSON.stringify(value.slice(0, 40))}` : typeof value === "object" ? "an object that is not an Effect" : `${typeof value} ${String(value)}`

export const hookMisuse = (hook: string, returned: string): HookMisuse =>
  new HookMisuse(
    `hooks["${hook}"] returned ${returned}, not an Effect: a before hook allows by succeeding (Effect.void) and denies by failing (Effect.fail(...)); the call was denied`,
  )

/**
 * Runs a `before` hook: succeeds to allow, fails to deny. A value that is not an Effect, a Promise
 * of nothing, or nothing fails with `HookMisuse`, so a hook written as `() => false` denies.
 */
export const runBeforeHook = <E, R>(
  hookName: string,
  hook: (event: E) => HookReturn<R>,
  event: E,
): Effect.Effect<void, unknown, R> =>
  Effect.suspend(() => {
    const returned: unknown = hook(event)
    if (Effect.isEffect(returned)) return Effect.asVoid(returned as Effect.Effect<unknown, unknown, R>)
    if (returned === undefined) return Effect.void
    if (returned !== null && typeof returned === "object" && typeof (returned as PromiseLike<unknown>).then === "function") {
      return Effect.flatMap(
        Effect.tryPromise({ try: () => Promise.resolve(returned), catch: (error) => error }),
        (resolved) => (resolved === undefined ? Effect.void : Effect.fail(hookMisuse(hookName, `a Promise of ${describeReturned(resolved)}`))),
      )
    }
    return Effect.fail(hookMisuse(hookName, describeReturned(returned)))
  })
