/**
 * `codemode.config.json`: one file that says where the tools come from and how programs run.
 *
 * It is decoded with an Effect Schema that refuses unknown keys (`onExcessProperty: "error"`), so a
 * misspelt `comand` or a field from another tool's format is an error naming its path, not a
 * setting silently ignored. All errors are reported at once, each as `path: problem`.
 *
 * Secrets do not belong in the file: any string in `env`, `headers`, an OpenAPI source's `auth`
 * or `state.url` may name host environment variables as `${NAME}`, substituted when the file is
 * read (a missing variable is an error naming the field). They reach the MCP server's process or
 * requests, the OpenAPI service or the database, and nothing else; programs never see them. Relative paths (modules, a server's `cwd`, the state file) are read from the file's
 * directory.
 *
 * `state` says where `store` / `load` keep their values between invocations: a SQLite file
 * (`{ "path" }`), a PostgreSQL server (`{ "url" }`, which may name `${NAME}` variables like a
 * header) or `"memory"` (nothing kept past the process). Without the field `run` and `serve` use
 * the SQLite file `DEFAULT_STATE_FILE` beside the configuration (or in the working directory when
 * there is none), so state carries across invocations without anyone having to ask for it.
 *
 * `approvals` signs the tokens of programs paused for an approval (README "Approvals"): `key`
 * (a `${NAME}` reference, never the secret itself; default the environment's
 * `CODEMODE_APPROVAL_KEY`, else a random key of the process, so a token then resumes only in the
 * `serve` process that paused it) and `expiresInMs`.
 */

import { existsSync, readFileSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { Schema, SchemaIssue } from "effect"

const Strings = Schema.Record(Schema.String, Schema.String)
const PositiveInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))

const ServerCommon = {
  description: Schema.optional(Schema.String),
  callTimeoutMs: Schema.optional(PositiveInt),
}

const StdioServer = Schema.Struct({
  command: Schema.String,
  args: Schema.optional(Schema.Array(Schema.String)),
  env: Schema.optional(Strings),
  cwd: Schema.optional(Schema.String),
  ...ServerCommon,
})

const HttpServer = Schema.Struct({
  url: Schema.String,
  headers: Schema.optional(Strings),
  ...ServerCommon,
})

const ModuleSource = Schema.Struct({
  /** A JavaScript module (relative to the config file) exporting `Tool.make` tools. */
  path: Schema.String,
  /** Which export holds the tools tree (default: `tools`, else the default export). */
  export: Schema.optional(Schema.String),
  /** Mount the tree under this namespace (default: at the top). */
  namespace: Schema.optional(Schema.String),
})

const Limits = Schema.Struct({
  timeoutMs: Schema.optional(PositiveInt),
  maxToolCalls: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
  maxOutputBytes: Schema.optional(PositiveInt),
})

const Serve = Schema.Struct({
  mode: Schema.optional(Schema.Literals(["only", "on"])),
  host: Schema.optional(Schema.String),
  maxRequestBytes: Schema.optional(PositiveInt),
  maxConcurrentExecutions: Schema.optional(PositiveInt),
  instructionTokens: Schema.optional(PositiveInt),
})

const SqliteStateSource = Schema.Struct({
  /** The SQLite file (relative to the config file), created when absent. */
  path: Schema.String,
  busyTimeoutMs: Schema.optional(PositiveInt),
})

const PostgresStateSource = Schema.Struct({
  /** `postgres://user:password@host:port/database`; may name `${NAME}` environment variables. */
  url: Schema.String,
  maxConnections: Schema.optional(PositiveInt),
})

const OpenApiSource = Schema.Struct({
  /** The document: a file (relative to the config file) or an http(s) URL, JSON or YAML. */
  spec: Schema.String,
  baseUrl: Schema.optional(Schema.String),
  /** A credential per security scheme name: a token or key, or `{ username, password }`; may name `${NAME}` variables. */
  auth: Schema.optional(Schema.Record(Schema.String, Schema.Union([Schema.String, Schema.Struct({ username: Schema.String, password: Schema.String })]))),
  timeoutMs: Schema.optional(PositiveInt),
  maxResponseBytes: Schema.optional(PositiveInt),
})

const StateSource = Schema.Union([Schema.Literal("memory"), SqliteStateSource, PostgresStateSource])

const Approvals = Schema.Struct({
  key: Schema.optional(Schema.String),
  expiresInMs: Schema.optional(PositiveInt),
})

