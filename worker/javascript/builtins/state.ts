/**
 * `store(key, value)` and `load(key)`: per-branch state that outlives one execution, as the second
 * reference spells them.
 *
 * Both are synchronous host calls (`op: "state"`): `load` returns the value itself (or
 * `undefined`), `store` returns `undefined`. `await` is optional, as the reference writes them
 * without it: `await load("k")` and `await store("k", v)` work because awaiting a plain value
 * gives the value. A synchronous answer reads best in the common case (`const n = load("n") ?? 0`)
 * and costs no promise; the host answers from memory after the first read of a key.
 *
 * The host stages what a program stores and commits it only if the program succeeds
 * (pool/state-requests.ts); `load` sees the program's own staged writes first. The key must be a
 * string (a TypeError otherwise, which the program may catch); the value crosses with the
 * plain-data contract, so `undefined` deletes the key and anything that is not JSON data stops the
 * execution with `InvalidDataValue` naming the path (`value.items[3].fn`). A bound passed (bounds
 * in SECURITY.md) stops the execution too: the Result names the bound, and nothing is stored.
 */

import { copyDataToJs, jsToData } from "../data/convert.js"
import { DataContractError } from "../../data/contract.js"
import { HostFailure, HostStop, type HostCall } from "../../engine-host.js"
import type { DataValue } from "../../../protocol/data.js"
import { JsMessages } from "../messages.js"
import { hostFailureError } from "../runtime/promise.js"
import type { Realm } from "../runtime/realm.js"
import type { Value } from "../runtime/object.js"
import { ThrowSignal, type JsState } from "../runtime/state.js"

export function installState(realm: Realm): void {
  realm.defineGlobal(
    "store",
    realm.builtin("store", 2, (st, _this, args) => {
      const key = keyArgument(st, st.realm, "store", args[0])
      const value = args[1]
      ask(st, { op: "state", name: "store", args: value === undefined ? [key] : [key, jsToData(st, value, "value")] })
      return undefined
    }),
  )
  realm.defineGlobal(
    "load",
    realm.builtin("load", 1, (st, _this, args) => ask(st, { op: "state", name: "load", args: [keyArgument(st, st.realm, "load", args[0])] })),
  )
}

const keyArgument = (st: JsState, realm: Realm, fname: string, key: Value): string => {
  if (typeof key !== "string") throw st.typeError(JsMessages.stateKeyNotString(fname, realm.describe(key)))
  // Through the contract like any text that crosses: a lone surrogate stops the execution.
  return jsToData(st, key, "key") as string
}

/**
 * One blocking state request; a host failure is a catchable Error, the answer a fresh program value.
 * A stop the host answers (a bound passed, the backend failing) comes without a place; it is given
 * the line of the `store` or `load`, as every other runtime error has its line.
 */
function ask(st: JsState, request: HostCall): Value {
  const line = st.line
  let data: DataValue | undefined
  try {
    data = st.host.call(request)
  } catch (error) {
    if (error instanceof HostFailure) throw new ThrowSignal(hostFailureError(st, error.kind, error.message))
    if (error instanceof HostStop && error.diagnostic.location === undefined && line > 0) throw new HostStop({ ...error.diagnostic, location: { line } })
    throw error
  }
  if (data === undefined) return undefined
  try {
    return copyDataToJs(st, data, "value")
  } catch (error) {
    if (!(error instanceof DataContractError)) throw error
    throw new ThrowSignal(hostFailureError(st, "InvalidToolOutput", error.message))
  }
}
