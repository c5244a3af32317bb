/**
 * `npm start`: a real Lua program over a real (in-memory) tool set, run in the worker pool, with
 * its Result printed; then four short programs that carry a value across executions with
 * `store` / `load` (state.ts). Read `demo/program.lua` beside this file to see what the agent wrote.
 */

import { readFileSync } from "node:fs"
import { Effect } from "effect"
import { CodeMode } from "../index.js"
import { shopTools } from "./tools.js"
import { runStateDemo } from "./state.js"

const programPath = new URL("../../demo/program.lua", import.meta.url)
const program = readFileSync(programPath, "utf8")

const runtime = CodeMode.make({ language: "lua", tools: shopTools, limits: { timeoutMs: 10_000 } })

console.log("Tools the program can see:")
for (const tool of runtime.catalog) console.log(`  ${tool.signature}`)
console.log("\nProgram (demo/program.lua):\n")
console.log(program.replace(/^/gm, "  "))

const started = performance.now()
// Live output: each block as the program makes it, before the Result (README "Output").
console.log("Live output:")
const result = await Effect.runPromise(
  runtime.execute(program, {
    onOutput: ({ index, block }) => console.log(`  [${index}] ${block.type === "image" ? block.path : block.text}`),
  }),
)
console.log("")
const elapsed = performance.now() - started

const { toolCalls, ...rest } = result
console.log(`Result (${elapsed.toFixed(1)} ms, ${toolCalls.length} host calls):\n`)
console.log(JSON.stringify(rest, null, 2).replace(/^/gm, "  "))
console.log("\n  toolCalls:")
for (const call of toolCalls) {
  console.log(`    ${call.kind.padEnd(7)} ${call.name.padEnd(24)} ${call.status.padEnd(8)} ${call.durationMs.toFixed(1)} ms`)
}
const stateOk = await runStateDemo(runtime)
await runtime.close()
process.exitCode = result.ok && stateOk ? 0 : 1
