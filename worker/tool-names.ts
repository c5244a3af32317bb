/**
 * Which names under `tools` a program can read, in both engines: the worker's view of the
 * catalog's paths, so that an unknown tool reads as `undefined` / `nil`.
 *
 * Reading `tools.crm.sendEmail` used to give a callable reference whatever the name, so feature
 * detection (`if (tools.crm.sendEmail)`) always said yes, `"x" in tools.crm` and
 * `Object.keys(tools.crm)` lied, and only the call found out. The worker already holds the
 * catalog's paths (its snapshot), so it can answer reads itself: a name that is a tool or a
 * namespace below the current one reads as its reference; any other reads as nothing. Calling a
 * name that read as nothing, in the same expression (`tools.crm.sendEmail(...)`), is still the
 * reference's "referenced an unavailable tool": the engines send that call to the host, which
 * answers `UnknownTool` with its "Did you mean" list, and the engine adds the line.
 *
 * The host also resolves identifier aliases (`context7.resolve_library_id` for
 * `context7.resolve-library-id`, catalog.ts); so here a key also matches a child whose name reads
 * the same with punctuation as `_`. Being generous is safe: the host still decides every call.
 */

import type { SnapshotTool } from "../protocol/task.js"

/** Punctuation as `_`, the identifier form the host's aliases use. */
const identifierForm = (name: string): string => name.replace(/[^A-Za-z0-9_$]/g, "_")

export class ToolNames {
  /** Namespace path ("" for `tools`) -> child name -> child path, in declaration order. */
  private readonly children = new Map<string, Map<string, string>>()
  /** Namespace path -> identifier form of a child name -> child path. */
  private readonly aliases = new Map<string, Map<string, string>>()

  constructor(tools: ReadonlyArray<SnapshotTool>) {
    for (const tool of tools) {
      const segments = (tool as { readonly segments?: ReadonlyArray<string> }).segments ?? tool.path.split(".")
      let parent = ""
      for (const segment of segments) {
        const path = parent === "" ? segment : `${parent}.${segment}`
        let names = this.children.get(parent)
        if (names === undefined) this.children.set(parent, (names = new Map()))
        if (!names.has(segment)) names.set(segment, path)
        let forms = this.aliases.get(parent)
        if (forms === undefined) this.aliases.set(parent, (forms = new Map()))
        const form = identifierForm(segment)
        if (!forms.has(form)) forms.set(form, path)
        parent = path
      }
    }
  }

  /** The path `key` names below `parent`, or undefined when no tool or namespace has it. */
  child(parent: string, key: string): string | undefined {
    return this.children.get(parent)?.get(key) ?? this.aliases.get(parent)?.get(identifierForm(key))
  }

  /** The names directly below `parent`, in declaration order (`Object.keys(tools.crm)`). */
  names(parent: string): ReadonlyArray<string> {
    return [...(this.children.get(parent)?.keys() ?? [])]
  }
}

/** One `ToolNames` per snapshot's tool list: a worker keeps its snapshots, so executions share it. */
const built = new WeakMap<ReadonlyArray<SnapshotTool>, ToolNames>()

export const toolNamesFor = (tools: ReadonlyArray<SnapshotTool>): ToolNames => {
  let names = built.get(tools)
  if (names === undefined) built.set(tools, (names = new ToolNames(tools)))
  return names
}