const fields = {
  $schema: Schema.optional(Schema.String),
  approvals: Schema.optional(Approvals),
  language: Schema.optional(Schema.Literals(["lua", "javascript"])),
  limits: Schema.optional(Limits),
  modules: Schema.optional(Schema.Array(ModuleSource)),
  openapi: Schema.optional(Schema.Record(Schema.String, OpenApiSource)),
  serve: Schema.optional(Serve),
}

export const ConfigSchema = Schema.Struct({
  ...fields,
  mcpServers: Schema.optional(Schema.Record(Schema.String, Schema.Union([StdioServer, HttpServer]))),
  state: Schema.optional(StateSource),
})

/**
 * What is decoded first: servers stay unknown here and are decoded one by one by the member their
 * keys choose (`command` or `url`), because a union's error lists every member's complaints and
 * a person wants only the ones about the kind of server they meant.
 */
const FileSchema = Schema.Struct({
  ...fields,
  mcpServers: Schema.optional(Schema.Record(Schema.String, Schema.Unknown)),
  state: Schema.optional(Schema.Unknown),
})

export type Config = typeof ConfigSchema.Type
export type ServerConfig = NonNullable<Config["mcpServers"]>[string]
export type StateConfig = NonNullable<Config["state"]>
export type OpenApiConfig = NonNullable<Config["openapi"]>[string]

export const DEFAULT_CONFIG_FILE = "codemode.config.json"

/** Where `run` and `serve` keep state when the configuration does not say: beside the configuration. */
export const DEFAULT_STATE_FILE = ".codemode/state.db"

/** A configuration file that cannot be read or does not match the schema. */
export class ConfigError extends Error {
  override readonly name = "ConfigError"
  constructor(
    readonly file: string,
    readonly problems: ReadonlyArray<{ readonly path: string; readonly message: string }>,
  ) {
    super(problems.map((problem) => `${file}: ${problem.path === "" ? "" : `${problem.path}: `}${problem.message}`).join("\n"))
  }
}

export interface LoadedConfig {
  readonly config: Config
  /** The file it came from, or `undefined` when there was none (no tools, defaults). */
  readonly file: string | undefined
  /** Where relative paths are read from. */
  readonly directory: string
}

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()
const OPTIONS = { onExcessProperty: "error", errors: "all" } as const
const decodeFile = Schema.decodeUnknownResult(FileSchema, OPTIONS)
const decodeStdio = Schema.decodeUnknownResult(StdioServer, OPTIONS)
const decodeHttp = Schema.decodeUnknownResult(HttpServer, OPTIONS)
const decodeSqliteState = Schema.decodeUnknownResult(SqliteStateSource, OPTIONS)
const decodePostgresState = Schema.decodeUnknownResult(PostgresStateSource, OPTIONS)

type Problem = { readonly path: string; readonly message: string }

const pathText = (path: ReadonlyArray<PropertyKey | { key: PropertyKey }>): string =>
  path.map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".")

/** `${NAME}` references in env and header values, replaced from the host's environment. */
const substitute = (file: string, config: Config, environment: NodeJS.ProcessEnv): Config => {
  const problems: Array<{ path: string; message: string }> = []
  const replace = (path: string, value: string): string =>
    value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
      const found = environment[name]
      if (found === undefined) {
        problems.push({ path, message: `the environment variable ${name} is not set` })
        return ""
      }
      return found
    })
  const servers: Record<string, ServerConfig> = {}
  for (const [name, server] of Object.entries(config.mcpServers ?? {})) {
    const field = "command" in server ? "env" : "headers"
    const values = ("command" in server ? server.env : server.headers) ?? {}
    const replaced = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, replace(`mcpServers.${name}.${field}.${key}`, value)]))
    servers[name] = { ...server, [field]: replaced } as ServerConfig
  }
  const state = typeof config.state === "object" && "url" in config.state ? { ...config.state, url: replace("state.url", config.state.url) } : config.state
  const approvals = config.approvals?.key === undefined ? config.approvals : { ...config.approvals, key: replace("approvals.key", config.approvals.key) }
  const openapi: Record<string, OpenApiConfig> = {}
  for (const [name, source] of Object.entries(config.openapi ?? {})) {
    const at = `openapi.${name}.auth`
    const auth =
      source.auth === undefined
        ? undefined
        : Object.fromEntries(
            Object.entries(source.auth).map(([scheme, credential]) => [
              scheme,
              typeof credential === "string"
                ? replace(`${at}.${scheme}`, credential)
                : { username: replace(`${at}.${scheme}.username`, credential.username), password: replace(`${at}.${scheme}.password`, credential.password) },
            ]),
          )
    openapi[name] = auth === undefined ? source : { ...source, auth }
  }
  if (problems.length > 0) throw new ConfigError(file, problems)
  return {
    ...config,
    ...(config.openapi === undefined ? {} : { openapi }),
    ...(config.mcpServers === undefined ? {} : { mcpServers: servers }),
    ...(state === undefined ? {} : { state }),
    ...(approvals === undefined ? {} : { approvals }),
  }
}

