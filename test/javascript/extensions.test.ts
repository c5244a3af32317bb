/**
 * Extension globals in the JavaScript engine, without a pool: synchronous globals return values
 * and throw, asynchronous ones return promises; and modules of globals (`import`, `require`,
 * `import()`) resolve Node module names to the globals the host provides.
 */

import { describe, expect, it } from "vitest"
import { HostFailure, HostStop, type Host, type HostCall } from "../../worker/engine-host.js"
import { runJavaScript, type JsOptions } from "../../worker/javascript/index.js"

const globals = [
  { path: "fs.readFile", async: false },
  { path: "fs.promises.readFile", async: true },
  { path: "fetch", async: true },
  { path: "URL", async: false },
  { path: "crypto.randomUUID", async: false },
  { path: "nothing", async: false },
]

const host = (calls: HostCall[] = []): Host => ({
  call(c) {
    calls.push(c)
    if (c.name === "nothing") return undefined as never
    const first = c.args[0]
    if (first === "/missing") throw new HostFailure("ToolFailure", `${c.name} failed: ENOENT`)
    if (first === "/stop") throw new HostStop({ kind: "TimeoutExceeded", message: "stopped" })
    return { name: c.name, args: c.args }
  },
})

const run = (source: string, options: JsOptions = {}) => runJavaScript(source, { host: host(), globals, ...options })

describe("extension globals", () => {
  it("a synchronous global returns its value; an async one a promise", () => {
    const calls: HostCall[] = []
    const r = run(
      `const a = fs.readFile("/a", { encoding: "utf8" }); const p = fs.promises.readFile("/b"); return [a.name, a.args, p instanceof Promise, (await p).name]`,
      { host: host(calls) },
    )
    expect(r).toMatchObject({ ok: true, value: ["fs.readFile", ["/a", { encoding: "utf8" }], true, "fs.promises.readFile"] })
    expect(calls.map((c) => c.op)).toEqual(["global", "global"])
  })

  it("failures: a catchable throw, a rejected promise; a stop ends the program", () => {
    expect(run(`try { fs.readFile("/missing") } catch (e) { return [e instanceof Error, e.message] }`)).toMatchObject({
      value: [true, "fs.readFile failed: ENOENT"],
    })
    expect(run(`return await fetch("/missing").then(() => "no", (e) => e.message)`)).toMatchObject({ value: "fetch failed: ENOENT" })
    const uncaught = run(`fs.readFile("/missing")`)
    expect(uncaught).toMatchObject({ ok: false, error: { kind: "ToolFailure" } })
    const stopped = run(`try { fs.readFile("/stop") } catch { return "caught" }`)
    expect(stopped).toMatchObject({ ok: false, error: { kind: "TimeoutExceeded" } })
  })

  it("undefined from the host is undefined; globals replace absent ones (fetch)", () => {
    expect(run(`return [nothing() === undefined, typeof fetch]`)).toMatchObject({ value: [true, "function"] })
    expect(runJavaScript(`return typeof fetch`)).toMatchObject({ value: "undefined" })
  })
})

describe("modules of globals", () => {
  it("import declarations: default, named, namespace, node: prefix, hoisted", () => {
    const r = run(`
      const early = readFile("/x").name
      import fs, { readFile } from "node:fs"
      import * as ns from "fs"
      import { readFile as rf } from "fs/promises"
      return [early, fs.readFile === readFile, typeof ns.default, ns.readFile === readFile, (await rf("/y")).name]
    `)
    expect(r).toMatchObject({ ok: true, value: ["fs.readFile", true, "object", true, "fs.promises.readFile"] })
  })

  it("require and import() take the same globals; url holds URL", () => {
    const r = run(`
      const crypto = require("crypto")
      const { default: same, readFile } = await import("fs")
      const { URL } = require("node:url")
      return [typeof crypto.randomUUID, same === fs, readFile === fs.readFile, URL === globalThis.URL]
    `)
    expect(r).toMatchObject({ ok: true, value: [true, true, true, true].map((x, i) => (i === 0 ? "function" : x)) })
  })

  it("anything else throws a catchable Error that lists what there is", () => {
    const r = run(`try { require("lodash") } catch (e) { return e.message }`)
    expect(r.ok && r.value).toBe("Cannot find module 'lodash': Code Mode has no packages; import and require only load the globals the host provides (URL, crypto, fetch, fs, nothing)")
    expect(run(`return await import("os").then(() => "loaded", (e) => e.constructor.name)`)).toMatchObject({ value: "Error" })
    expect(run(`import { nope } from "fs"`)).toMatchObject({ ok: false, error: { kind: "ExecutionFailure", message: expect.stringContaining("does not provide an export named 'nope'") } })
    expect(run(`import x from "console"`)).toMatchObject({ ok: false, error: { message: expect.stringContaining("Cannot find module 'console'") } })
    expect(runJavaScript(`return require("fs")`)).toMatchObject({ ok: false, error: { message: expect.stringContaining("(none in this runtime)") } })
  })

  it("imports only at the top level", () => {
    expect(run(`if (true) { import fs from "fs" }`)).toMatchObject({ ok: false, error: { kind: "UnsupportedSyntax" } })
    expect(run(`export const x = 1`)).toMatchObject({ ok: false, error: { kind: "UnsupportedSyntax" } })
  })
})
