#!/usr/bin/env node
/**
 * `codemode`: the command line. Reads the arguments, loads the configuration, hands off to one
 * command (`commands.ts`) and exits with its code.
 *
 * `codemode run <file|->` runs a program over the tools the configuration file lists; the bare
 * `codemode <file|->` of earlier versions stays as its shorthand. `search` and `catalog` show
 * what a program (and so a model) would see; `serve` puts it all behind an MCP server. Usage
 * errors and configuration errors are told apart by exit code, so scripts can react to each.
 */

import { parseArgs } from "node:util"
import type { Language } from "../index.js"
import type { ServeMode } from "../mcp/index.js"
import { catalogCommand, EXIT, resumeCommand, runCommand, searchCommand, serveCommand, type CommonOptions } from "./commands.js"
import { ConfigError, loadConfig } from "./config.js"

const USAGE = `Usage:
  codemode run <file | -> [options]     run a program over the configured tools, print its value
  codemode <file | -> [options]         the same (shorthand)
  codemode resume <token file | -> --approve | --deny [--reason <text>]
                                        resume a program paused for an approval (the
                                        decision applies to each pending call)
  codemode search <query> [options]     find tools as a program's search() does
  codemode catalog [options]            every tool's declaration, as the model sees them
  codemode serve [--http <port>]        an MCP server (stdio by default) with execute and search

Options:
  --config <file>               the configuration (default: ./codemode.config.json when present)
  --json                        print JSON for scripts (run: the whole Result)
  --language <lua|javascript>   the program's language (default: the config's, else from the
                                file extension, else lua)
  --timeout <ms>                timeoutMs
  --max-tool-calls <n>          maxToolCalls
  --max-output-bytes <n>        maxOutputBytes
  --seed <n>                    seed of Lua's math.random
  --branch <name>               (run) the branch of state store/load use (default main)
  --state <file | memory>       (run, serve) where store/load keep state: a SQLite file, or
                                memory; default: the config's state, else .codemode/state.db
                                beside the config file (or in the working directory)
  --namespace <name>            (search) only tools under this namespace
  --limit <n>                   (search) most results
  --http <port>                 (serve) streamable HTTP on this port (0 picks one) instead of stdio
  --host <address>              (serve) address to bind (default 127.0.0.1)
  --token <token>               (serve) required bearer token (default: $CODEMODE_TOKEN)
  --mode <only|on>              (serve) only: execute and search; on: every tool directly too
  -h, --help                    this text

Exit status: 0 success, 1 the program failed, 2 usage error, 3 configuration error,
4 a tool source (MCP server, module) could not be started, 5 the state store could not be opened,
6 the program paused for an approval (its token is on stdout), 7 resume refused the token.
A token resumes in another process only with the same key: approvals.key in the configuration,
or $CODEMODE_APPROVAL_KEY.`

class UsageError extends Error {}

const integer = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined
  const value = Number(text)
  if (!Number.isSafeInteger(value)) throw new UsageError(`--${name} must be an integer, got '${text}'`)
  return value
}

const OPTIONS = {
  config: { type: "string" },
  json: { type: "boolean" },
  language: { type: "string" },
  timeout: { type: "string" },
  "max-tool-calls": { type: "string" },
  "max-output-bytes": { type: "string" },
  seed: { type: "string" },
  branch: { type: "string" },
  state: { type: "string" },
  namespace: { type: "string" },
  limit: { type: "string" },
  http: { type: "string" },
  host: { type: "string" },
  token: { type: "string" },
  mode: { type: "string" },
  approve: { type: "boolean" },
  deny: { type: "boolean" },
  reason: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const

const COMMANDS = new Set(["run", "resume", "search", "catalog", "serve"])

const main = async (): Promise<number> => {
  const { values, positionals } = parseArgs({ options: OPTIONS, allowPositionals: true })
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return EXIT.ok
  }
  const command = COMMANDS.has(positionals[0] ?? "") ? positionals[0]! : "run"
  const rest = command === positionals[0] ? positionals.slice(1) : positionals
  if (values.language !== undefined && values.language !== "lua" && values.language !== "javascript") {
    throw new UsageError(`--language must be lua or javascript, got '${values.language}'`)
  }
  if (values.mode !== undefined && values.mode !== "only" && values.mode !== "on") {
    throw new UsageError(`--mode must be only or on, got '${values.mode}'`)
  }
  const limits: Record<string, number> = {}
  for (const [flag, limit] of [["timeout", "timeoutMs"], ["max-tool-calls", "maxToolCalls"], ["max-output-bytes", "maxOutputBytes"]] as const) {
    const value = integer(flag, values[flag])
    if (value !== undefined) limits[limit] = value
  }
  const loaded = loadConfig(values.config)
  const file = rest[0]
  const language: Language | undefined =
    (values.language as Language | undefined) ??
    (command === "run" && loaded.config.language === undefined && file !== undefined && /\.(m?js|ts)$/.test(file) ? "javascript" : undefined)
  const common: CommonOptions = { loaded, json: values.json === true, language, limits, randomSeed: integer("seed", values.seed), state: values.state }

  switch (command) {
    case "run":
      if (rest.length !== 1) throw new UsageError("expected exactly one program file (or - for standard input)")
      return runCommand({ ...common, file: rest[0]!, branch: values.branch })
    case "resume": {
      if (rest.length !== 1) throw new UsageError("expected one token file (or - for standard input)")
      if (values.approve === values.deny) throw new UsageError("resume needs exactly one of --approve and --deny")
      if (values.approve && values.reason !== undefined) throw new UsageError("--reason goes with --deny")
      const decision = values.approve ? { approved: true as const } : { approved: false as const, ...(values.reason === undefined ? {} : { reason: values.reason }) }
      return resumeCommand({ ...common, file: rest[0]!, decision })
    }
    case "search":
      if (rest.length !== 1) throw new UsageError("expected one query (quote it when it has spaces)")
      return searchCommand({ ...common, query: rest[0]!, namespace: values.namespace, limit: integer("limit", values.limit) }) as Promise<number>
    case "catalog":
      if (rest.length !== 0) throw new UsageError("catalog takes no arguments")
      return catalogCommand(common) as Promise<number>
    default:
      if (rest.length !== 0) throw new UsageError("serve takes no arguments")
      return serveCommand({
        ...common,
        http: integer("http", values.http),
        host: values.host,
        token: values.token ?? process.env["CODEMODE_TOKEN"],
        mode: values.mode as ServeMode | undefined,
      }) as Promise<number>
  }
}

const exit = async (): Promise<number> => {
  try {
    return await main()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`codemode: invalid configuration\n${error.message}\n`)
      return EXIT.config
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`codemode: ${(error as Error).message}\n\n${USAGE}\n`)
      return EXIT.usage
    }
    if ((error as { code?: string }).code === "ENOENT" || (error as { code?: string }).code === "EISDIR") {
      process.stderr.write(`codemode: cannot read the program: ${(error as Error).message}\n`)
      return EXIT.usage
    }
    throw error
  }
}

// A reader that stops early (`codemode catalog | head`) is not an error of ours.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0)
  throw error
})

process.exitCode = await exit()
