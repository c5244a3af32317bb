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
  readonly tool?: {
    readonly before?: (event: ToolCallEvent) => HookReturn<R>
    readonly after?: (event: ToolAfterEvent) => HookReturn<R>
  }
  readonly extension?: {
    readonly before?: (event: ExtensionCallEvent) => HookReturn<R>
    readonly after?: (event: ExtensionAfterEvent) => HookReturn<R>
  }
}

/** The requirements of a hooks object. */
export type HookRequirements<H> = H extends Hooks<infer R> ? R : never

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
