/**
 * From MCP tool names to keys in a Code Mode tools tree.
 *
 * MCP names are free-form within `[A-Za-z0-9_.-]` (and servers stray outside it). In a tools tree a
 * dot in a key splits it into a path, so `files.read` would turn into a namespace `files` holding
 * `read`, and could collide with a sibling tool called `files`. So a dot, and anything the catalog
 * refuses in a key (whitespace, quotes, brackets, backslashes, control characters), becomes `_`.
 * Hyphens and other punctuation stay: the catalog already reaches them by bracket path
 * (`tools.ctx["resolve-library-id"]`) and by identifier alias (`tools.ctx.resolve_library_id`).
 *
 * The original name is what the call sends, whatever the key became. Two names that land on the
 * same key are both kept: the later one gets a numeric suffix, and the collision is reported so
 * the host can see why a name moved.
 */

/** Characters that cannot stand in a tools-tree key as they are. */
const UNSAFE = /[.\s"'`\\[\]\u0000-\u001f\u007f]/g

export const keyOfToolName = (name: string): string => {
  const key = name.replace(UNSAFE, "_")
  return key === "" ? "_" : key
}

export interface NamedTool<T> {
  readonly key: string
  readonly name: string
  readonly tool: T
}

/** Assigns each tool a distinct key, in the server's order; `onCollision` hears about renames. */
export const assignKeys = <T extends { readonly name: string }>(
  tools: ReadonlyArray<T>,
  onCollision: (first: string, second: string, key: string) => void,
): ReadonlyArray<NamedTool<T>> => {
  const owners = new Map<string, string>()
  const named: Array<NamedTool<T>> = []
  for (const tool of tools) {
    const base = keyOfToolName(tool.name)
    let key = base
    for (let n = 2; owners.has(key); n++) key = `${base}_${n}`
    if (key !== base) onCollision(owners.get(base)!, tool.name, base)
    owners.set(key, tool.name)
    named.push({ key, name: tool.name, tool })
  }
  return named
}
