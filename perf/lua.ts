/**
 * The Lua comparison: our engine, fengari, wasmoon and native lua5.4 on the same six programs, in
 * one run (native Lua in a child process per run, timed by its own os.clock: see lua-native.ts).
 *
 * What is compared is "run this source and get its result" — the thing a Code Mode execution asks of
 * an engine. Each engine gets its Lua state built outside the timed region where it allows it, and
 * a fresh one for every run, so no run inherits another's heap or globals:
 *
 * - ours: `runLua(source, {})` — parse, compile, open the libraries, run, convert the first return
 *   value to JSON data. Our engine builds its state inside `runLua`, so that part is timed too.
 * - fengari: `luaL_loadstring` (source to luastring, parse, compile) + `lua_pcall` + reading the
 *   result; `luaL_newstate` + `luaL_openlibs` happen before the clock starts.
 * - wasmoon: `engine.doStringSync(source)` (load, run, convert the first result); the engine (a fresh
 *   Lua state with its standard libraries) is created before the clock starts, and the wasm module is
 *   compiled once for the whole scenario.
 * - native: `lua5.4` (Debian's package), `load(source)` + the call, measured by `os.clock` inside
 *   the process; skipped with a note where `lua5.4` is not installed (CI machines).
 *
 * Rounds are interleaved — each round runs every engine on every program once, in an order that
 * rotates with the round and the program — so drift in the machine (thermal, other load) spreads
 * over all engines instead of landing on one. The garbage collector is forced between runs, outside
 * the clock, so one engine does not pay for the garbage the previous one left behind. Medians are
 * reported because one slow round (a major GC, a scheduler hiccup) should not move the result.
 *
 * Every run's answer is checked against the checksum in the workloads README: a wrong answer is
 * shown as WRONG next to its time and never counts as a win or a loss in silence.
 */
import { readdir, readFile } from "node:fs/promises"
import { join, basename } from "node:path"
import { describe, machine } from "./measure.js"
import { type Cells, isThenable, readChecksums, runRounds, type Contender as GenericContender, type TimedWorkload } from "./workloads.js"
import { loadNative, type NativeContender } from "./lua-native.js"
import { loadOursThroughApi } from "./lua-api.js"
import { print, progress, renderTable, targetLine, verdictOf } from "./report.js"

export interface LuaScenarioOptions {
  readonly rounds: number
  /** Untimed rounds before the timed ones (fengari, which takes fewer rounds, takes none). */
  readonly warmupRounds: number
  /** fengari is 10-50x slower than the others; fewer rounds keep the scenario to a few minutes. */
  readonly fengariRounds: number
  readonly workloadsDir: string
  readonly peersOnly: boolean
  /** Only programs whose file name starts with one of these (all when undefined). */
  readonly programs: ReadonlyArray<string> | undefined
}

/** `ours` is the engine in-process (`runLua`); `api` the same engine through the public API (lua-api.ts). */
type EngineName = "ours" | "api" | "fengari" | "wasmoon" | "native"
const ENGINE_ORDER: ReadonlyArray<EngineName> = ["ours", "api", "fengari", "wasmoon", "native"]

/** A program with the checksum its README gives (`expected`). */
type Workload = TimedWorkload

type Contender = GenericContender<EngineName>

export async function runLuaScenario(options: LuaScenarioOptions): Promise<void> {
  const workloads = await loadWorkloads(options.workloadsDir, options.programs)
  if (typeof workloads === "string") {
    progress(`lua: ${workloads}`)
    print(`lua scenario skipped: ${workloads}`)
    process.exitCode = 1
    return
  }

  const contenders: Contender[] = []
  const absent = new Map<EngineName, string>()
  const closers: Array<() => Promise<void>> = []
  for (const name of ENGINE_ORDER) {
    if ((name === "ours" || name === "api") && options.peersOnly) {
      absent.set(name, "skipped (--peers-only)")
      continue
    }
    const loaded = name === "api" ? await loadApi(closers) : await loadContender(name)
    if (typeof loaded === "string") {
      absent.set(name, loaded)
      progress(`lua: ${name} unavailable: ${loaded}`)
    } else contenders.push(loaded)
  }

  let cells: Cells<EngineName>
  try {
    cells = await runRounds("lua", contenders, workloads, options.rounds, (name) =>
      name === "fengari" ? options.fengariRounds : options.rounds,
      options.warmupRounds,
    )
  } finally {
    for (const close of closers) await close()
  }
  // The CPU times were taken on every run, warm-up rounds first: keep those of the timed rounds.
  const timedTail = (all: number[] | undefined, cell: { readonly times: number[] } | undefined): number[] | undefined =>
    all === undefined || cell === undefined || all.length < cell.times.length ? undefined : all.slice(all.length - cell.times.length)
  for (const workload of workloads) {
    const timed = timedTail(oursCpuTimes.get(workload.source), cells.find("ours", workload))
    if (timed !== undefined) oursCpuTimes.set(workload.source, timed)
  }
  // Native Lua's cells were timed around a whole process; keep the answers, take its own clock.
  const native = contenders.find((c): c is NativeContender<EngineName> => c.name === "native")
  if (native !== undefined) {
    for (const workload of workloads) {
      const cell = cells.find("native", workload)
      const own = timedTail(native.selfTimes.get(workload.source), cell)
      if (cell !== undefined && own !== undefined) cell.times.splice(0, cell.times.length, ...own)
    }
  }

  print(renderLuaReport(workloads, cells, absent, options))
}

