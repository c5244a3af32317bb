/**
 * The CLI's commands, each one function from parsed options to an exit code.
 *
 * Each opens the workspace its configuration describes inside `Effect.scoped`, so whatever the
 * command does, the MCP servers it started are closed and the worker pool shut before the process
 * exits. Exit codes are the same everywhere (see `EXIT` and the README).
 */

import { readFileSync } from "node:fs"
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js"
import { Effect } from "effect"
import { Approval, type ApprovalDecision, type Language, type Result, type ResumeTokenError } from "../index.js"
import { callProgram, ClientExecutions, ExecutionProgress, listenHttp, makeMcpServer, type ServeMode } from "../mcp/index.js"
import type { LoadedConfig } from "./config.js"
import { printResult, resultStatus, terminalProgress } from "./output.js"
import { describeState, openWorkspace, StateOpenError, stateLocation, type CliWorkspace } from "./workspace.js"

export const EXIT = {
  /** The program succeeded (or the command did its job). */
  ok: 0,
  /** The program ran and failed: its Result has `ok: false`. */
  programFailed: 1,
  /** The command line was wrong. */
  usage: 2,
  /** The configuration file is missing, unreadable or invalid. */
  config: 3,
  /** A tool source could not be started or reached (an MCP server, a module). */
  source: 4,
  /** The state store could not be opened (a file that is not a database, a directory that cannot be made). */
  state: 5,
  /** The program paused for an approval: the token is on stdout (`codemode resume`). */
  paused: 6,
  /** `codemode resume` refused the token (malformed, forged, expired, used, tools changed). */
  token: 7,
} as const

export interface CommonOptions {
  readonly loaded: LoadedConfig
  readonly json: boolean
  readonly language?: Language | undefined
  readonly limits?: Record<string, number>
  readonly randomSeed?: number | undefined
  /** `--state`: a SQLite file, or `memory`; overrides the configuration's `state`. */
  readonly state?: string | undefined
}

/**
 * Opens the workspace for one command. `persistent`: the command runs programs whose state should
 * outlive it (`run`, `serve`), so without a configured store it gets the default file.
 */
const withWorkspace = <A>(options: CommonOptions, persistent: boolean, use: (workspace: CliWorkspace) => Effect.Effect<A>): Promise<A | number> =>
  Effect.runPromise(
    Effect.scoped(
      Effect.flatMap(
        openWorkspace(options.loaded, {
          language: options.language,
          limits: options.limits ?? {},
          randomSeed: options.randomSeed,
          state: stateLocation(options.loaded, persistent, options.state),
        }),
        use,
      ),
    ).pipe(
      Effect.catch((error: { message: string }) =>
        Effect.sync(() => {
          process.stderr.write(`codemode: ${error.message}\n`)
          return error instanceof StateOpenError ? EXIT.state : EXIT.source
        }),
      ),
    ),
  )

export const runCommand = async (options: CommonOptions & { readonly file: string; readonly branch?: string | undefined }): Promise<number> => {
  const source = readFileSync(options.file === "-" ? 0 : options.file, "utf8")
  return withWorkspace(options, true, (workspace) =>
    printed(workspace.runtime().execute(source, options.branch === undefined ? undefined : { branch: options.branch }), options.json),
  )
}

/** Runs a program's Effect with a terminal status line, prints its Result, and gives the exit status. */
const printed = <E>(program: Effect.Effect<Result, E>, json: boolean): Effect.Effect<number, E> => {
  const progress = terminalProgress()
  return program.pipe(
    Effect.provideService(ExecutionProgress, progress.reporter),
    Effect.ensuring(Effect.sync(progress.done)),
    Effect.map((result) => {
      printResult(result, json)
      return resultStatus(result)
    }),
  )
}

