/**
 * `text(value)`, `image(dataURLOrBlock)` and `exit()`: the output globals of the second reference.
 *
 * `text` appends a text block: a string as it is, any other value as JSON text (objects and arrays
 * indented by two spaces, through the plain-data contract, so a function inside stops the
 * execution with `InvalidDataValue` naming the path, as a tool input would). `image` takes a base64
 * data URL or an image block (`{ type: "image", mimeType, data }`, what an image model returns)
 * and appends an image block; what it checks, and why there, is in worker/output.ts: a bad image
 * is a `TypeError` the program may catch. `exit()` ends the program at once, successfully.
 *
 * The console methods append console blocks beside their log lines (console.ts); the blocks, the
 * caps and live output live in `st.output`. Each call charges fuel for the characters it keeps.
 */

import { jsToData } from "../data/convert.js"
import { checkImage, OutputArgumentError, OutputMessages, ProgramExit, type ImageArgument } from "../../output.js"
import { JsObject, type Value } from "../runtime/object.js"
import type { Realm } from "../runtime/realm.js"
import type { JsState } from "../runtime/state.js"

export function installOutput(realm: Realm): void {
  realm.defineGlobal(
    "text",
    realm.builtin("text", 1, (st, _this, args) => {
      const text = textOf(st, args[0])
      st.charge(1 + (text.length >> 6))
      st.output.text(text)
      return undefined
    }),
  )
  realm.defineGlobal(
    "image",
    realm.builtin("image", 1, (st, _this, args) => {
      try {
        const { mimeType, data } = checkImage(imageArgument(st, st.realm, args[0]), st.bounds, (units) => st.charge(units))
        st.output.image(mimeType, data)
      } catch (error) {
        if (error instanceof OutputArgumentError) throw st.typeError(error.message)
        throw error
      }
      return undefined
    }),
  )
  realm.defineGlobal(
    "exit",
    realm.builtin("exit", 0, () => {
      throw new ProgramExit()
    }),
  )
}

/** A value as `text` shows it: strings bare, everything else as JSON text. */
export const textOf = (st: JsState, value: Value): string => {
  if (typeof value === "string") return value
  if (value === undefined) return "undefined"
  const data = jsToData(st, value, "text")
  return typeof data === "object" && data !== null ? JSON.stringify(data, null, 2) : JSON.stringify(data)
}

const imageArgument = (st: JsState, realm: Realm, value: Value): ImageArgument => {
  if (typeof value === "string") return { url: value }
  if (value instanceof JsObject) {
    const data = value.get(st, "data")
    const mimeType = value.get(st, "mimeType")
    if (typeof data === "string" && (mimeType === undefined || typeof mimeType === "string")) return { data, mimeType }
    const url = value.get(st, "url")
    if (typeof url === "string") return { url }
  }
  throw new OutputArgumentError(OutputMessages.notAnImage(realm.describe(value)))
}
