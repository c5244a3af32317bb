/**
 * `text(value)`, `image(data_url_or_block)` and `exit()`: the output globals, in Lua.
 *
 * `text` appends a text block: a string as its UTF-8 text (bytes that are not UTF-8 are shown as
 * U+FFFD, as `print` shows them), a table as JSON text indented by two spaces (through the
 * plain-data contract, so `{1, 2}` is an array and a function inside stops the execution with
 * `InvalidDataValue` naming the path), anything else as `tostring` shows it. `image` takes a
 * base64 data URL or an image block (`{ type = "image", mimeType = ..., data = ... }`); a bad image
 * is a Lua error the program may `pcall` (worker/output.ts says what is checked, and why there).
 * `exit()` ends the program at once, successfully: no `pcall` sees it.
 *
 * `print` appends a console block (level `log`) beside its log line (base.ts). The blocks, the
 * caps and live output live in `st.output`; each call charges fuel for the characters it keeps.
 */

import { luaToData } from "../data/convert.js"
import { textFromBytesLossy } from "../../data/utf8.js"
import { checkImage, OutputArgumentError, ProgramExit, type ImageArgument } from "../../output.js"
import type { LuaState } from "../runtime/state.js"
import { tostring } from "../runtime/tostring.js"
import { LuaTable, typeName, type LuaValue } from "../runtime/value.js"
import { checkAny } from "./args.js"

export function openOutput(st: LuaState, G: LuaTable): void {
  G.set("text", (args: LuaValue[]) => {
    checkAny(st, args, 0, "text")
    const text = textOf(st, args[0])
    st.charge(1 + (text.length >> 6))
    st.output.text(text)
    return []
  })
  G.set("image", (args: LuaValue[]) => {
    try {
      const { mimeType, data } = checkImage(imageArgument(args[0]), st.bounds, (units) => st.charge(units))
      st.output.image(mimeType, data)
    } catch (error) {
      if (error instanceof OutputArgumentError) st.error(error.message)
      throw error
    }
    return []
  })
  G.set("exit", () => {
    throw new ProgramExit()
  })
}

/** A value as `text` shows it: strings as text, tables as JSON text, the rest as `tostring`. */
export const textOf = (st: LuaState, value: LuaValue): string => {
  if (typeof value === "string") return textFromBytesLossy(value)
  if (value instanceof LuaTable) return JSON.stringify(luaToData(st, value, "text"), null, 2)
  return textFromBytesLossy(tostring(st, value))
}

const imageArgument = (value: LuaValue): ImageArgument => {
  if (typeof value === "string") return { url: value }
  if (value instanceof LuaTable) {
    const data = value.getString("data")
    const mimeType = value.getString("mimeType")
    if (typeof data === "string" && (mimeType === undefined || typeof mimeType === "string")) return { data, mimeType }
    const url = value.getString("url")
    if (typeof url === "string") return { url }
  }
  throw new OutputArgumentError(
    `image() takes a base64 data URL ("data:image/png;base64,...") or an image block { type = "image", mimeType = ..., data = ... }, got ${typeName(value)}`,
  )
}
