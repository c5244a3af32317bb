/**
 * A workspace: the configuration file turned into live tool sources and a current runtime.
 *
 * It is a scoped Effect because its sources are resources: every MCP server in the file is
 * connected (all at once) when the workspace opens and closed with its scope, and the worker pool
 * the runtimes share is the workspace's own, closed last. Modules are imported once.
 *
 * The runtime is rebuilt whenever an MCP server announces a new tool list: `runtime()` then gives
 * a runtime over the new catalog, for executions that start after the change, while executions
 * already running finish on the runtime they started with (closing a runtime that borrows a
 * host-made pool stops new executions on it and nothing else). Listeners (`codemode serve`) hear
 * about each rebuild so they can tell their clients.
 *
 * Every runtime carries `progressHooks`, so an execution reports its tool calls to whatever
 * `ExecutionProgress` its caller provides (an MCP progress token, a terminal status line).
 */

import { isAbsolute, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { Effect, Schema, type Scope } from "effect"
import { CodeMode, Namespace, Tool, WorkerPool, type Language, type Runtime, type ToolTree } from "../index.js"
import { MCP, type McpConnectError, progressHooks, type McpConnection, type NamespaceSummary, type Workspace } from "../mcp/index.js"
import type { LoadedConfig, ServerConfig } from "./config.js"

export class ModuleLoadError extends Error {
  override readonly name = "ModuleLoadError"
}

interface ModuleTools {
  readonly namespace: string | undefined
  readonly tree: ToolTree | Namespace<ToolTree>
}

const importModule = async (directory: string, source: { path: string; export?: string | undefined; namespace?: string | undefined }): Promise<ModuleTools> => {
  const file = isAbsolute(source.path) ? source.path : resolve(directory, source.path)
  let loaded: Record<string, unknown>
  try {
    loaded = (await import(pathToFileURL(file).href)) as Record<string, unknown>
  } catch (error) {
    throw new ModuleLoadError(`Cannot import the tools module ${source.path}: ${(error as Error).message}`)
  }
  const name = source.export ?? ("tools" in loaded ? "tools" : "default")
  const tree = loaded[name]
  if (typeof tree !== "object" || tree === null) {
    throw new ModuleLoadError(`The tools module ${source.path} has no export '${name}' holding a tools tree (a record of Tool.make tools)`)
  }
  return { namespace: source.namespace, tree: tree as ToolTree }
}

const connectServer = (name: string, server: ServerConfig, directory: string) =>
  MCP.connect(
    "command" in server
      ? {
          name,
          command: server.command,
          args: server.args ?? [],
          env: server.env ?? {},
          ...(server.cwd === undefined ? {} : { cwd: resolve(directory, server.cwd) }),
          ...(server.description === undefined ? {} : { description: server.description }),
          ...(server.callTimeoutMs === undefined ? {} : { callTimeoutMs: server.callTimeoutMs }),
        }
      : {
          name,
          url: server.url,
          headers: server.headers ?? {},
          ...(server.description === undefined ? {} : { description: server.description }),
          ...(server.callTimeoutMs === undefined ? {} : { callTimeoutMs: server.callTimeoutMs }),
        },
  )

/** The JSON Schema of a tool's input: as given, or derived from its Effect Schema. */
const jsonSchemaOf = (input: unknown): Record<string, unknown> | undefined => {
  if (Schema.isSchema(input)) {
    try {
      return Schema.toJsonSchemaDocument(input as Schema.Top).schema as Record<string, unknown>
    } catch {
      return undefined
    }
  }
  return typeof input === "object" && input !== null ? (input as Record<string, unknown>) : undefined
}

/** Opens every source of a configuration; the workspace lives until the scope closes. */
export const openWorkspace = (
  loaded: LoadedConfig,
  overrides: { readonly language?: Language | undefined; readonly limits?: Record<string, number>; readonly randomSeed?: number | undefined } = {},
): Effect.Effect<Workspace, McpConnectError | ModuleLoadError, Scope.Scope> =>
  Effect.gen(function* () {
    const { config, directory } = loaded
    const language: Language = overrides.language ?? config.language ?? "lua"
    const limits = { ...(config.limits ?? {}), ...(overrides.limits ?? {}) }
    const pool = yield* Effect.acquireRelease(
      Effect.sync(() => WorkerPool.make({})),
      (made) => Effect.promise(() => made.close()),
    )
    const modules = yield* Effect.tryPromise({
      try: () => Promise.all((config.modules ?? []).map((source) => importModule(directory, source))),
      catch: (error) => (error instanceof ModuleLoadError ? error : new ModuleLoadError(String(error))),
    })
    const connections: ReadonlyArray<McpConnection> = yield* Effect.forEach(
      Object.entries(config.mcpServers ?? {}),
      ([name, server]) => connectServer(name, server, directory),
      { concurrency: "unbounded" },
    )

    const tree = (): ToolTree => {
      const tools: Record<string, ToolTree[string]> = {}
      for (const module of modules) {
        if (module.namespace === undefined) Object.assign(tools, Namespace.is(module.tree) ? module.tree.tools : module.tree)
        else tools[module.namespace] = module.tree as ToolTree
      }
      for (const connection of connections) tools[connection.name] = connection.namespace
      return tools
    }
    const build = (): Runtime<never> =>
      CodeMode.make({ language, tools: tree(), limits, hooks: progressHooks, pool, randomSeed: overrides.randomSeed }) as unknown as Runtime<never>

    let current = build()
    const listeners = new Set<() => void>()
    for (const connection of connections) {
      connection.onChange(() => {
        const previous = current
        current = build()
        void previous.close()
        for (const listener of listeners) listener()
      })
    }
    yield* Effect.addFinalizer(() => Effect.promise(() => current.close()))

    const inputSchemas = (): Map<string, Record<string, unknown>> => {
      const schemas = new Map<string, Record<string, unknown>>()
      const walk = (node: unknown, prefix: string): void => {
        if (Tool.is(node)) {
          const schema = jsonSchemaOf(node.input)
          if (schema !== undefined) schemas.set(prefix, schema)
        } else if (Namespace.is(node)) walk(node.tools, prefix)
        else if (typeof node === "object" && node !== null) {
          for (const [key, child] of Object.entries(node)) walk(child, prefix === "" ? key : `${prefix}.${key}`)
        }
      }
      walk(tree(), "")
      return schemas
    }

    const workspace: Workspace = {
      language,
      runtime: () => current,
      namespaces: (): ReadonlyArray<NamespaceSummary> => [
        ...modules.flatMap((module) =>
          module.namespace === undefined
            ? []
            : [
                {
                  name: module.namespace,
                  description: Namespace.is(module.tree) ? module.tree.description : undefined,
                  instructions: Namespace.is(module.tree) ? module.tree.instructions : undefined,
                },
              ],
        ),
        ...connections.map((connection) => ({
          name: connection.name,
          description: connection.namespace.description,
          instructions: connection.instructions,
        })),
      ],
      inputSchema: (path) => inputSchemas().get(path),
      onChange: (listener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    }
    return workspace
  })
