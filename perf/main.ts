/**
 * `npm run perf -- <scenario> [options]`: the benchmark entry point.
 *
 * Scenarios: `lua` (our Lua engine against fengari and wasmoon), `js` (our JavaScript engine against
 * quickjs-emscripten, sval and js-interpreter, V8 the ceiling), `floors` (what the machine and
 * Piscina can do at best), `runtime` (the floors, then our pool measured against them), `scale`
 * (the runtime at scale on the default shared pool), `warm` (a warm `return 1` one at a time, per
 * language, through the public API and in-process), `output` (µs per `text` call, live output,
 * the budget's file), `state` (the commit cost of `store` per execution on SQLite and PostgreSQL,
 * beside a bare upsert), `approvals` (a pause and a resume beside the same program run straight
 * through), `models` (a `models.classify` call beside a tool call, and the OpenAI-compatible adapter
 * beside a bare `fetch`), `all`
 * (lua, js, then runtime). Results go to stdout as Markdown tables; progress goes to stderr.
 * See perf/README.md for what each number means.
 */
import { existsSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { runJsScenario } from "./js.js"
import { runLuaScenario } from "./lua.js"
import { print, progress } from "./report.js"
import { runRuntimeScenario } from "./runtime.js"
import { measureFloors, renderFloors } from "./floors.js"
import { runScaleScenario } from "./scale.js"
import { runStateScenario } from "./state.js"
import { runApprovalsScenario } from "./approvals.js"
import { runModelsScenario } from "./models.js"
import { runOutputScenario } from "./output.js"
import { runWarmScenario } from "./warm.js"

const USAGE = `usage: npm run perf -- <lua | js | floors | runtime | scale | warm | state | output | approvals | models | all> [options]

  --rounds N          interleaved rounds (lua, js, warm, default 5) / throughput rounds (runtime, default 5)
  --warmup N          untimed rounds before the timed ones (lua, js, default 2; 0 with --quick)
  --fengari-rounds N  rounds fengari takes part in (lua, default 3; it is 10-50x slower)
  --slow-rounds N     rounds js-interpreter takes part in (js, default 1; it is 10-200x slower)
  --quick             fewer rounds and shorter sampling, for a smoke run (about a minute)
  --workloads DIR     folder of .lua / .js programs (default ../shared/workloads/<lua|js> beside the project)
  --programs a,b      only programs whose file name starts with one of these (e.g. 1_,3b)
  --peers-only        lua, js: run the peers without our engine
  --help              this text`

interface Cli {
  readonly scenario: string
  readonly rounds: number | undefined
  readonly warmup: number | undefined
  readonly fengariRounds: number | undefined
  readonly slowRounds: number | undefined
  readonly quick: boolean
  readonly workloads: string | undefined
  readonly programs: ReadonlyArray<string> | undefined
  readonly peersOnly: boolean
}

function parseCli(args: ReadonlyArray<string>): Cli | string {
  let scenario: string | undefined
  let rounds: number | undefined
  let warmup: number | undefined
  let fengariRounds: number | undefined
  let slowRounds: number | undefined
  let quick = false
  let workloads: string | undefined
  let programs: string[] | undefined
  let peersOnly = false
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]
    const value = (): string => {
      const next = args[++i]
      if (next === undefined) throw new Error(`${arg} needs a value`)
      return next
    }
    const count = (): number => {
      const n = Number(value())
      if (!Number.isInteger(n) || n < 1) throw new Error(`${arg} needs a whole number >= 1`)
      return n
    }
    try {
      if (arg === "--help" || arg === "-h") return USAGE
      else if (arg === "--rounds") rounds = count()
      else if (arg === "--warmup") {
        warmup = Number(value())
        if (!Number.isInteger(warmup) || warmup < 0) throw new Error(`${arg} needs a whole number >= 0`)
      }
      else if (arg === "--fengari-rounds") fengariRounds = count()
      else if (arg === "--slow-rounds") slowRounds = count()
      else if (arg === "--quick") quick = true
      else if (arg === "--workloads") workloads = value()
      else if (arg === "--programs") programs = value().split(",").filter((p) => p !== "")
      else if (arg === "--peers-only") peersOnly = true
      else if (arg.startsWith("-")) return `unknown option ${arg}\n\n${USAGE}`
      else if (scenario === undefined) scenario = arg
      else return `one scenario at a time (got ${scenario} and ${arg})\n\n${USAGE}`
    } catch (error) {
      return `${(error as Error).message}\n\n${USAGE}`
    }
  }
  if (scenario === undefined) return USAGE
  if (!["lua", "js", "floors", "runtime", "scale", "warm", "state", "output", "approvals", "models", "all"].includes(scenario)) return `unknown scenario ${scenario}\n\n${USAGE}`
  return { scenario, rounds, warmup, fengariRounds, slowRounds, quick, workloads, programs, peersOnly }
}