/** `codemode resume`: a token from `run` (a file or stdin) and one decision for every pending call. */
export const resumeCommand = async (options: CommonOptions & { readonly file: string; readonly decision: ApprovalDecision }): Promise<number> => {
  const token = readFileSync(options.file === "-" ? 0 : options.file, "utf8").trim()
  return withWorkspace(options, true, (workspace) =>
    printed(workspace.runtime().resume(token, Approval.forEachPending(token, options.decision)), options.json).pipe(
      Effect.catch((error: ResumeTokenError) =>
        Effect.sync(() => {
          process.stderr.write(`codemode: the token was refused (${error.reason}): ${error.message}\n`)
          return EXIT.token
        }),
      ),
    ),
  ) as Promise<number>
}

export const searchCommand = (options: CommonOptions & { readonly query: string; readonly namespace?: string | undefined; readonly limit?: number | undefined }) =>
  withWorkspace(options, false, (workspace) => {
    const request = {
      query: options.query,
      ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
      ...(options.limit === undefined ? {} : { limit: options.limit }),
    }
    return Effect.map(workspace.runtime().execute(callProgram(workspace.language, "search", request)), (result) => {
      if (!result.ok || options.json) {
        printResult(result, options.json)
        return result.ok ? EXIT.ok : EXIT.programFailed
      }
      const found = result.value as { results: Array<{ path: string; description: string; signature: string }>; total: number }
      for (const hit of found.results) process.stdout.write(`${hit.signature}\n    ${hit.description}\n`)
      process.stdout.write(`${found.results.length} of ${found.total} tool(s)\n`)
      return EXIT.ok
    })
  })

export const catalogCommand = (options: CommonOptions) =>
  withWorkspace(options, false, (workspace) =>
    Effect.sync(() => {
      const catalog = workspace.runtime().catalog
      if (options.json) {
        const list = catalog.map((tool) => ({ path: tool.path, description: tool.description, signature: tool.signature }))
        process.stdout.write(`${JSON.stringify({ language: workspace.language, namespaces: workspace.namespaces(), tools: list }, null, 2)}\n`)
        return EXIT.ok
      }
      const comment = workspace.language === "lua" ? "--" : "//"
      for (const tool of catalog) process.stdout.write(`${comment} ${tool.description.split("\n").join(`\n${comment} `)}\n${tool.signature}\n\n`)
      return EXIT.ok
    }),
  )

export interface ServeCommandOptions extends CommonOptions {
  readonly http: number | undefined
  readonly host: string | undefined
  readonly token: string | undefined
  readonly mode: ServeMode | undefined
}

/** Serves until stdin closes (stdio) or the process is told to stop (HTTP). */
export const serveCommand = (options: ServeCommandOptions) =>
  withWorkspace(options, true, (workspace) =>
    Effect.promise(async () => {
      process.stderr.write(`codemode: ${describeState(workspace.state)}\n`)
      const settings = options.loaded.config.serve ?? {}
      const serveOptions = {
        mode: options.mode ?? settings.mode ?? "only",
        ...(settings.instructionTokens === undefined ? {} : { instructionTokens: settings.instructionTokens }),
      }
      const executions = new ClientExecutions(settings.maxConcurrentExecutions ?? 4)
      const stopped = new Promise<void>((resolve) => {
        process.once("SIGINT", resolve)
        process.once("SIGTERM", resolve)
        if (options.http === undefined) process.stdin.once("close", resolve)
      })
      if (options.http === undefined) {
        const server = makeMcpServer(workspace, serveOptions, executions)
        await server.connect(new StdioServerTransport())
        await stopped
        await server.close()
        return EXIT.ok
      }
      const listener = await listenHttp(
        {
          port: options.http,
          host: options.host ?? settings.host ?? "127.0.0.1",
          token: options.token,
          ...(settings.maxRequestBytes === undefined ? {} : { maxRequestBytes: settings.maxRequestBytes }),
        },
        () => makeMcpServer(workspace, serveOptions, executions),
        executions,
      ).catch((error: Error) => error)
      if (listener instanceof Error) {
        process.stderr.write(`codemode: ${listener.message}\n`)
        return EXIT.usage
      }
      process.stderr.write(`codemode: serving MCP at ${listener.url}\n`)
      await stopped
      await listener.close()
      return EXIT.ok
    }),
  )
