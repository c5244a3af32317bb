/**
 * Code Mode as an MCP server: one SDK `Server` per client session, over whatever transport.
 *
 * The server exposes `execute` (run a program) and `search` (find tools, the same search programs
 * call) and, in `mode: "on"`, every catalog tool directly beside them, each run as a one-call
 * program so hooks, limits and schemas apply to it exactly as to a program's call. Everything it
 * serves comes from a `Workspace`: the current runtime, the namespaces for the instructions, and a
 * change signal. When the workspace changes (an upstream server announced new tools) the next
 * `execute` uses the new runtime while running ones finish on theirs, and every session is told
 * `notifications/tools/list_changed`.
 *
 * Each execution runs with the client's `AbortSignal`: a `notifications/cancelled` from the client,
 * a closed HTTP stream or a closed session interrupts it, which stops the program and interrupts
 * its tool calls. A client may run at most `maxConcurrentExecutions` at once; more are refused at
 * once with a message rather than queued, so a runaway client cannot starve the others
 * (`ClientExecutions`).
 */

import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool as McpTool } from "@modelcontextprotocol/sdk/types.js"
import { Effect } from "effect"
import { Approval, type ApprovalDecision } from "../pool/approvals.js"
import { CodeMode, type Runtime } from "../pool/codemode.js"
import type { OutputEvent } from "../pool/output.js"
import type { Language } from "../protocol/language.js"
import { executeDescription, serverInstructions, type NamespaceSummary } from "./instructions.js"
import { ExecutionProgress } from "./progress.js"
import { refusal, resultToToolResult } from "./results.js"
import * as Messages from "./server-messages.js"

/** What the server serves; `codemode serve` builds one from the configuration file. */
export interface Workspace {
  readonly language: Language
  /** The runtime for an execution starting now (its hooks report to `ExecutionProgress` when one is provided). */
  runtime(): Runtime<never>
  /** Namespace descriptions and instructions, for the server's instructions. */
  namespaces(): ReadonlyArray<NamespaceSummary>
  /** The JSON Schema of a catalog tool's input, for `mode: "on"` (default: any object). */
  inputSchema(path: string): Record<string, unknown> | undefined
  onChange(listener: () => void): () => void
}

export type ServeMode = "only" | "on"

export interface ServeOptions {
  readonly mode?: ServeMode
  /** Executions one client may run at once. Default 4. */
  readonly maxConcurrentExecutions?: number
  /** Token budget for the instructions and the `execute` description. Default 3,000. */
  readonly instructionTokens?: number
}

const SERVER_INFO = { name: "codemode", version: "0.1.0" }

const EXECUTE_INPUT = {
  type: "object",
  properties: {
    code: { type: "string", description: "The program's source" },
    branch: {
      type: "string",
      description: "The branch of state the program's store/load use (default \"main\"): one per conversation branch",
    },
  },
  required: ["code"],
  additionalProperties: false,
} as const

const RESUME_INPUT = {
  type: "object",
  properties: {
    token: { type: "string", description: "The token of a Result paused for an approval (error.kind ApprovalRequired)" },
    approved: { type: "boolean", description: "The decision for every pending call" },
    reason: { type: "string", description: "Why it was denied (with approved: false)" },
    decisions: {
      type: "array",
      description: "Instead of approved: one decision per pending call, in order",
      items: { type: "object", properties: { approved: { type: "boolean" }, reason: { type: "string" } }, required: ["approved"], additionalProperties: false },
    },
  },
  required: ["token"],
  additionalProperties: false,
} as const

const SEARCH_INPUT = {
  type: "object",
  properties: {
    query: { type: "string", description: "Words describing the tool, or an exact path" },
    namespace: { type: "string", description: "Only tools under this namespace" },
    limit: { type: "integer", minimum: 1, description: "Most results to return (default 8)" },
  },
  required: ["query"],
  additionalProperties: false,
} as const

const RESULT_OUTPUT = { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] } as const

/** A name an MCP client accepts for a catalog path (`[A-Za-z0-9_.-]`, at most 64 characters). */
const directName = (path: string): string => path.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 64)

/** A Lua string literal holding `text` exactly, whatever it contains. */
const luaLongString = (text: string): string => {
  let level = 0
  while (text.includes(`]${"=".repeat(level)}]`)) level++
  const eq = "=".repeat(level)
  return `[${eq}[\n${text}]${eq}]`
}

