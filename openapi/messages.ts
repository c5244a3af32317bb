/**
 * Every sentence the OpenAPI adapter says, to a host (errors at `fromSpec`, skip reasons) or to a
 * program (a failed call). One table, so the wording stays consistent and tests can assert it.
 *
 * Call failures name the operation by its method and path template, never by the concrete URL:
 * a URL may carry an API key in its query string, and the program must never see one.
 */

// ---------------------------------------------------------------------------------------------
// fromSpec: the document

export const specNotParsable = (detail: string): string =>
  `OpenAPI.fromSpec: the spec text is neither JSON nor YAML: ${detail}`

export const specNotObject = (got: string): string => `OpenAPI.fromSpec: expected an OpenAPI 3 document, got ${got}`

export const notOpenApi3 = (found: string): string =>
  `OpenAPI.fromSpec: expected an OpenAPI 3.0 or 3.1 document (an 'openapi: 3.x' field), found ${found}`

export const invalidOption = (option: string, detail: string): string => `OpenAPI.fromSpec: '${option}' ${detail}`

export const invalidSpecField = (path: string, detail: string): string => `OpenAPI.fromSpec: ${path} ${detail}`

export const noBaseUrl = (detail: string): string =>
  `OpenAPI.fromSpec: no absolute base URL (${detail}); pass 'baseUrl'`

// ---------------------------------------------------------------------------------------------
// fromSpec: why an operation was skipped

export const skipUnsupportedStyle = (location: string, name: string, style: string): string =>
  `${location} parameter '${name}' uses style '${style}', which is not supported`

export const skipParameterContent = (name: string, mediaTypes: string): string =>
  `parameter '${name}' is encoded as ${mediaTypes}; only JSON parameter content is supported`

export const skipNonJsonBody = (mediaTypes: string): string =>
  `request body is ${mediaTypes}; only JSON request bodies are supported`

export const skipBinaryResponse = (status: string, mediaTypes: string): string =>
  `response ${status} is binary (${mediaTypes})`

export const skipEventStream = (status: string): string =>
  `response ${status} is a server-sent event stream (text/event-stream)`

export const skipWebSocket = (detail: string): string => `the operation upgrades the connection (${detail}); WebSockets are not supported`

export const skipBadReference = (ref: string, detail: string): string => `$ref '${ref}' ${detail}`

export const skipInvalid = (detail: string): string => `the operation is malformed: ${detail}`

// ---------------------------------------------------------------------------------------------
// A call: the program's input

export const missingParameter = (key: string): string => `missing required input '${key}'`

export const unknownInputKey = (key: string, known: ReadonlyArray<string>): string =>
  `unknown input '${key}'; expected ${known.length === 0 ? "no input" : known.map((name) => `'${name}'`).join(", ")}`

export const inputNotObject = (got: string): string => `expected an input object, got ${got}`

export const badParameterValue = (key: string, expected: string, got: string): string =>
  `input '${key}' must be ${expected}, got ${got}`

export const pathSegmentValue = (key: string, value: string): string =>
  `input '${key}' cannot be ${JSON.stringify(value)}: it would change the path`

export const headerLineBreak = (key: string): string =>
  `input '${key}' cannot contain line breaks or NUL: it is sent in a header`

export const missingBody = (): string => `missing required input 'body'`

// ---------------------------------------------------------------------------------------------
// A call: the host and the wire

export const credentialFailed = (scheme: string): string =>
  `could not obtain a credential for security scheme '${scheme}'`

export const badCredential = (scheme: string, expected: string): string =>
  `the credential for security scheme '${scheme}' must be ${expected}`

export const transportFailed = (operation: string, detail: string): string => `${operation}: ${detail}`

export const timedOut = (operation: string, timeoutMs: number): string =>
  `${operation} did not answer within ${timeoutMs} ms (timeoutMs)`

export const responseTooLarge = (operation: string, maxBytes: number): string =>
  `${operation} answered with more than ${maxBytes} bytes (maxResponseBytes)`

export const statusFailure = (operation: string, status: number, excerpt: string): string =>
  `${operation} answered ${status}${excerpt === "" ? "" : `: ${excerpt}`}`

export const undecodableBody = (operation: string, contentType: string, detail: string): string =>
  `${operation} answered with a body that does not parse as ${contentType}: ${detail}`

export const binaryBody = (operation: string, contentType: string): string =>
  `${operation} answered with binary content (${contentType}), which cannot be passed on`

export const crossOriginRedirect = (operation: string, status: number): string =>
  `${operation} answered ${status}, a redirect to another origin, which is not followed`

export const tooManyRedirects = (operation: string, max: number): string => `${operation} redirected more than ${max} times`
