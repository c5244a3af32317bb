/**
 * The worker entry: what Piscina runs in each worker thread.
 *
 * A worker holds no host object. It receives a task (source, limits, the channel, a catalog id),
 * runs the program in the engine for its language, and returns the engine's outcome as plain
 * data. Every reach outside the program goes through `host` below, which turns a call into a
 * request frame on the channel and blocks until the answer comes back.
 *
 * Start-up work happens once per worker: the engines are loaded with this module, and each catalog
 * snapshot is fetched the first time a task names it and kept (the most recent few).
 */

import { ChannelError, WorkerChannel, type ChannelResponse } from "../bridge/worker.js"
import type { DataValue } from "./data/value.js"
import { HostFailure, HostStop, type Host, type HostCall } from "./host.js"
import { runJavaScript } from "./javascript/index.js"
import { runLua } from "./lua/index.js"
import { CATALOG_OPERATION, type CatalogSnapshot, type ExecutionTask, type TaskOutcome } from "./task.js"

/** Catalog snapshots kept per worker; older ones are fetched again if a task needs them. */
const CATALOG_CACHE_SIZE = 16

/** A snapshot with what each engine takes of it, worked out once per worker. */
interface KnownCatalog {
  readonly snapshot: CatalogSnapshot
  /** Lua takes the dotted paths only. */
  readonly luaGlobals: ReadonlyArray<string>
}

const catalogs = new Map<number, KnownCatalog>()

/**
 * Sends a request and blocks for its answer. A wait cut short (the host interrupted the channel at
 * the deadline, or closed it) is a stop: the program must not be able to catch it.
 */
const request = (channel: WorkerChannel, op: string, name: string, args: HostCall["args"]): DataValue => {
  let response: ChannelResponse
  try {
    response = channel.call(op, name, args)
  } catch (error) {
    if (error instanceof ChannelError) {
      throw new HostStop({ kind: "TimeoutExceeded", message: `execution was stopped while waiting on the host (${error.message})` })
    }
    throw error
  }
  return answer(response)
}

/** Turns a response frame into the engine's view: a value, a catchable failure, or a stop. */
const answer = (response: ChannelResponse): DataValue => {
  if (response.ok) return response.value as DataValue
  const { kind, message, stop } = response.error
  if (stop) throw new HostStop({ kind: kind as never, message })
  throw new HostFailure(kind as never, message)
}

const catalogFor = (id: number, channel: WorkerChannel): KnownCatalog => {
  let catalog = catalogs.get(id)
  if (catalog !== undefined) {
    // Refresh its place so the cache keeps the most recently used catalogs.
    catalogs.delete(id)
    catalogs.set(id, catalog)
    return catalog
  }
  const snapshot = request(channel, CATALOG_OPERATION, String(id), []) as unknown as CatalogSnapshot
  catalog = { snapshot, luaGlobals: snapshot.globals.map((g) => g.path) }
  catalogs.set(id, catalog)
  if (catalogs.size > CATALOG_CACHE_SIZE) catalogs.delete(catalogs.keys().next().value!)
  return catalog
}

export default function runExecution(task: ExecutionTask): TaskOutcome {
  // Each task delivers its own view of the shared buffer, so the channel object is made per task.
  const channel = new WorkerChannel(task.channel)
  let catalog: KnownCatalog
  try {
    catalog = catalogFor(task.catalogId, channel)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const kind = error instanceof HostStop ? error.diagnostic.kind : "ExecutionFailure"
    return { ok: false, error: { kind, message }, logs: [] }
  }
  const host: Host = {
    call: (call: HostCall) => request(channel, call.op, call.name, call.args),
  }
  const queued = Date.now() - task.submittedAt
  const deadline = performance.now() + task.timeoutMs - queued
  switch (task.language) {
    case "lua":
      return runLua(task.source, {
        host,
        deadline,
        interrupt: channel.interrupt,
        ...(task.randomSeed === undefined ? {} : { randomSeed: task.randomSeed }),
        globals: catalog.luaGlobals,
      })
    case "javascript":
      return runJavaScript(task.source, { host, deadline, interrupt: channel.interrupt, globals: catalog.snapshot.globals })
  }
}