// ---------------------------------------------------------------------------------------------
// The engines

async function loadContender(name: EngineName): Promise<Contender | string> {
  try {
    if (name === "ours") return await loadOurs()
    if (name === "fengari") return await loadFengari()
    if (name === "native") return loadNative(name)
    return await loadWasmoon()
  } catch (cause) {
    return describe(cause)
  }
}

/** Ours through the public API, its pool's `close` kept for the end of the scenario. */
async function loadApi(closers: Array<() => Promise<void>>): Promise<Contender | string> {
  try {
    const loaded = await loadOursThroughApi<EngineName>("api")
    if (typeof loaded === "string") return loaded
    closers.push(() => loaded.close())
    return loaded.contender
  } catch (cause) {
    return `cannot load the public API from dist/index.js (${describe(cause)})`
  }
}

/** Our engine's entry point, as `worker/lua/index.ts` exports it. */
type RunLua = (source: string, options: object) => LuaRunResult | Promise<LuaRunResult>
type LuaRunResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: { readonly kind: string; readonly message: string } }

/**
 * Our engine's CPU time per run (`process.cpuUsage`, every thread of the process: V8's compiler
 * and GC helpers count against us), by workload source. Native Lua reports CPU time (`os.clock`);
 * on a shared, loaded machine wall-clock time is several times CPU time, so the lua5.4 ratio is
 * taken between the two CPU times. The wall-clock column stays the one compared with the others.
 */
const oursCpuTimes = new Map<string, number[]>()

async function loadOurs(): Promise<Contender | string> {
  // A computed specifier: the harness must still build and run the peers while the engine is
  // being written, so the compiler is not asked to resolve this module.
  const specifier = "../worker/lua/index.js"
  let runLua: RunLua
  try {
    const module = await import(specifier)
    if (typeof module.runLua !== "function") return "worker/lua/index.js does not export runLua"
    runLua = module.runLua
  } catch (cause) {
    return `cannot load worker/lua/index.js (${describe(cause)}); use --peers-only to run the peers alone`
  }
  const unwrap = (result: LuaRunResult): unknown => {
    if (result.ok) return result.value
    throw new Error(`${result.error.kind}: ${result.error.message}`)
  }
  return {
    name: "ours",
    prepare: (source) => ({
      run: () => {
        const cpu = process.cpuUsage()
        const result = runLua(source, {})
        const spent = process.cpuUsage(cpu)
        const times = oursCpuTimes.get(source) ?? []
        times.push((spent.user + spent.system) / 1000)
        oursCpuTimes.set(source, times)
        return isThenable(result) ? result.then(unwrap) : unwrap(result)
      },
      dispose: () => {}
    })
  }
}

async function loadFengari(): Promise<Contender> {
  const { lua, lauxlib, lualib, to_luastring } = (await import("fengari")).default
  return {
    name: "fengari",
    prepare: (source) => {
      const L = lauxlib.luaL_newstate()
      lualib.luaL_openlibs(L)
      return {
        run: () => {
          if (lauxlib.luaL_loadstring(L, to_luastring(source)) !== lua.LUA_OK) {
            throw new Error(`load failed: ${lua.lua_tojsstring(L, -1)}`)
          }
          if (lua.lua_pcall(L, 0, 1, 0) !== lua.LUA_OK) {
            throw new Error(`run failed: ${lua.lua_tojsstring(L, -1)}`)
          }
          const type = lua.lua_type(L, -1)
          if (type === lua.LUA_TSTRING) return lua.lua_tojsstring(L, -1)
          if (type === lua.LUA_TNUMBER) {
            return lua.lua_isinteger(L, -1) ? lua.lua_tointeger(L, -1) : lua.lua_tonumber(L, -1)
          }
          return `<lua type ${type}>`
        },
        dispose: () => lua.lua_close(L)
      }
    }
  }
}

