/**
 * Native Lua as a peer column of the Lua comparison: Debian's `lua5.4`, the reference our engine
 * follows, timed by its own `os.clock`.
 *
 * A native interpreter cannot run inside this process, and timing a child process from outside
 * would mostly measure `fork`/`exec` and the dynamic loader (several milliseconds, more than some
 * workloads take). So every run is one `lua5.4` process running a small driver: it reads the
 * program before the clock, then times `load(source)` + the call with `os.clock()` (CPU time of
 * the process: parse, compile and run, as ours is timed), and prints the time and the first
 * result. The scenario keeps the answer (checked against the checksum like any engine's) and
 * replaces the cell's wall-clock times, which include the process, with the times the driver
 * reported (`selfTimes`), so the column reads like the others: the work, not the process around it.
 *
 * CI machines do not have `lua5.4`; `loadNative` then answers with a sentence, and the scenario
 * prints the column as not measured with that note instead of failing.
 */

import { spawnSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Contender } from "./workloads.js"

/** The binary: `LUA` in the environment, else `lua5.4` on the PATH. */
const LUA_BINARY = process.env.LUA ?? "lua5.4"

/** Reads the program (argument 1), times load + run with os.clock, prints milliseconds then the result. */
const DRIVER = `
local file = assert(io.open(arg[1], "rb"))
local source = file:read("a")
file:close()
local start = os.clock()
local chunk = assert(load(source, "=workload"))
local result = chunk()
local elapsed = os.clock() - start
io.write(string.format("%.4f", elapsed * 1000), "\\n", tostring(result), "\\n")
`

export interface NativeContender<Name extends string> extends Contender<Name> {
  /** Per workload source: the times `os.clock` measured, in run order. */
  readonly selfTimes: Map<string, number[]>
  readonly version: string
}

/** The native contender, or a sentence saying why it cannot run here. */
export function loadNative<Name extends string>(name: Name): NativeContender<Name> | string {
  const probe = spawnSync(LUA_BINARY, ["-v"], { encoding: "utf8" })
  if (probe.error !== undefined) return `${LUA_BINARY} is not installed (apt-get install lua5.4, or set LUA=/path/to/lua5.4)`
  const version = `${probe.stdout}${probe.stderr}`.trim().split("  ")[0] ?? LUA_BINARY
  if (!/^Lua 5\.4/.test(version)) return `${LUA_BINARY} is ${version}, not Lua 5.4`
  const dir = mkdtempSync(join(tmpdir(), "codemode-lua-native-"))
  const driver = join(dir, "driver.lua")
  writeFileSync(driver, DRIVER)
  const programs = new Map<string, string>()
  const selfTimes = new Map<string, number[]>()
  const programFile = (source: string): string => {
    let file = programs.get(source)
    if (file === undefined) {
      file = join(dir, `program-${programs.size}.lua`)
      writeFileSync(file, source)
      programs.set(source, file)
    }
    return file
  }
  return {
    name,
    version,
    selfTimes,
    prepare: (source) => {
      const file = programFile(source)
      return {
        run: () => {
          const run = spawnSync(LUA_BINARY, [driver, file], { encoding: "utf8", maxBuffer: 64 << 20 })
          if (run.status !== 0) throw new Error(`${LUA_BINARY} exited with ${run.status}: ${run.stderr.trim().split("\n")[0]}`)
          const [ms, result] = run.stdout.split("\n")
          const times = selfTimes.get(source) ?? []
          times.push(Number(ms))
          selfTimes.set(source, times)
          return /^-?\d+$/.test(result ?? "") && Number.isSafeInteger(Number(result)) ? Number(result) : result
        },
        dispose: () => {},
      }
    },
  }
}
