/**
 * `models`: the models API of the second reference, as JavaScript spells it.
 *
 * `models.getModelsOfType(type, provider?)`, `models.getAvailableOfType(type, provider?)`,
 * `models.getModelOfType(type, provider, id)`, `models.classify(model, context)` and
 * `models.generateImages(model, context)` each return a promise, like a tool call: a program may
 * start several at once (the host runs at most four of one program's at a time and queues the
 * rest). Each is one host call, `op: "model"` (protocol/models.ts), logged like a tool call, so a
 * replay is answered from the log and a provider is asked once per call.
 *
 * The arguments cross as plain data and the host checks them (models/arguments.ts), so a bad
 * request is worded the same in both languages and rejects before any provider is asked. A
 * provider that fails resolves with `stopReason: "error"` or `"aborted"` and `errorMessage`.
 * There is no chat function: listing chat models only names them.
 *
 * The global is deferred (builtins/index.ts): a program that never names `models` pays nothing.
 */

import type { DataValue } from "../../../protocol/data.js"
import { MODEL_OPERATIONS, type ModelOperation } from "../../../protocol/models.js"
import { jsToData } from "../data/convert.js"
import type { FunctionImpl, Value } from "../runtime/object.js"
import type { Realm } from "../runtime/realm.js"
import { startHostCall } from "../runtime/host-values.js"

/** The arguments' names, for the paths of a value that cannot cross (`context.state.fn`). */
const ARGUMENT_NAMES: Readonly<Record<ModelOperation, ReadonlyArray<string>>> = {
  getModelsOfType: ["type", "provider"],
  getAvailableOfType: ["type", "provider"],
  getModelOfType: ["type", "provider", "id"],
  classify: ["model", "context"],
  generateImages: ["model", "context"],
}

export function installModels(realm: Realm): void {
  const models = realm.namespace("models")
  realm.defineGlobal("models", models)
  const table: Record<string, [number, FunctionImpl]> = {}
  for (const name of MODEL_OPERATIONS) table[name] = [ARGUMENT_NAMES[name].length, askHost(name)]
  realm.methods(models, table)
}

const askHost =
  (name: ModelOperation): FunctionImpl =>
  (st, _this, args) =>
    startHostCall(st, { op: "model", name, args: argumentData(st, name, args) })

/** The arguments as plain data, trailing `undefined`s dropped and inner ones as `null`. */
const argumentData = (st: Parameters<FunctionImpl>[0], name: ModelOperation, args: Value[]): DataValue[] => {
  const names = ARGUMENT_NAMES[name]
  let count = Math.min(args.length, names.length)
  while (count > 0 && args[count - 1] === undefined) count--
  const data: DataValue[] = []
  for (let i = 0; i < count; i++) data.push(args[i] === undefined ? null : jsToData(st, args[i], names[i]!))
  return data
}