/** The one-call program `mode: "on"` and `search` run, in the workspace's language. */
export const callProgram = (language: Language, expression: string, argument: unknown): string => {
  const json = JSON.stringify(argument ?? {})
  return language === "lua" ? `return ${expression}(json.decode(${luaLongString(json)}))` : `return await ${expression}(${json})`
}

/**
 * The executions running for each client: counted, so one client cannot hold them all, and
 * abortable from outside the MCP protocol (the HTTP layer aborts a request's executions when its
 * connection drops, and a session's when it ends). Shared by every session of one process.
 */
export class ClientExecutions {
  private readonly running = new Map<string, Map<string, AbortController>>()
  constructor(readonly limit: number) {}

  /** A controller for a new execution, or `undefined` when the client is at its limit. */
  take(client: string, request: string): AbortController | undefined {
    let mine = this.running.get(client)
    if (mine === undefined) this.running.set(client, (mine = new Map()))
    if (mine.size >= this.limit) return undefined
    const controller = new AbortController()
    mine.set(request, controller)
    return controller
  }

  give(client: string, request: string): void {
    const mine = this.running.get(client)
    mine?.delete(request)
    if (mine?.size === 0) this.running.delete(client)
  }

  /** Aborts the named requests of a client, or all of them. */
  abort(client: string, requests?: ReadonlyArray<string>): void {
    const mine = this.running.get(client)
    if (mine === undefined) return
    for (const [request, controller] of mine) if (requests === undefined || requests.includes(request)) controller.abort()
  }

  count(client: string): number {
    return this.running.get(client)?.size ?? 0
  }
}

interface CallContext {
  readonly signal: AbortSignal
  readonly client: string
  readonly request: string
  readonly progress: ((message: string) => void) | undefined
}

