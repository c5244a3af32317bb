/**
 * The MCP integration's public face (`codemode/mcp`): MCP servers as namespaces (`MCP.connect`)
 * and Code Mode as an MCP server (`McpServe`). It is a subpath of its own so that hosts that never
 * speak MCP do not load the SDK.
 */

export { MCP, McpConnectError, type ConnectOptions, type McpConnection, type McpTool, type McpToolInfo, type McpToolTree } from "./client.js"
export { McpCallError, McpToolError } from "./content.js"
export type { ServerLocation } from "./upstream.js"
export { ExecutionProgress, progressHooks, type ProgressReporter } from "./progress.js"
export { makeMcpServer, ClientExecutions, callProgram, type ServeMode, type ServeOptions, type Workspace } from "./server.js"
export { listenHttp, isLoopback, type HttpListener, type HttpOptions } from "./http.js"
export { resultToToolResult, diagnosticText } from "./results.js"
export { serverInstructions, executeDescription, shareFairly, type NamespaceSummary, type ToolSummary } from "./instructions.js"
