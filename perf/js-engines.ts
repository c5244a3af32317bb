/**
 * The five JavaScript engines of the `js` scenario, each reduced to "prepare a run, then run it".
 *
 * `prepare` does everything the engine allows to happen before the clock — building a fresh
 * interpreter or context, so no run inherits another's globals — and `run` is the timed part:
 * parse, compile, execute, read the program's completion value (the workloads end in `main();`).
 *
 * - ours: `runJavaScript(source)` whole — parse, realm of built-ins, compile, run, convert the
 *   result to JSON data. Our realm is built inside the call, so that is timed too.
 * - quickjs-emscripten: a context made before the clock (wasm module loaded once, no interrupt
 *   handler, so the VM does not call back into JavaScript while it runs); timed: `evalCode` + `dump`.
 * - sval: `new Sval()` before the clock; timed: `run(source)`. sval gives no completion value, so
 *   the final `main();` is rewritten to `exports.result = main();` — one assignment more.
 * - js-interpreter: an interpreter over the empty program before the clock; timed: `appendCode`
 *   (parse) + `run()` + reading `value`.
 * - V8, the ceiling: a `vm` context made before the clock; timed: `vm.runInContext(source)`. No
 *   sandbox and a JIT — the number nobody interpreting JavaScript can reach.
 */
import vm from "node:vm"
import { describe } from "./measure.js"
import type { Contender as GenericContender } from "./workloads.js"

export type JsEngineName = "ours" | "quickjs" | "sval" | "js-interpreter" | "v8"
export const JS_ENGINE_ORDER: ReadonlyArray<JsEngineName> = ["ours", "quickjs", "sval", "js-interpreter", "v8"]

export type Contender = GenericContender<JsEngineName>

/** The engine, or a sentence saying why it cannot run here. */
export async function loadJsContender(name: JsEngineName): Promise<Contender | string> {
  try {
    if (name === "ours") return await loadOurs()
    if (name === "quickjs") return await loadQuickJs()
    if (name === "sval") return await loadSval()
    if (name === "js-interpreter") return await loadJsInterpreter()
    return loadV8()
  } catch (cause) {
    return describe(cause)
  }
}

type RunJavaScript = (source: string) => JsRunResult
type JsRunResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: { readonly kind: string; readonly message: string } }

async function loadOurs(): Promise<Contender | string> {
  // A computed specifier, as in lua.ts: the peers still run while the engine does not build.
  const specifier = "../worker/javascript/index.js"
  let runJavaScript: RunJavaScript
  try {
    const module = await import(specifier)
    if (typeof module.runJavaScript !== "function") return "worker/javascript/index.js does not export runJavaScript"
    runJavaScript = module.runJavaScript
  } catch (cause) {
    return `cannot load worker/javascript/index.js (${describe(cause)}); use --peers-only to run the peers alone`
  }
  return {
    name: "ours",
    prepare: (source) => ({
      run: () => {
        const result = runJavaScript(source)
        if (result.ok) return result.value
        throw new Error(`${result.error.kind}: ${result.error.message}`)
      },
      dispose: () => {}
    })
  }
}

async function loadQuickJs(): Promise<Contender> {
  const { getQuickJS } = await import("quickjs-emscripten")
  const quickjs = await getQuickJS() // the wasm module is compiled once, outside every timed region
  return {
    name: "quickjs",
    prepare: (source) => {
      const context = quickjs.newContext()
      return {
        run: () => {
          const result = context.evalCode(source)
          if (result.error !== undefined) {
            const error: unknown = context.dump(result.error)
            result.error.dispose()
            throw new Error(`quickjs: ${JSON.stringify(error)}`)
          }
          const value: unknown = context.dump(result.value)
          result.value.dispose()
          return value
        },
        dispose: () => context.dispose()
      }
    }
  }
}

async function loadSval(): Promise<Contender> {
  const Sval = (await import("sval")).default
  return {
    name: "sval",
    prepare: (source) => {
      const completion = /\bmain\(\);\s*$/
      if (!completion.test(source)) throw new Error("sval needs the program to end in `main();`")
      const rewritten = source.replace(completion, "exports.result = main();\n")
      const interpreter = new Sval({ ecmaVer: 5, sandBox: true })
      return {
        run: () => {
          interpreter.run(rewritten)
          return interpreter.exports.result
        },
        dispose: () => {}
      }
    }
  }
}

async function loadJsInterpreter(): Promise<Contender> {
  const Interpreter = (await import("js-interpreter")).default
  return {
    name: "js-interpreter",
    prepare: (source) => {
      const interpreter = new Interpreter("")
      return {
        run: () => {
          interpreter.appendCode(source)
          interpreter.run()
          return interpreter.value
        },
        dispose: () => {}
      }
    }
  }
}

function loadV8(): Contender {
  return {
    name: "v8",
    prepare: (source) => {
      const context = vm.createContext({})
      return { run: () => vm.runInContext(source, context), dispose: () => {} }
    }
  }
}
