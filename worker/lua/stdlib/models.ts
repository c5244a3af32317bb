/**
 * `models`: the models API in Lua, as the discovery globals spell theirs (`search_tools`):
 * `models.get_models_of_type(type, provider?)`, `models.get_available_of_type(type, provider?)`,
 * `models.get_model_of_type(type, provider, id)`, `models.classify(model, context)` and
 * `models.generate_images(model, context)`.
 *
 * Each is a host call (`op: "model"`) that blocks like a tool and returns its answer as a table.
 * The host sees the operation under its JavaScript name (protocol/models.ts), so it serves, checks
 * and logs both languages in one place and a bad argument reads the same in both: it is a
 * catchable error (`pcall`) raised before any provider is asked. A provider that fails gives a
 * table whose `stopReason` is `"error"` or `"aborted"`, with `errorMessage`. `get_model_of_type`
 * gives `nil` for a model that is not configured. There is no chat function.
 */

import type { DataValue } from "../../../protocol/data.js"
import { LUA_MODEL_FUNCTIONS, MODEL_OPERATIONS, type ModelOperation } from "../../../protocol/models.js"
import { luaToData } from "../data/convert.js"
import { callHost } from "../runtime/host-calls.js"
import type { LuaState } from "../runtime/state.js"
import type { LuaFunction, LuaTable, LuaValue } from "../runtime/value.js"
import { libraryTable } from "./args.js"

/** The arguments' names, for the paths of a value that cannot cross (`context.state`). */
const ARGUMENT_NAMES: Readonly<Record<ModelOperation, ReadonlyArray<string>>> = {
  getModelsOfType: ["type", "provider"],
  getAvailableOfType: ["type", "provider"],
  getModelOfType: ["type", "provider", "id"],
  classify: ["model", "context"],
  generateImages: ["model", "context"],
}

export function openModels(st: LuaState, G: LuaTable): void {
  const models = libraryTable(st)
  for (const name of MODEL_OPERATIONS) models.set(LUA_MODEL_FUNCTIONS[name], askHost(st, name))
  G.set("models", models)
}

const askHost =
  (st: LuaState, name: ModelOperation): LuaFunction =>
  (args) => [callHost(st, { op: "model", name, args: argumentData(st, name, args) })]

/** The arguments as plain data: trailing `nil`s dropped, inner ones as JSON null. */
const argumentData = (st: LuaState, name: ModelOperation, args: LuaValue[]): DataValue[] => {
  const names = ARGUMENT_NAMES[name]
  let count = Math.min(args.length, names.length)
  while (count > 0 && args[count - 1] === undefined) count--
  const data: DataValue[] = []
  for (let i = 0; i < count; i++) data.push(args[i] === undefined ? null : luaToData(st, args[i], names[i]!))
  return data
}
