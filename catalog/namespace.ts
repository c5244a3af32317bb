/**
 * Namespaces and the tools tree.
 *
 * The host hands `CodeMode.make` a tree: records nest tools under paths, and a record may be wrapped
 * in `Namespace.make` when the level deserves a description (and instructions) of its own. The name
 * of a namespace is always the key it sits under, so the wrapper never repeats it. A namespace's
 * description is model-visible and counts in search for every tool below it; it grants nothing.
 *
 * `ToolRequirements` walks the same tree at the type level and collects the union of every tool's
 * requirements, so a runtime built from the tree asks its caller for exactly those services.
 */

import type { AnyTool, Tool } from "./tool.js"
import * as Messages from "./messages.js"

/** A record of tools, namespaces and further records; keys may contain dots to nest paths. */
export interface ToolTree {
  readonly [key: string]: ToolTreeNode
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- type plumbing: any tool, whatever its types
export type ToolTreeNode = AnyTool | Namespace<any> | ToolTree

const NamespaceTypeId: unique symbol = Symbol.for("codemode/Namespace") as never

export interface Namespace<out T extends ToolTree> {
  readonly [NamespaceTypeId]: typeof NamespaceTypeId
  readonly description: string | undefined
  /** Longer guidance for the model, shown when it asks about the namespace itself. */
  readonly instructions: string | undefined
  readonly tools: T
}

export interface NamespaceOptions<T extends ToolTree> {
  readonly description?: string
  readonly instructions?: string
  readonly tools: T
}

const make = <const T extends ToolTree>(options: NamespaceOptions<T>): Namespace<T> => {
  if (typeof options !== "object" || options === null) {
    throw new TypeError(Messages.invalidNamespaceOption("options", "must be an object"))
  }
  for (const option of ["description", "instructions"] as const) {
    if (options[option] !== undefined && typeof options[option] !== "string") {
      throw new TypeError(Messages.invalidNamespaceOption(option, "must be a string"))
    }
  }
  if (typeof options.tools !== "object" || options.tools === null || Array.isArray(options.tools)) {
    throw new TypeError(Messages.invalidNamespaceOption("tools", "must be a record of tools"))
  }
  return Object.freeze({
    [NamespaceTypeId]: NamespaceTypeId,
    description: options.description,
    instructions: options.instructions,
    tools: options.tools,
  }) as Namespace<T>
}

const isNamespace = (value: unknown): value is Namespace<ToolTree> =>
  typeof value === "object" &&
  value !== null &&
  (value as { [NamespaceTypeId]?: unknown })[NamespaceTypeId] === NamespaceTypeId

export const Namespace = {
  /** Wraps a record of tools with a description; the namespace's name is the key it sits under. */
  make,
  /** Whether a value was made by `Namespace.make`. */
  is: isNamespace,
} as const

/** The union of the requirements of every tool in a tree (records and namespaces, any depth). */
export type ToolRequirements<T> =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- type plumbing: any tool, whatever its types
  T extends Tool<any, any, any, infer R>
    ? R
    : T extends Namespace<infer U>
      ? ToolRequirements<U>
      : T extends object
        ? { [K in keyof T]: ToolRequirements<T[K]> }[keyof T]
        : never

/** The union of the errors every tool in a tree may fail with. */
export type ToolErrors<T> =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- type plumbing: any tool, whatever its types
  T extends Tool<any, any, infer E, any>
    ? E
    : T extends Namespace<infer U>
      ? ToolErrors<U>
      : T extends object
        ? { [K in keyof T]: ToolErrors<T[K]> }[keyof T]
        : never
