/**
 * The worker entry: what a worker thread's loop (worker/loop.ts) hands each run to.
 *
 * A worker holds no host object. It receives a task (source, limits, the channel, a catalog id),
 * runs the program in the engine for its language, and returns the engine's outcome as plain
 * data. Every reach outside the program goes through the channel (channel-host.ts): Lua's calls
 * block for their answer; JavaScript's tool calls are posted at once and settle as answers arrive.
 *
 * Start-up work happens once per worker: the engines are loaded with this module, and each catalog
 * snapshot is fetched the first time a task names it and kept (the most recent few).
 *
 * The first import turns V8's allocation-site pretenuring off (worker/pretenuring.ts says why): it
 * must run before the engines load and make their first objects.
 */

import "./pretenuring.js"
import { threadId } from "node:worker_threads"
import { WorkerChannel } from "../bridge/worker-channel.js"
import { HostFailure, HostStop } from "./engine-host.js"
import { ReplayingHost, SelfYield } from "./replay.js"
import { luaSeedOf, SeededWorld } from "./world.js"
import { runJavaScript } from "./javascript/index.js"
import { runLua } from "./lua/index.js"
import { CATALOG_OPERATION } from "../protocol/operations.js"
import { OUTPUT_OPERATION, type WorkerBlock } from "../protocol/output.js"
import type { DataValue } from "../protocol/data.js"
import { isWakeTask, type CatalogSnapshot, type ExecutionTask, type TaskReply, type WakeTask } from "../protocol/task.js"

/** Catalog snapshots kept per worker; older ones are fetched again if a task needs them. */
const CATALOG_CACHE_SIZE = 16

/** A snapshot with what each engine takes of it, worked out once per worker. */
interface KnownCatalog {
  readonly snapshot: CatalogSnapshot
  /** Lua takes the dotted paths only. */
  readonly luaGlobals: ReadonlyArray<string>
}

const catalogs = new Map<number, KnownCatalog>()
/** The catalog used last: a burst of one runtime's runs asks for it again and again. */
let newest: { readonly id: number; readonly catalog: KnownCatalog } | undefined

const catalogFor = (id: number, channel: WorkerChannel): KnownCatalog => {
  if (newest?.id === id) return newest.catalog
  let catalog = catalogs.get(id)
  if (catalog !== undefined) {
    // Refresh its place so the cache keeps the most recently used catalogs.
    catalogs.delete(id)
    catalogs.set(id, catalog)
    newest = { id, catalog }
    return catalog
  }
  const snapshot = fetchCatalog(channel, id)
  catalog = { snapshot, luaGlobals: snapshot.globals.map((g) => g.path) }
  catalogs.set(id, catalog)
  if (catalogs.size > CATALOG_CACHE_SIZE) catalogs.delete(catalogs.keys().next().value!)
  newest = { id, catalog }
  return catalog
}

/** Asks the host for catalog `id` (not a program read: the id names one fixed catalog). */
const fetchCatalog = (channel: WorkerChannel, id: number): CatalogSnapshot => {
  let response
  try {
    response = channel.call(CATALOG_OPERATION, String(id), [])
  } catch (error) {
    throw new HostStop({ kind: "ExecutionFailure", message: `the catalog could not be fetched (${error instanceof Error ? error.message : String(error)})` })
  }
  if (!response.ok) {
    if (response.error.stop) throw new HostStop({ kind: response.error.kind as never, message: response.error.message })
    throw new HostFailure(response.error.kind as never, response.error.message)
  }
  return response.value as DataValue as unknown as CatalogSnapshot
}

export default function runExecution(task: ExecutionTask | WakeTask): TaskReply | null {
  if (isWakeTask(task)) return null
  return runTask(task)
}

function runTask(task: ExecutionTask): TaskReply {
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
  const host = new ReplayingHost(channel, task.replay, task.yieldRule === undefined ? undefined : new SelfYield(task.yieldRule))
  // Live output: each block as a one-way frame with its index (protocol/output.ts).
  const live = task.live === true ? (index: number, block: WorkerBlock) => sendBlock(channel, index, block) : undefined
  const queued = Date.now() - task.submittedAt
  const deadline = performance.now() + task.timeoutMs - queued
  const outcome =
    task.language === "lua"
      ? runLua(task.source, {
          host,
          deadline,
          interrupt: channel.interrupt,
          randomSeed: task.randomSeed ?? luaSeedOf(task.seed),
          globals: catalog.luaGlobals,
          tools: catalog.snapshot.tools,
          ...(live === undefined ? {} : { live }),
        })
      : runJavaScript(task.source, {
          host,
          hostCalls: host,
          world: new SeededWorld(task.seed, host.now),
          deadline,
          interrupt: channel.interrupt,
          globals: catalog.snapshot.globals,
          tools: catalog.snapshot.tools,
          ...(live === undefined ? {} : { live }),
        })
  // A wait the host cut short to take the thread back: the run ends, the execution does not.
  if (host.suspension !== undefined) {
    const made = outcome.output === undefined ? { logs: outcome.logs } : { logs: outcome.logs, output: outcome.output }
    return { suspended: true, trace: host.takeTrace(), waitingOn: host.suspension.waitingOn, thread: threadId, ...made }
  }
  return outcome
}

/** Sends one live block; a channel the host has closed stops the program like any cut wait. */
const sendBlock = (channel: WorkerChannel, index: number, block: WorkerBlock): void => {
  try {
    channel.send(OUTPUT_OPERATION, String(index), [block as never])
  } catch (error) {
    throw new HostStop({ kind: "ExecutionFailure", message: `live output could not be sent (${error instanceof Error ? error.message : String(error)})` })
  }
}
