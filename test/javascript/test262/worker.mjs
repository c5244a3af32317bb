/**
 * A test262 worker thread: loads the built engine once, then runs the test paths it is sent, one
 * at a time, answering each with { status, message } (see one-test.mjs). The parent terminates a
 * worker that stops answering, so nothing here guards against a hang beyond the engine's deadline.
 */
import { parentPort, workerData } from "node:worker_threads"
import { runTest } from "./one-test.mjs"

const { runJavaScript } = await import(new URL("../../../dist/worker/javascript/index.js", import.meta.url).href)

parentPort.on("message", (relativePath) => {
  let outcome
  try {
    outcome = runTest(runJavaScript, workerData.root, relativePath, workerData.options)
  } catch (error) {
    outcome = { status: "fail", message: `runner error: ${error?.message ?? error}` }
  }
  parentPort.postMessage(outcome)
})
