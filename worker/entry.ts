/**
 * The worker entry: what Piscina runs in each worker thread.
 *
 * A worker holds no host object. It receives a task (source, limits, the channel, a catalog id),
 * runs the program in the engine for its language, and returns the engine's outcome as plain
 * data. Every reach outside the program goes through the channel (channel-host.ts): Lua's calls
 * block for their answer; JavaScript's tool calls are posted at once and settle as answers arrive.
 *
 * Start-up work happens once per worker: the engines are loaded with this module, and each catalog
 * snapshot is fetched the first time a task names it and kept (the most recent few).
 */

import { WorkerChannel } from "../bridge/worker-channel.js"
import { callChannel, ChannelHostCalls, channelHost } from "./channel-calls.js"
import { HostStop, type Host } from "./engine-host.js"
import { runJavaScript } from "./javascript/index.js"
import { runLua } from "./lua/index.js"
import { CATALOG_OPERATION } from "../protocol/operations.js"
import { isWakeTask, type CatalogSnapshot, type ExecutionTask, type Outcome, type WakeTask } from "../protocol/task.js"

/** Catalog snapshots kept per worker; older ones are fetched again if a task needs them. */
const CATALOG_CACHE_SIZE = 16

/** A snapshot with what each engine takes of it, worked out once per worker. */
interface KnownCatalog {
  readonly snapshot: CatalogSnapshot
  /** Lua takes the dotted paths only. */
  readonly luaGlobals: ReadonlyArray<string>
}

const catalogs = new Map<number, KnownCatalog>()

const catalogFor = (id: number, channel: WorkerChannel): KnownCatalog => {
  let catalog = catalogs.get(id)
  if (catalog !== undefined) {
    // Refresh its place so the cache keeps the most recently used catalogs.
    catalogs.delete(id)
    catalogs.set(id, catalog)
    return catalog
  }
  const snapshot = callChannel(channel, CATALOG_OPERATION, String(id), []) as unknown as CatalogSnapshot
  catalog = { snapshot, luaGlobals: snapshot.globals.map((g) => g.path) }
  catalogs.set(id, catalog)
  if (catalogs.size > CATALOG_CACHE_SIZE) catalogs.delete(catalogs.keys().next().value!)
  return catalog
}

export default function runExecution(task: ExecutionTask | WakeTask): Outcome | null {
  if (isWakeTask(task)) return null
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
  const host: Host = channelHost(channel)
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
        tools: catalog.snapshot.tools,
      })
    case "javascript":
      return runJavaScript(task.source, {
        host,
        hostCalls: new ChannelHostCalls(channel),
        deadline,
        interrupt: channel.interrupt,
        globals: catalog.snapshot.globals,
        tools: catalog.snapshot.tools,
      })
  }
}
