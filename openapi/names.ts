/**
 * Tool names for operations.
 *
 * An `operationId` is the name the service's authors chose, so it is kept as written: dots make
 * namespaces (`pets.photos.list` is `tools.api.pets.photos.list`), and any other punctuation stays,
 * to be written with brackets (`tools.api["repos/get-content"]`). Only what no program could write
 * reliably is replaced with `_`: whitespace, control characters, quotes, backslashes, square
 * brackets and empty segments.
 *
 * An operation without an `operationId` gets a name derived from its method and path, stable
 * across runs and document edits elsewhere: `GET /pets/{petId}/photos` is `get_pets_petId_photos`.
 *
 * Two operations may still land on one name, or one name may be both a tool and the namespace of
 * another (`pets` and `pets.list`). The first one declared keeps the name; a later duplicate gets
 * `_2`, `_3`, and a later tool below an existing tool is flattened (`pets_list`). Order is the
 * document's, so the outcome is the same every time.
 */

const REFUSED = /[\s"'`\\[\]\p{Cc}]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu

interface Nameable {
  readonly operationId: string | undefined
  readonly method: string
  readonly path: string
}

/** One name per operation, in order; names are canonical tool paths (segments joined by dots). */
export const toolNames = (operations: ReadonlyArray<Nameable>): Array<string> => {
  const tools = new Set<string>()
  const namespaces = new Set<string>()
  const isFree = (segments: ReadonlyArray<string>): boolean => {
    const path = segments.join(".")
    if (tools.has(path) || namespaces.has(path)) return false
    for (let length = 1; length < segments.length; length++) if (tools.has(segments.slice(0, length).join("."))) return false
    return true
  }
  return operations.map((operation) => {
    let segments = fromOperationId(operation.operationId) ?? [derivedName(operation.method, operation.path)]
    if (!isFree(segments) && segments.length > 1) {
      const nested = segments.slice(0, -1)
      const prefixIsTool = nested.some((_, index) => tools.has(nested.slice(0, index + 1).join(".")))
      if (prefixIsTool) segments = [segments.join("_")]
    }
    const last = segments[segments.length - 1]
    for (let suffix = 2; !isFree(segments); suffix++) segments = [...segments.slice(0, -1), `${last}_${suffix}`]
    const path = segments.join(".")
    tools.add(path)
    for (let length = 1; length < segments.length; length++) namespaces.add(segments.slice(0, length).join("."))
    return path
  })
}

const fromOperationId = (operationId: string | undefined): Array<string> | undefined => {
  if (operationId === undefined) return undefined
  const segments = operationId
    .split(".")
    .map((segment) => segment.replace(REFUSED, "_"))
    .filter((segment) => segment !== "")
  return segments.length === 0 ? undefined : segments
}

/** `GET /pets/{petId}/photos` -> `get_pets_petId_photos`. */
export const derivedName = (method: string, path: string): string => {
  const words = path
    .split("/")
    .map((segment) => segment.replace(/[{}]/g, "").replace(/[^\p{L}\p{N}_]+/gu, "_").replace(/^_+|_+$/g, ""))
    .filter((segment) => segment !== "")
  return [method.toLowerCase(), ...(words.length === 0 ? ["root"] : words)].join("_")
}