const problemsOf = (issue: SchemaIssue.Issue, prefix: string): Problem[] =>
  formatter(issue).issues.map((found) => {
    const path = pathText(found.path ?? [])
    return { path: prefix === "" ? path : path === "" ? prefix : `${prefix}.${path}`, message: found.message }
  })

const decodeServer = (name: string, value: unknown, problems: Problem[]): ServerConfig | undefined => {
  const path = `mcpServers.${name}`
  const isObject = typeof value === "object" && value !== null && !Array.isArray(value)
  if (!isObject || ("command" in value) === ("url" in value)) {
    problems.push({ path, message: "a server needs exactly one of command (a child process over stdio) or url (streamable HTTP)" })
    return undefined
  }
  const decoded = "command" in value ? decodeStdio(value) : decodeHttp(value)
  if (decoded._tag === "Success") return decoded.success
  problems.push(...problemsOf(decoded.failure.issue, path))
  return undefined
}

/** `state`, decoded by the member its keys choose (as servers are), so its errors are about that kind. */
const decodeState = (value: unknown, problems: Problem[]): StateConfig | undefined => {
  if (value === "memory") return value
  const isObject = typeof value === "object" && value !== null && !Array.isArray(value)
  if (!isObject || ("path" in value) === ("url" in value)) {
    problems.push({ path: "state", message: `state is "memory", { "path": <SQLite file> } or { "url": <postgres:// URL> }` })
    return undefined
  }
  const decoded = "path" in value ? decodeSqliteState(value) : decodePostgresState(value)
  if (decoded._tag === "Success") return decoded.success
  problems.push(...problemsOf(decoded.failure.issue, "state"))
  return undefined
}

/** Validates a parsed configuration; throws `ConfigError` listing every problem with its path. */
export const parseConfig = (file: string, value: unknown, environment: NodeJS.ProcessEnv = process.env): Config => {
  const decoded = decodeFile(value)
  const problems: Problem[] = decoded._tag === "Failure" ? problemsOf(decoded.failure.issue, "") : []
  const given = (value as { mcpServers?: unknown } | null)?.mcpServers
  const servers: Record<string, ServerConfig> = {}
  if (typeof given === "object" && given !== null && !Array.isArray(given)) {
    for (const [name, server] of Object.entries(given)) {
      const decodedServer = decodeServer(name, server, problems)
      if (decodedServer !== undefined) servers[name] = decodedServer
    }
  }
  const givenState = (value as { state?: unknown } | null)?.state
  const state = givenState === undefined ? undefined : decodeState(givenState, problems)
  if (decoded._tag === "Failure" || problems.length > 0) throw new ConfigError(file, problems)
  const { mcpServers, state: _state, ...rest } = decoded.success
  return substitute(
    file,
    { ...rest, ...(mcpServers === undefined ? {} : { mcpServers: servers }), ...(state === undefined ? {} : { state }) },
    environment,
  )
}

/**
 * Reads the configuration: the file given, else `codemode.config.json` in the working directory
 * when it exists, else an empty configuration. A file given but missing is an error.
 */
export const loadConfig = (given: string | undefined, cwd: string = process.cwd()): LoadedConfig => {
  const file = given === undefined ? resolve(cwd, DEFAULT_CONFIG_FILE) : resolve(cwd, given)
  if (given === undefined && !existsSync(file)) return { config: {}, file: undefined, directory: cwd }
  let text: string
  try {
    text = readFileSync(file, "utf8")
  } catch (error) {
    throw new ConfigError(file, [{ path: "", message: `cannot read the file: ${(error as Error).message}` }])
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ConfigError(file, [{ path: "", message: `not valid JSON: ${(error as Error).message}` }])
  }
  return { config: parseConfig(file, json), file, directory: dirname(file) }
}