/** Builds the MCP server for one session. `slots` is shared by every session of one process. */
export const makeMcpServer = (workspace: Workspace, options: ServeOptions, executions: ClientExecutions): Server => {
  const mode = options.mode ?? "only"
  const budget = options.instructionTokens
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: true } },
    instructions: serverInstructions(workspace.language, workspace.namespaces(), budget),
  })
  const unsubscribe = workspace.onChange(() => void server.sendToolListChanged().catch(() => undefined))
  server.onclose = () => unsubscribe()

  const runProgram = async (source: string, context: CallContext, branch?: string): Promise<CallToolResult> => {
    const controller = executions.take(context.client, context.request)
    if (controller === undefined) return refusal(Messages.tooManyExecutions(executions.limit))
    try {
      const reporter = { report: context.progress ?? (() => undefined) }
      // Live output rides the progress notifications the client asked for: each block as it is made.
      const progress = context.progress
      const onOutput = progress === undefined ? undefined : (event: OutputEvent) => progress(Messages.outputProgress(event.block))
      const options = { ...(branch === undefined ? {} : { branch }), ...(onOutput === undefined ? {} : { onOutput }) }
      const execution = workspace.runtime().execute(source, options).pipe(Effect.provideService(ExecutionProgress, reporter))
      const signal = AbortSignal.any([context.signal, controller.signal])
      const result = await Effect.runPromise(execution, { signal })
      return resultToToolResult(result)
    } finally {
      executions.give(context.client, context.request)
    }
  }

  const runResume = async (token: string, decision: ApprovalDecision | ReadonlyArray<ApprovalDecision>, context: CallContext): Promise<CallToolResult> => {
    const controller = executions.take(context.client, context.request)
    if (controller === undefined) return refusal(Messages.tooManyExecutions(executions.limit))
    try {
      const reporter = { report: context.progress ?? (() => undefined) }
      const resumed = workspace.runtime().resume(token, decision).pipe(Effect.provideService(ExecutionProgress, reporter), Effect.result)
      const signal = AbortSignal.any([context.signal, controller.signal])
      const outcome = await Effect.runPromise(resumed, { signal })
      return outcome._tag === "Success" ? resultToToolResult(outcome.success) : refusal(Messages.tokenRefused(outcome.failure.reason, outcome.failure.message))
    } finally {
      executions.give(context.client, context.request)
    }
  }

  const directTools = (): Map<string, string> => {
    const byName = new Map<string, string>()
    if (mode !== "on") return byName
    for (const tool of workspace.runtime().catalog) {
      let name = directName(tool.path)
      for (let n = 2; byName.has(name) || name === "execute" || name === "search" || name === "resume"; n++) name = `${directName(tool.path).slice(0, 60)}_${n}`
      byName.set(name, tool.path)
    }
    return byName
  }

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const runtime = workspace.runtime()
    const catalog = runtime.catalog
    const tools: McpTool[] = [
      {
        name: "execute",
        description: executeDescription(workspace.language, catalog, budget),
        inputSchema: EXECUTE_INPUT as unknown as McpTool["inputSchema"],
        outputSchema: RESULT_OUTPUT as unknown as McpTool["outputSchema"],
      },
      {
        name: "search",
        description: "Find tools by what they do (or an exact path); gives each tool's call expression and signature.",
        inputSchema: SEARCH_INPUT as unknown as McpTool["inputSchema"],
        outputSchema: RESULT_OUTPUT as unknown as McpTool["outputSchema"],
      },
      {
        name: "resume",
        description: "Resume a program that paused for an approval, with the decision: it runs on from where it paused.",
        inputSchema: RESUME_INPUT as unknown as McpTool["inputSchema"],
        outputSchema: RESULT_OUTPUT as unknown as McpTool["outputSchema"],
      },
    ]
    const descriptions = new Map(catalog.map((tool) => [tool.path, tool.description]))
    for (const [name, path] of directTools()) {
      tools.push({
        name,
        description: descriptions.get(path) ?? path,
        inputSchema: (workspace.inputSchema(path) ?? { type: "object" }) as McpTool["inputSchema"],
      })
    }
    return { tools }
  })

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>
    const token = request.params._meta?.progressToken
    let step = 0
    // Notifications still on their way when the result is ready are waited for, so a client sees
    // every progress message (the last tool's end, the last output block) before the result.
    const sending: Array<Promise<unknown>> = []
    const context: CallContext = {
      signal: extra.signal,
      client: extra.sessionId ?? "stdio",
      request: String(extra.requestId),
      progress:
        token === undefined
          ? undefined
          : (message) =>
              void sending.push(
                extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress: ++step, message } }).catch(() => undefined),
              ),
    }
    const answer = await handleCall(request.params.name, args, context)
    await Promise.all(sending)
    return answer
  })

  const handleCall = async (name: string, args: Record<string, unknown>, context: CallContext): Promise<CallToolResult> => {
    if (name === "execute") {
      if (typeof args["code"] !== "string") return refusal(Messages.invalidArguments("execute", "'code' must be a string"))
      const branch = args["branch"]
      if (branch !== undefined && typeof branch !== "string") return refusal(Messages.invalidArguments("execute", "'branch' must be a string"))
      return runProgram(args["code"], context, branch)
    }
    if (name === "resume") {
      const { token, approved, reason, decisions } = args
      if (typeof token !== "string") return refusal(Messages.invalidArguments("resume", "'token' must be a string"))
      if ((approved === undefined) === (decisions === undefined)) return refusal(Messages.invalidArguments("resume", "give 'approved' or 'decisions'"))
      if (approved !== undefined && typeof approved !== "boolean") return refusal(Messages.invalidArguments("resume", "'approved' must be a boolean"))
      if (reason !== undefined && (typeof reason !== "string" || approved !== false)) {
        return refusal(Messages.invalidArguments("resume", "'reason' is a string, given with approved: false"))
      }
      const one = approved === true ? { approved: true as const } : { approved: false as const, ...(reason === undefined ? {} : { reason: reason as string }) }
      // Anything else in `decisions` is checked by resume itself, which names what is wrong.
      const decision = decisions !== undefined ? (decisions as never) : Approval.forEachPending(token, one)
      return runResume(token, decision, context)
    }
    if (name === "search") {
      const { query, namespace, limit } = args
      if (typeof query !== "string") return refusal(Messages.invalidArguments("search", "'query' must be a string"))
      if (namespace !== undefined && typeof namespace !== "string") return refusal(Messages.invalidArguments("search", "'namespace' must be a string"))
      if (limit !== undefined && (typeof limit !== "number" || !Number.isSafeInteger(limit) || limit < 1)) {
        return refusal(Messages.invalidArguments("search", "'limit' must be an integer of at least 1"))
      }
      const request = { query, ...(namespace === undefined ? {} : { namespace }), ...(limit === undefined ? {} : { limit }) }
      return runProgram(callProgram(workspace.language, "search", request), context)
    }
    const path = directTools().get(name)
    if (path === undefined) return refusal(Messages.unknownServedTool(name))
    return runProgram(callProgram(workspace.language, CodeMode.toolExpression(path, workspace.language), args), context)
  }

  return server
}
