/**
 * The base URL: the host's, or the document's first server.
 *
 * The base URL decides which machine receives the request and its credentials, so it is fixed when
 * the tools are built and nothing a program sends can change it. A host that passes `baseUrl` gets
 * exactly that for every operation. Otherwise the document's first `servers` entry is used, with
 * each `{variable}` set to its default (an operation's or path's own `servers` win for that
 * operation, resolved against the document's). A URL that is not absolute http(s) after that is
 * refused at `fromSpec`, because every call would fail.
 */

import { isObject, type JsonObject, OpenApiSpecError } from "./document.js"
import * as Messages from "./messages.js"

/** An absolute http(s) URL without a trailing slash, or an `OpenApiSpecError`. */
export const checkBaseUrl = (url: string, where: string): string => {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new OpenApiSpecError(Messages.noBaseUrl(`${where} is '${url}'`))
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new OpenApiSpecError(Messages.noBaseUrl(`${where} is '${url}', not http or https`))
  }
  if (parsed.search !== "" || parsed.hash !== "" || parsed.username !== "" || parsed.password !== "") {
    throw new OpenApiSpecError(Messages.noBaseUrl(`${where} '${url}' carries a query, fragment or user info`))
  }
  return parsed.href.replace(/\/+$/, "")
}

/** The first server of a `servers` list, variables substituted, resolved against `against`. */
export const serverUrl = (servers: unknown, against: string | undefined): string | undefined => {
  if (!Array.isArray(servers) || servers.length === 0 || !isObject(servers[0]) || typeof servers[0].url !== "string") return undefined
  const server = servers[0] as JsonObject
  const variables = isObject(server.variables) ? server.variables : {}
  const url = (server.url as string).replace(/\{([^}]*)\}/g, (whole, name: string) => {
    const variable = variables[name]
    return isObject(variable) && variable.default !== undefined ? String(variable.default) : whole
  })
  if (against === undefined) return url
  try {
    return new URL(url, `${against}/`).href
  } catch {
    return url
  }
}

/** The base URL for the whole document: the host's, or the first server's. */
export const documentBaseUrl = (root: JsonObject, baseUrl: string | undefined): string => {
  if (baseUrl !== undefined) return checkBaseUrl(baseUrl, "'baseUrl'")
  const url = serverUrl(root.servers, undefined)
  if (url === undefined) throw new OpenApiSpecError(Messages.noBaseUrl("the document has no 'servers'"))
  return checkBaseUrl(url, "servers[0].url")
}
