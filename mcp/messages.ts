/**
 * Every sentence the MCP integration shows a program, a model or a host, built by named factories
 * so the wording stays consistent and tests can assert it exactly.
 *
 * The messages name the server as the host configured it (`github`, `memory`) because that is the
 * name a person will look for in their configuration, and they say what happened to the server
 * (exited, timed out, sent garbage) because "the call failed" alone gives nobody anything to do.
 */

export const connectFailed = (server: string, reason: string): string =>
  `Could not connect to the MCP server '${server}': ${reason}`

export const serverExited = (server: string, detail: string): string =>
  `The MCP server '${server}' closed the connection${detail === "" ? "" : ` (${detail})`}; it will be restarted on the next call`

export const serverSentGarbage = (server: string, reason: string): string =>
  `The MCP server '${server}' sent data that is not JSON-RPC (${reason}); it will be restarted on the next call`

export const callTimedOut = (server: string, tool: string, ms: number): string =>
  `The MCP server '${server}' did not answer ${tool} within ${ms} ms`

export const callFailed = (server: string, tool: string, reason: string): string =>
  `The MCP server '${server}' could not run ${tool}: ${reason}`

export const toolReportedError = (text: string, structured: unknown): string => {
  const body = text.trim() === "" ? "the tool reported an error without a message" : text
  return structured === undefined ? body : `${body} ${boundedJson(structured)}`
}

export const closedConnection = (server: string): string =>
  `The connection to the MCP server '${server}' was closed by the host`

export const defaultDescription = (server: string): string => `Tools of the MCP server '${server}'`

const MAX_STRUCTURED_CHARS = 2_000

/** Structured content carried in a failure message, cut so a large payload cannot swamp it. */
const boundedJson = (value: unknown): string => {
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length <= MAX_STRUCTURED_CHARS ? text : `${text.slice(0, MAX_STRUCTURED_CHARS)}…`
}
