/**
 * Calls that leave the program: a tool, `search`, an extension global.
 *
 * Host calls — a tool, `search`, an extension global — convert their arguments with the
 * plain-data contract (`luaToData`: a violation stops the execution with `InvalidDataValue`), block
 * on `host.call`, and convert the answer back (`dataToLua`). A `HostFailure` becomes a Lua error the
 * program may catch: its value is the host's message and it remembers the diagnostic kind and the
 * line, so if nothing catches it the execution fails with that kind (`ToolFailure`, ...). A
 * `HostStop` passes through untouched: no `pcall` sees it.
 */

import type { DataValue } from "../../../protocol/data.js"
import type { HostCall } from "../../../protocol/operations.js"
import { HostFailure, HostStop } from "../../engine-host.js"
import { dataToLua, luaToData } from "../data/convert.js"
import { LuaMessages } from "../messages.js"
import type { LuaState } from "./state.js"
import { LuaError, LuaTable, ToolReference, type LuaFunction, type LuaValue } from "./value.js"

/** A host failure as a Lua error: catchable, and reported with its own kind if it is not caught. */
export class HostCallError extends LuaError {
  constructor(
    message: string,
    kind: HostFailure["kind"],
    /** Where the host call was made, for the diagnostic of an uncaught failure. */
    readonly line: number,
  ) {
    super(message, kind)
  }
}

/** Sends one request to the host and converts its answer to a Lua value. */
export function callHost(st: LuaState, request: HostCall): LuaValue {
  if (--st.fuel <= 0) st.refuel()
  let answer: DataValue
  try {
    answer = st.host.call(request)
  } catch (error) {
    if (error instanceof HostFailure) throw new HostCallError(error.message, error.kind, st.line)
    throw error
  }
  return dataToLua(st, answer, { root: "output" })
}

/** An argument of a host call as plain data (`nil` is JSON null). */
const argumentData = (st: LuaState, value: LuaValue, root: string): DataValue =>
  value === undefined ? null : luaToData(st, value, root)

/** Calls the tool a `ToolReference` names; its input is the first argument (`{}` when absent). */
export function callTool(st: LuaState, tool: ToolReference, args: LuaValue[]): LuaValue[] {
  const first = args[0]
  if (first instanceof ToolReference) st.error(LuaMessages.toolMethodCall(tool.path))
  const input: DataValue = first === undefined ? {} : luaToData(st, first, "input")
  return [callHost(st, { op: "tool", name: tool.path, args: [input] })]
}

/** A call of a name no tool has: the host answers `UnknownTool` (a stop), given here the call's line. */
export function callUnknownTool(st: LuaState, path: string, line: number): never {
  try {
    callHost(st, { op: "tool", name: path, args: [{}] })
  } catch (error) {
    if (error instanceof HostStop && error.diagnostic.location === undefined) throw new HostStop({ ...error.diagnostic, location: { line } })
    throw error
  }
  return st.error(LuaMessages.call("nil", ""))
}

/** The `search` global: its arguments go to the host as they are. */
export const searchBuiltin =
  (st: LuaState): LuaFunction =>
  (args) => {
    const data = args.map((a, i) => argumentData(st, a, `args[${i + 1}]`))
    return [callHost(st, { op: "search", name: "search", args: data })]
  }

/**
 * Installs extension globals by their dotted paths (`fetch`, `fs.readFile`): each becomes a
 * builtin that forwards its arguments to the host as `{ op: "global", name: path }`. Missing
 * intermediate tables are created; an existing table (a library) is extended.
 */
export function installExtensionGlobals(st: LuaState, G: LuaTable, paths: ReadonlyArray<string>): void {
  for (const path of paths) {
    const parts = path.split(".")
    let table = G
    for (let i = 0; i < parts.length - 1; i++) {
      const existing = table.get(parts[i])
      if (existing instanceof LuaTable) {
        table = existing
      } else {
        const created = new LuaTable(st.bounds.maxTableEntries)
        table.set(parts[i], created)
        table = created
      }
    }
    const name = path
    table.set(parts[parts.length - 1], (args: LuaValue[]) => {
      const data = args.map((a, i) => argumentData(st, a, `args[${i + 1}]`))
      return [callHost(st, { op: "global", name, args: data })]
    })
  }
}
