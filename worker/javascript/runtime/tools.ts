/**
 * Host calls as program values: the `tools` namespace, `search`, and extension globals.
 *
 * `tools` is a tree of `JsFunction`s marked `isTool`, one per path prefix, made on demand:
 * `tools.orders["lookup-by-id"]` reads two properties and gets the function for the path
 * `orders.lookup-by-id`. Calling one converts the input with the plain-data contract, starts the
 * call through `HostCalls`, and returns a promise that settles with the tool's output (a fresh
 * program value) or rejects with an Error whose diagnostic kind is the host's. The namespace is
 * read-only and cannot be enumerated; a tool reference cannot cross to JSON.
 */

import { copyDataToJs, jsToData } from "../../data/javascript.js"
import { DataContractError } from "../../data/contract.js"
import type { HostCall } from "../../host.js"
import { JsMessages } from "../messages.js"
import { FunctionKind, JsFunction, JsObject, type Key, type Own, type Value } from "./object.js"
import { hostFailureError, newPromise, rejectPromise, resolvePromise, type JsPromise } from "./promise.js"
import type { Realm } from "./realm.js"
import type { JsState } from "./state.js"

/** Starts one host call; its promise settles when the host answers. */
export function startHostCall(st: JsState, request: HostCall): JsPromise {
  const promise = newPromise(st)
  const line = st.line
  st.hostCalls.start(request, (outcome) => {
    if (outcome.ok) {
      let value: Value
      try {
        value = copyDataToJs(st, outcome.value, "output")
      } catch (error) {
        if (!(error instanceof DataContractError)) throw error
        st.line = line
        rejectPromise(st, promise, hostFailureError(st, "InvalidToolOutput", error.message))
        return
      }
      resolvePromise(st, promise, value)
    } else {
      st.line = line
      rejectPromise(st, promise, hostFailureError(st, outcome.failure.kind, outcome.failure.message))
    }
  })
  return promise
}

class ToolFunction extends JsFunction {
  private readonly children = new Map<string, ToolFunction>()
  constructor(
    private readonly realm: Realm,
    readonly path: string,
  ) {
    super(realm.FunctionPrototype, (st, _t, args) => {
      if (path === "") throw st.typeError(JsMessages.notAFunction("tools"))
      const input = args[0] === undefined ? {} : jsToData(st, args[0], "input")
      return startHostCall(st, { op: "tool", name: path, args: [input] })
    }, path.split(".").pop() ?? "tools", 1, FunctionKind.Plain)
    this.isTool = true
    this.extensible = false
  }
  override own(key: Key): Own {
    if (typeof key !== "string" || key === "then") return super.own(key)
    if (key === "name" || key === "length") return super.own(key)
    let child = this.children.get(key)
    if (child === undefined) {
      child = new ToolFunction(this.realm, this.path === "" ? key : `${this.path}.${key}`)
      this.children.set(key, child)
    }
    return child
  }
  override set(st: JsState): boolean {
    throw st.typeError(JsMessages.toolsReadOnly())
  }
  override ownKeys(): Key[] {
    return []
  }
}

export function installHostGlobals(realm: Realm, globals: ReadonlyArray<string>): void {
  realm.defineGlobal("tools", new ToolFunction(realm, ""))
  realm.defineGlobal(
    "search",
    realm.builtin("search", 1, (st, _t, args) => startHostCall(st, { op: "search", name: "search", args: args.map((a, i) => jsToData(st, a, `args[${i}]`)) })),
  )
  for (const path of globals) {
    const parts = path.split(".")
    let target: JsObject = realm.global
    for (let i = 0; i < parts.length - 1; i++) {
      const existing = target.own(parts[i]!)
      if (existing instanceof JsObject) target = existing
      else {
        const created = realm.newObject()
        target.defineOwn(realm.st, parts[i]!, created, 2)
        target = created
      }
    }
    const fn = realm.builtin(parts[parts.length - 1]!, 0, (st, _t, args) =>
      startHostCall(st, { op: "global", name: path, args: args.map((a, i) => jsToData(st, a, `args[${i}]`)) }),
    )
    target.defineOwn(realm.st, parts[parts.length - 1]!, fn, 2)
  }
}