/** The folder holding package.json, found from this file whether it runs from perf/ or dist/perf/. */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir)
    if (parent === dir) return process.cwd()
    dir = parent
  }
  return dir
}

async function main(): Promise<void> {
  const cli = parseCli(process.argv.slice(2))
  if (typeof cli === "string") {
    process.stderr.write(`${cli}\n`)
    process.exitCode = cli === USAGE ? 0 : 2
    return
  }
  const started = performance.now()

  if (cli.scenario === "lua" || cli.scenario === "all") {
    const rounds = cli.rounds ?? (cli.quick ? 2 : 5)
    await runLuaScenario({
      rounds,
      warmupRounds: cli.warmup ?? (cli.quick ? 0 : 2),
      fengariRounds: cli.fengariRounds ?? (cli.quick ? 1 : Math.min(3, rounds)),
      workloadsDir: cli.workloads !== undefined ? resolve(cli.workloads) : resolve(projectRoot(), "../shared/workloads/lua"),
      peersOnly: cli.peersOnly,
      programs: cli.programs
    })
  }
  if (cli.scenario === "js" || cli.scenario === "all") {
    await runJsScenario({
      rounds: cli.rounds ?? (cli.quick ? 2 : 5),
      warmupRounds: cli.warmup ?? (cli.quick ? 0 : 2),
      slowRounds: cli.slowRounds ?? 1,
      workloadsDir: cli.workloads !== undefined ? resolve(cli.workloads) : resolve(projectRoot(), "../shared/workloads/js"),
      peersOnly: cli.peersOnly,
      programs: cli.programs
    })
  }
  if (cli.scenario === "floors" || cli.scenario === "runtime" || cli.scenario === "all") {
    await runRuntimeScenario({
      includeOurs: cli.scenario !== "floors",
      rounds: cli.rounds ?? (cli.quick ? 2 : 5),
      quick: cli.quick
    })
  }

  if (cli.scenario === "output") await runOutputScenario({ rounds: cli.rounds ?? (cli.quick ? 2 : 5) })

  if (cli.scenario === "scale") {
    // The scale table alone, with the floors it is judged against.
    const floors = await measureFloors(cli.rounds ?? 3, 1_500, 300)
    try {
      print(renderFloors(floors, cli.rounds ?? 3))
      print(await runScaleScenario({ rounds: cli.rounds ?? (cli.quick ? 1 : 3) }, floors))
    } finally {
      if (!("failed" in floors.piscina)) await floors.piscina.close()
    }
  }

  if (cli.scenario === "warm") await runWarmScenario({ rounds: cli.rounds ?? (cli.quick ? 2 : 5), quick: cli.quick })

  if (cli.scenario === "state") await runStateScenario({ quick: cli.quick })

  if (cli.scenario === "approvals") await runApprovalsScenario({ quick: cli.quick })
  if (cli.scenario === "models") await runModelsScenario({ quick: cli.quick })

  progress(`perf: done in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

main().catch((error: unknown) => {
  print(`perf failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  process.exitCode = 1
})
