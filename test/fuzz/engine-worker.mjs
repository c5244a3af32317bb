/**
 * The fuzz runner's engine thread: runs each program it is sent in-process (`runLua` /
 * `runJavaScript` from the built engines in dist/) under `runChecked`, and answers with the
 * outcome. It lives in a worker thread only so that the runner can stop an engine that ignores
 * its deadline entirely (a true hang) and start a fresh one; the measured time is the engine's own.
 */

import { parentPort } from "node:worker_threads"
import { runLua } from "../../dist/worker/lua/index.js"
import { runJavaScript } from "../../dist/worker/javascript/index.js"
import { runChecked } from "./check.mjs"

parentPort.on("message", ({ id, language, source, deadlineMs }) => {
  const run = language === "lua" ? runLua : runJavaScript
  const options = language === "lua" ? { randomSeed: 1 } : {}
  const { result, elapsed, problems } = runChecked(run, source, { deadlineMs, options })
  const plain = result === undefined ? undefined : { ok: result.ok, value: result.ok ? result.value : undefined, error: result.ok ? undefined : result.error, logs: result.logs }
  parentPort.postMessage({ id, result: plain, elapsed, problems })
})
