/**
 * The sentences `codemode serve` sends to clients and prints for operators, in one place.
 */

export const imageGone = (mimeType: string, bytes: number, path: string): string => `[image ${mimeType}, ${bytes} bytes, no longer at ${path}]`
export const pendingBlock = (calls: ReadonlyArray<{ readonly name: string; readonly input: unknown; readonly reason?: string }>, token: string): string =>
  `approval required:\n${calls.map((c) => `- tools.${c.name} ${JSON.stringify(c.input)}${c.reason === undefined ? "" : ` (${c.reason})`}`).join("\n")}\n` +
  `Resume with the resume tool: { "token": <this token>, "approved": true } (or false with a reason).\ntoken: ${token}`
export const outputProgress = (block: { readonly type: string; readonly text?: string; readonly level?: string; readonly path?: string }): string =>
  block.type === "image" ? `image: ${block.path}` : block.type === "console" ? `${block.level}: ${block.text}` : `text: ${block.text}`
export const tokenRefused = (reason: string, message: string): string => `The token was refused (${reason}): ${message}`

export const warningsBlock = (warnings: ReadonlyArray<string>): string => `warnings:\n${warnings.join("\n")}`

export const tooManyExecutions = (limit: number): string =>
  `Too many executions at once for this client (at most ${limit}); wait for one to finish and try again`

export const invalidArguments = (tool: string, reason: string): string => `Invalid arguments for ${tool}: ${reason}`

export const unknownServedTool = (name: string): string => `Unknown tool '${name}'; this server has execute and search`

export const missingToken = (): string => "This server requires a token: send 'Authorization: Bearer <token>'"

export const wrongToken = (): string => "The token sent in the Authorization header is not this server's token"

export const bodyTooLarge = (limit: number): string => `The request body is larger than this server accepts (${limit} bytes)`

export const invalidJson = (reason: string): string => `The request body is not JSON: ${reason}`

export const unknownSession = (): string => "Unknown or expired session; initialize a new one"

export const forbiddenHost = (host: string): string => `Host '${host}' is not allowed for a server bound to a loopback address`

export const tokenRequiredBeyondLoopback = (host: string): string =>
  `Refusing to listen on ${host} without a token: set --token or CODEMODE_TOKEN, or bind to 127.0.0.1`