async function loadWasmoon(): Promise<Contender> {
  const { LuaFactory } = await import("wasmoon")
  const factory = new LuaFactory()
  await factory.getLuaModule() // compile the wasm once, outside every timed region
  return {
    name: "wasmoon",
    prepare: async (source) => {
      const engine = await factory.createEngine()
      return {
        run: () => engine.doStringSync(source),
        dispose: () => engine.global.close()
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The table

function renderLuaReport(
  workloads: ReadonlyArray<Workload>,
  cells: Cells<EngineName>,
  absent: ReadonlyMap<EngineName, string>,
  options: LuaScenarioOptions
): string {
  const rows = workloads.map((workload) => [
    workload.name,
    workload.expected,
    cells.shownTime("ours", workload),
    cells.shownTime("api", workload),
    cells.shownTime("fengari", workload),
    cells.shownTime("wasmoon", workload),
    cells.shownTime("native", workload),
    oursCpu(workload),
    cells.shownRatio("fengari", "ours", workload),
    cells.shownRatio("wasmoon", "ours", workload),
    cells.shownRatio("wasmoon", "api", workload),
    nativeRatio(cells, workload)
  ])
  const table = renderTable(
    ["program", "checksum", "ours ms", "ours API ms", "fengari ms", "wasmoon ms", "lua5.4 ms", "ours cpu ms", "fengari/ours", "wasmoon/ours", "wasmoon/API", "lua5.4/ours"],
    rows,
    new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
  )

  const notes: string[] = []
  for (const [engine, reason] of absent) notes.push(`${engine}: not measured — ${reason}`)
  notes.push(...cells.problems(workloads, ENGINE_ORDER))

  const heading =
    `## lua: ours (in-process and through the API) vs fengari vs wasmoon vs native lua5.4 — medians of ${options.rounds} interleaved round(s) after ${options.warmupRounds} untimed` +
    ` (fengari: ${Math.min(options.rounds, options.fengariRounds)})`
  const legend =
    "peer/ours = how many times longer the peer took than we did (above 1x we are faster)." +
    " Timed: ours runLua(source) whole, in-process; ours API runtime.execute(source) on a warm one-worker pool (lua-api.ts), wasmoon/API its ratio; fengari load+pcall+read; wasmoon doStringSync (states built before the clock);" +
    " lua5.4 load+call by its own os.clock (CPU time, in its own process); ours cpu ms = process.cpuUsage around runLua," +
    " and lua5.4/ours compares those two CPU times."
  return [heading, machine(), "", table, "", ...notes.map((n) => `note: ${n}`), "", ...luaTargets(workloads, cells), "", legend]
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
}

const medianOf = (times: ReadonlyArray<number> | undefined): number | undefined => {
  if (times === undefined || times.length === 0) return undefined
  const sorted = [...times].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const oursCpuOf = (workload: Workload): number | undefined => medianOf(oursCpuTimes.get(workload.source))
const oursCpu = (workload: Workload): string => {
  const ms = oursCpuOf(workload)
  return ms === undefined ? "-" : ms >= 100 ? ms.toFixed(0) : ms.toFixed(ms >= 10 ? 1 : 2)
}
/** lua5.4 cpu / ours cpu: both engines' own CPU time. */
const nativeRatio = (cells: Cells<EngineName>, workload: Workload): string => {
  const mine = oursCpuOf(workload)
  const theirs = cells.timeOf("native", workload)
  if (mine === undefined || theirs === undefined || !cells.isRight("ours", workload)) return "-"
  const ratio = theirs / mine
  const shown = `${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(ratio >= 1 ? 1 : 2)}x`
  return cells.isRight("native", workload) ? shown : `${shown} (peer WRONG)`
}

function luaTargets(workloads: ReadonlyArray<Workload>, cells: Cells<EngineName>): string[] {
  const timeOf = (engine: EngineName, workload: Workload) => cells.timeOf(engine, workload)
  const isRight = (engine: EngineName, workload: Workload) => cells.isRight(engine, workload)
  const ours = workloads.filter((w) => isRight("ours", w))
  const all = workloads.length === 6 ? "six" : String(workloads.length)
  const need = (of6: number) => Math.ceil((of6 * workloads.length) / 6)
  if (ours.length === 0) {
    return [
      targetLine("n/a", `faster than fengari on all ${all}`, "our engine not measured"),
      targetLine("n/a", `faster than wasmoon on at least ${need(5)} of ${workloads.length}`, "our engine not measured"),
      targetLine("n/a", `faster than native lua5.4 on at least ${need(4)} of ${workloads.length}`, "our engine not measured"),
      targetLine("n/a", "never more than 1.5x slower than native lua5.4", "our engine not measured")
    ]
  }
  // Native Lua is compared CPU time to CPU time (see oursCpuTimes); the others wall clock to wall clock.
  const ratioTo = (peer: EngineName, w: Workload) =>
    (peer === "native" ? oursCpuOf(w) ?? NaN : timeOf("ours", w) ?? NaN) / (timeOf(peer, w) ?? NaN)
  // A program we answer wrongly (or not at all) is never a win, and fails the all-programs targets.
  const oursFailed = workloads.filter((w) => !isRight("ours", w)).map((w) => w.name)
  const oursFailedDetail = oursFailed.length > 0 ? `; ours wrong or failing on ${oursFailed.join(", ")}` : ""

  // fengari: compared on every program it produced a time for; a wrong answer is named in the detail.
  const vsFengari = ours.filter((w) => timeOf("fengari", w) !== undefined)
  const slowerThanFengari = vsFengari.filter((w) => ratioTo("fengari", w) >= 1)
  const fengariWrong = vsFengari.filter((w) => !isRight("fengari", w)).map((w) => w.name)
  const fengariDetail =
    `faster on ${vsFengari.length - slowerThanFengari.length}/${workloads.length}` +
    (slowerThanFengari.length > 0 ? `; slower on ${slowerThanFengari.map((w) => w.name).join(", ")}` : "") +
    (fengariWrong.length > 0 ? `; fengari answered wrongly on ${fengariWrong.join(", ")}` : "") +
    oursFailedDetail
  const fengariMet =
    vsFengari.length === 0 ? undefined : slowerThanFengari.length === 0 && vsFengari.length === workloads.length

  /** Ahead of `peer` on at least `count` programs, compared only where both answered correctly. */
  const aheadOf = (peer: EngineName, count: number, label: string): string => {
    const compared = ours.filter((w) => isRight(peer, w))
    const faster = compared.filter((w) => ratioTo(peer, w) < 1)
    const slower = compared.filter((w) => ratioTo(peer, w) >= 1)
    return targetLine(
      verdictOf(compared.length === 0 ? undefined : faster.length >= count),
      `faster than ${label} on at least ${count} of ${workloads.length}`,
      compared.length === 0
        ? `${label} not measured`
        : `faster on ${faster.length}/${compared.length}` + (slower.length > 0 ? `; slower on ${slower.map((w) => w.name).join(", ")}` : "")
    )
  }
  const vsNative = ours.filter((w) => isRight("native", w))
  const worst = vsNative.reduce<Workload | undefined>(
    (acc, w) => (acc === undefined || ratioTo("native", w) > ratioTo("native", acc) ? w : acc),
    undefined
  )
  const worstRatio = worst === undefined ? NaN : ratioTo("native", worst)
  return [
    targetLine(verdictOf(fengariMet), `faster than fengari on all ${all}`, fengariDetail),
    aheadOf("wasmoon", need(5), "wasmoon"),
    aheadOf("native", need(4), "native lua5.4"),
    targetLine(
      verdictOf(worst === undefined ? undefined : worstRatio <= 1.5 && oursFailed.length === 0),
      "never more than 1.5x slower than native lua5.4",
      (worst === undefined ? "native lua5.4 not measured" : `worst: ${worst.name}, ours/lua5.4 = ${worstRatio.toFixed(2)}x`) + oursFailedDetail
    )
  ]
}

// ---------------------------------------------------------------------------------------------
// The workloads

/**
 * The `.lua` files of the folder, each with the checksum its README table gives (the README is
 * looked for in the folder, then its parent). Returns a sentence when the set cannot be used.
 */
async function loadWorkloads(
  dir: string,
  filter: ReadonlyArray<string> | undefined
): Promise<Workload[] | string> {
  let files: string[]
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith(".lua")).sort()
  } catch {
    return `workloads folder not found: ${dir} (expected ../shared/workloads/lua beside the project; pass --workloads DIR)`
  }
  if (filter !== undefined) files = files.filter((file) => filter.some((prefix) => file.startsWith(prefix)))
  if (files.length === 0) return `no .lua programs in ${dir}${filter === undefined ? "" : ` matching ${filter.join(",")}`}`

  const checksums = await readChecksums(dir)
  const workloads: Workload[] = []
  for (const file of files) {
    const name = basename(file, ".lua")
    const checksum = checksums.get(name)
    if (checksum === undefined) {
      progress(`lua: ${file} has no checksum in the workloads README; skipped (an unchecked answer is not timed)`)
      continue
    }
    workloads.push({ name, source: await readFile(join(dir, file), "utf8"), expected: checksum })
  }
  return workloads.length > 0 ? workloads : `no program in ${dir} has a checksum in its README`
}
