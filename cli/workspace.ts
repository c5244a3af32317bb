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
 * A runtime retired that way is closed once its last execution has its Result (closing it at once
 * would end them with "the runtime was closed"); the scope closing ends whatever is still running.
 *
 * State: every runtime of one workspace opens its own connection to the same store (a SQLite file
 * in WAL mode and a PostgreSQL server both take several), so a rebuild loses nothing. Which store
 * is the configuration's (`stateLayer`); `StateOpenError` is the store refusing to open.
 *
 * Every runtime carries `progressHooks`, so an execution reports its tool calls to whatever
 * `ExecutionProgress` its caller provides (an MCP progress token, a terminal status line).
 */

import { randomBytes } from "node:crypto"
import { mkdirSync, readFileSync } from "node:fs"
import { dirname, isAbsolute, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { Effect, Schema, type Scope } from "effect"
import { FetchHttpClient } from "effect/http"
import { CodeMode, Namespace, OpenAPI, State, StateError, Tool, WorkerPool, type Language, type Result, type Runtime, type ToolTree } from "../index.js"
import { MCP, type McpConnectError, progressHooks, type McpConnection, type NamespaceSummary, type Workspace } from "../mcp/index.js"
import { DEFAULT_STATE_FILE, type LoadedConfig, type OpenApiConfig, type ServerConfig } from "./config.js"

export class ModuleLoadError extends Error {
  override readonly name = "ModuleLoadError"
}

/** An OpenAPI source whose document could not be read or is not OpenAPI 3. */
export class OpenApiSourceError extends Error {
  override readonly name = "OpenApiSourceError"
}

/**
 * An OpenAPI source as a namespace: the document read from its file or URL, its credentials the
 * configuration's (never the program's). Its tools call the service over `fetch`.
 */
const openApiNamespace = async (directory: string, name: string, source: OpenApiConfig): Promise<Namespace<ToolTree>> => {
  let text: string
  try {
    if (/^https?:\/\//.test(source.spec)) {
      const response = await fetch(source.spec)
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      text = await response.text()
    } else {
      text = readFileSync(isAbsolute(source.spec) ? source.spec : resolve(directory, source.spec), "utf8")
    }
  } catch (error) {
    throw new OpenApiSourceError(`Cannot read the OpenAPI document of '${name}' (${source.spec}): ${(error as Error).message}`)
  }
  const credentials = source.auth ?? {}
  try {
    const api = OpenAPI.fromSpec({
      spec: text,
      auth: { resolve: ({ name: scheme }) => Effect.succeed(credentials[scheme]) },
      ...(source.baseUrl === undefined ? {} : { baseUrl: source.baseUrl }),
      ...(source.timeoutMs === undefined ? {} : { timeoutMs: source.timeoutMs }),
      ...(source.maxResponseBytes === undefined ? {} : { maxResponseBytes: source.maxResponseBytes }),
    })
    return api.tools as unknown as Namespace<ToolTree>
  } catch (error) {
    throw new OpenApiSourceError(`The OpenAPI source '${name}' (${source.spec}): ${(error as Error).message}`)
  }
}

/** The configured state store could not be opened (a file that is not a database, a directory that cannot be made). */
export class StateOpenError extends Error {
  override readonly name = "StateOpenError"
}

/** Where a workspace keeps state, as a person reads it (`codemode serve` prints it at start). */
export type StateLocation =
  | { readonly kind: "memory" }
  | { readonly kind: "sqlite"; readonly path: string; readonly defaulted: boolean }
  | { readonly kind: "postgres"; readonly url: string }

/**
 * The state a workspace uses: the configuration's `state`, else (when `persistent`) the SQLite
 * file `DEFAULT_STATE_FILE` beside the configuration, else a private in-memory database (`search`
 * and `catalog` run no program that could store anything, and should not create files).
 */
export const stateLocation = (loaded: LoadedConfig, persistent: boolean, override?: string): StateLocation => {
  // A path on the command line is the working directory's, not the configuration's.
  const state = override !== undefined ? (override === "memory" ? "memory" : { path: resolve(override) }) : loaded.config.state
  if (state === "memory" || (state === undefined && !persistent)) return { kind: "memory" }
  if (state === undefined) return { kind: "sqlite", path: resolve(loaded.directory, DEFAULT_STATE_FILE), defaulted: true }
  if ("url" in state) return { kind: "postgres", url: state.url }
  return { kind: "sqlite", path: resolve(loaded.directory, state.path), defaulted: false }
}

/** The password of a connection string hidden, for printing. */
export const describeState = (location: StateLocation): string =>
  location.kind === "memory"
    ? "state in memory (not kept after this process)"
    : location.kind === "sqlite"
      ? `state in ${location.path} (SQLite)`
      : `state on ${location.url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@")} (PostgreSQL)`

const stateLayer = (loaded: LoadedConfig, location: StateLocation) => {
  const state = loaded.config.state
  if (location.kind === "memory") return State.memory()
  if (location.kind === "postgres") {
    const maxConnections = typeof state === "object" && "url" in state ? state.maxConnections : undefined
    return State.postgres({ url: location.url, ...(maxConnections === undefined ? {} : { maxConnections }) })
  }
  const busyTimeoutMs = typeof state === "object" && "path" in state ? state.busyTimeoutMs : undefined
  return State.sqlite({ path: location.path, ...(busyTimeoutMs === undefined ? {} : { busyTimeoutMs }) })
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

export interface WorkspaceOverrides {
  readonly language?: Language | undefined
  readonly limits?: Record<string, number>
  readonly randomSeed?: number | undefined
  /** Where state is kept (see `stateLocation`); default: in memory. */
  readonly state?: StateLocation
}

/** A workspace and where it keeps state. */
export interface CliWorkspace extends Workspace {
  readonly state: StateLocation
}

/** A runtime and the executions running on it, so a retired one is closed only once they end. */
interface Generation {
  readonly runtime: Runtime<never>
  running: number
  retired: boolean
}

/** Opens every source of a configuration; the workspace lives until the scope closes. */
export const openWorkspace = (
  loaded: LoadedConfig,
  overrides: WorkspaceOverrides = {},
): Effect.Effect<CliWorkspace, McpConnectError | ModuleLoadError | OpenApiSourceError | StateOpenError, Scope.Scope> =>
  Effect.gen(function* () {
    const { config, directory } = loaded
    const language: Language = overrides.language ?? config.language ?? "lua"
    const limits = { ...(config.limits ?? {}), ...(overrides.limits ?? {}) }
    const location = overrides.state ?? { kind: "memory" }
    if (location.kind === "sqlite") {
      yield* Effect.try({
        try: () => mkdirSync(dirname(location.path), { recursive: true }),
        catch: (error) => new StateOpenError(`Cannot create the directory of the state file ${location.path}: ${(error as Error).message}`),
      })
    }
    const state = stateLayer(loaded, location)
    const pool = yield* Effect.acquireRelease(
      Effect.sync(() => WorkerPool.make({})),
      (made) => Effect.promise(() => made.close()),
    )
    const modules = yield* Effect.tryPromise({
      try: () => Promise.all((config.modules ?? []).map((source) => importModule(directory, source))),
      catch: (error) => (error instanceof ModuleLoadError ? error : new ModuleLoadError(String(error))),
    })
    const services = yield* Effect.tryPromise({
      try: () => Promise.all(Object.entries(config.openapi ?? {}).map(async ([name, source]) => ({ name, tools: await openApiNamespace(directory, name, source) }))),
      catch: (error) => (error instanceof OpenApiSourceError ? error : new OpenApiSourceError(String(error))),
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
      for (const service of services) tools[service.name] = service.tools
      for (const connection of connections) tools[connection.name] = connection.namespace
      return tools
    }
    // One key for every runtime of the workspace: a token paused before a catalog refresh still resumes after it.
    const approvals = { key: config.approvals?.key ?? process.env["CODEMODE_APPROVAL_KEY"] ?? randomBytes(32), ...(config.approvals?.expiresInMs === undefined ? {} : { expiresInMs: config.approvals.expiresInMs }) }
    const build = (): Generation => ({
      runtime: CodeMode.make({ language, tools: tree(), limits, hooks: progressHooks, pool, randomSeed: overrides.randomSeed, state, approvals }) as unknown as Runtime<never>,
      running: 0,
      retired: false,
    })
    const generations = new Set<Generation>()
    let current = yield* Effect.try({
      try: build,
      catch: (error) => new StateOpenError(error instanceof StateError ? error.message : `Cannot open the state store: ${String(error)}`),
    })
    generations.add(current)
    /** The current runtime, counting its executions so that retiring it waits for them. */
    const counted = (generation: Generation): Runtime<never> => {
      const counting = <E>(run: () => Effect.Effect<Result, E>): Effect.Effect<Result, E> =>
        Effect.suspend(() => {
          generation.running++
          // OpenAPI tools call their service through effect's HttpClient: here, the platform's fetch.
          return run().pipe(
            Effect.provide(FetchHttpClient.layer),
            Effect.ensuring(
              Effect.sync(() => {
                if (--generation.running === 0 && generation.retired) retire(generation)
              }),
            ),
          )
        })
      return {
        ...generation.runtime,
        execute: (source, options) => counting(() => generation.runtime.execute(source, options)),
        resume: (token, decision, options) => counting(() => generation.runtime.resume(token, decision, options)),
      }
    }
    const retire = (generation: Generation): void => {
      generation.retired = true
      if (generation.running > 0) return
      generations.delete(generation)
      void generation.runtime.close()
    }
    const listeners = new Set<() => void>()
    for (const connection of connections) {
      connection.onChange(() => {
        const previous = current
        // A store that opened once and now refuses (it was deleted, locked for long) keeps the old catalog.
        try {
          current = build()
        } catch {
          return
        }
        generations.add(current)
        retire(previous)
        for (const listener of listeners) listener()
      })
    }
    yield* Effect.addFinalizer(() => Effect.promise(() => Promise.all([...generations].map((generation) => generation.runtime.close()))))

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

    const workspace: CliWorkspace = {
      language,
      runtime: () => counted(current),
      state: location,
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
        ...services.map((service) => ({ name: service.name, description: service.tools.description, instructions: service.tools.instructions })),
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
