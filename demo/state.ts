/**
 * The state part of `npm start`: three Lua programs on one branch, run one after another, showing
 * what `store` / `load` carry from one execution to the next. The first stores a plan, the second
 * loads it and advances it, the third stores a change and then fails, so its change is discarded.
 * The runtime keeps state in its own in-memory SQLite database (no `state` option); a host that
 * wants it to outlive the process passes `state: State.sqlite({ path })`.
 */

import { Effect } from "effect"
import type { Runtime } from "../index.js"

export const STATE_PROGRAMS: ReadonlyArray<{ readonly title: string; readonly source: string }> = [
  {
    title: "execution 1: store a plan",
    source: `store("plan", { steps = { "find late orders", "email the carriers", "report" }, next = 1 })
return "stored a plan of " .. #load("plan").steps .. " steps"`,
  },
  {
    title: "execution 2: load it and advance it",
    source: `local plan = load("plan")
local doing = plan.steps[plan.next]
plan.next = plan.next + 1
store("plan", plan)
return { doing = doing, after = plan.steps[plan.next] }`,
  },
  {
    title: "execution 3: advance it, then fail (nothing is stored)",
    source: `local plan = load("plan")
plan.next = plan.next + 1
store("plan", plan)
error("the carrier API is down")`,
  },
  {
    title: "execution 4: the plan is where execution 2 left it",
    source: `return load("plan").next`,
  },
]

export const runStateDemo = async (runtime: Runtime<never>): Promise<boolean> => {
  console.log("\nState across executions (store / load on branch 'demo'):")
  let ok = true
  for (const { title, source } of STATE_PROGRAMS) {
    const result = await Effect.runPromise(runtime.execute(source, { branch: "demo" }))
    console.log(`\n  ${title}\n${source.replace(/^/gm, "    | ")}`)
    console.log(`    -> ${result.ok ? JSON.stringify(result.value) : `${result.error.kind}: ${result.error.message}`}`)
    if (title.startsWith("execution 3") ? result.ok : !result.ok) ok = false
  }
  const branches = await Effect.runPromise(runtime.branches.list())
  console.log(`\n  branches: ${branches.map((b) => `${b.name} (${b.keys} key, ${b.chars} characters)`).join(", ")}`)
  return ok
}
