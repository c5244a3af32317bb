/**
 * One test262 file: read its frontmatter, decide whether it applies to our engine, build the
 * program the engine runs, run it, and say pass / fail (with a message) / skip (with a reason).
 *
 * Our programs are the body of an async function in strict mode, so a test runs the way test262
 * runs an `onlyStrict` script, minus what a function body cannot be: `this` at the top is not the
 * global object and top-level `var`s do not become its properties. Tests that need sloppy mode
 * (`noStrict`, `raw`), modules, or a host hook we cannot give (`$262.createRealm`, `evalScript`,
 * agents) are skipped and counted by reason, never hidden. Features the engine leaves out on
 * purpose (Proxy, typed arrays, Intl...) are skipped by their frontmatter `features` tag;
 * features that are merely "not yet" are run and fail, so the failures show what is left to do.
 *
 * The harness is prepended as test262's INTERPRETING.md says — assert.js, sta.js, the `includes`,
 * and doneprintHandle.js for `async` tests, whose `$DONE` prints through our `print` (console.log,
 * which lands in the result's logs). A few harness files compile code at run time (`Function(...)`),
 * which we never do; their job is done by a shim of the same names (HARNESS_SHIMS).
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"

/** Frontmatter `features` we leave out on purpose (a test using one is skipped, by this reason). */
export const SKIPPED_FEATURES = new Map(
  Object.entries({
    "not in the language subset": [
      "Proxy", "proxy-missing-checks",
      "caller", "__getter__", "__setter__", "IsHTMLDDA", "tail-call-optimization", "legacy-regexp", "u180e"
    ],
    "shared memory and atomics are not provided": ["SharedArrayBuffer", "Atomics", "Atomics.waitAsync", "Atomics.pause"],
    "buffers are fixed-length and never detached": [
      "resizable-arraybuffer", "arraybuffer-transfer", "immutable-arraybuffer", "align-detached-buffer-semantics-with-web-reality"
    ],
    "no observable garbage collection": ["WeakRef", "FinalizationRegistry", "host-gc-required"],
    "a program is not a module": [
      "dynamic-import", "import.meta", "top-level-await", "json-modules", "import-attributes", "import-defer",
      "export-defer", "import-text", "import-bytes", "source-phase-imports", "source-phase-imports-module-source",
      "arbitrary-module-namespace-names", "export-star-as-namespace-from-module"
    ],
    "one realm per execution": ["cross-realm", "ShadowRealm"],
    "Intl is not provided": ["Intl-enumeration", "intl-normative-optional", "canonical-tz"],
    "proposal beyond the target (ES2024)": [
      "Float16Array", "uint8array-base64", "Temporal", "decorators", "explicit-resource-management", "iterator-helpers", "iterator-chunking",
      "iterator-includes", "iterator-sequencing", "Iterator.prototype.join", "joint-iteration", "set-methods",
      "promise-try", "Math.sumPrecise", "RegExp.escape", "upsert", "Error.isError", "json-parse-with-source",
      "Array.fromAsync", "await-dictionary", "error-stack-accessor", "nonextensible-applies-to-private",
      "regexp-modifiers", "regexp-duplicate-named-groups"
    ]
  }).flatMap(([reason, features]) => features.map((feature) => [feature, reason]))
)

/** Source text that needs a host hook or run-time compilation we never offer. */
const SKIPPED_SOURCE = [
  [/\$262\.(createRealm|evalScript|detachArrayBuffer|agent|gc|IsHTMLDDA|AbstractModuleSource)\b/, "needs a $262 host hook we cannot give"],
  [/(^|[^.\w$])eval\s*\(/, "uses eval (no run-time compilation, by design)"],
  [/(^|[^.\w$])(new\s+)?(Async)?(Generator)?Function\s*\(/, "uses the Function constructor (no run-time compilation, by design)"]
]


const HARNESS_SHIMS = {
  "fnGlobalObject.js": "var __globalObject = globalThis;\nfunction fnGlobalObject() { return __globalObject; }\n"
}

/** The defaults every test gets: `print` for doneprintHandle.js, and the `$262` members we can give. */
const PRELUDE = "var print = function (message) { console.log(String(message)); };\nvar $262 = { global: globalThis };\n"

const EPILOGUE = "void 0;\n"

/**
 * Tests are scripts, where `this` at the top is the global object (`verifyProperty(this, "Array")`);
 * ours is a function body where it is undefined, so the test runs inside a function called with
 * `this = globalThis`. (A plain function, not an async one: a script may use `await` as a name.)
 */
const GLOBAL_THIS_OPEN = "(function () {"
const GLOBAL_THIS_CLOSE = "\n}).call(globalThis);\n"

const harnessCache = new Map()
function harnessFile(root, name) {
  let text = harnessCache.get(name)
  if (text === undefined) {
    text = HARNESS_SHIMS[name] ?? readFileSync(join(root, "harness", name), "utf8")
    harnessCache.set(name, text)
  }
  return text
}

/** The YAML subset test262 frontmatter uses: lists (inline or dashed) and the `negative` map. */
export function readFrontmatter(source) {
  const meta = { includes: [], flags: [], features: [], negative: undefined }
  const block = /\/\*---([\s\S]*?)---\*\//.exec(source)
  if (block === null) return meta
  const lines = block[1].split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const top = /^(\w+):\s*(.*)$/.exec(lines[i])
    if (top === null) continue
    const [, key, rest] = top
    if (key === "includes" || key === "flags" || key === "features") {
      if (rest.startsWith("[")) meta[key] = rest.replace(/[[\]]/g, "").split(",").map((s) => s.trim()).filter(Boolean)
      else while (i + 1 < lines.length && /^\s+-\s/.test(lines[i + 1])) meta[key].push(lines[++i].replace(/^\s+-\s+/, "").trim())
    } else if (key === "negative") {
      meta.negative = {}
      while (i + 1 < lines.length && /^\s+\w+:/.test(lines[i + 1])) {
        const [, k, v] = /^\s+(\w+):\s*(.*)$/.exec(lines[++i])
        meta.negative[k] = v.trim()
      }
    }
  }
  return meta
}

/** Why this test does not apply to our engine, or undefined when it runs. */
export function skipReason(source, meta, options) {
  if (meta.flags.includes("module")) return "module code (a program is not a module)"
  if (meta.flags.includes("noStrict")) return "sloppy mode only (programs are strict)"
  if (meta.flags.includes("raw")) return "raw script (programs are function bodies)"
  if (meta.flags.includes("CanBlockIsTrue") || meta.flags.includes("CanBlockIsFalse")) return "agent blocking (Atomics)"
  if (meta.negative?.phase === "resolution") return "module resolution"
  for (const feature of meta.features) {
    const reason = SKIPPED_FEATURES.get(feature)
    if (reason !== undefined) return `${reason} [${feature}]`
  }
  for (const [pattern, reason] of SKIPPED_SOURCE) if (pattern.test(source)) return reason
  return undefined
}

/** The program the engine runs: prelude, harness, includes, then the test. */
export function buildProgram(root, source, meta) {
  const parts = [PRELUDE, harnessFile(root, "assert.js"), harnessFile(root, "sta.js")]
  // asyncHelpers.js looks for `$DONE` on the global object, where a script's declaration would be.
  if (meta.flags.includes("async")) parts.push(harnessFile(root, "doneprintHandle.js"), "globalThis.$DONE = $DONE;")
  for (const include of meta.includes) parts.push(harnessFile(root, include))
  // The last expression statement's value would be the program's result, which must cross to the
  // host as JSON data (a function or NaN cannot); a test's result means nothing, so end on `void 0`.
  parts.push(source)
  return `${GLOBAL_THIS_OPEN}\n${parts.join("\n")}\n${GLOBAL_THIS_CLOSE}${EPILOGUE}`
}

/**
 * Runs one test; returns { status: "pass" | "fail" | "skip", message }. `runJavaScript` is the
 * built engine's entry point; `timeoutMs` becomes the execution's deadline.
 */
export function runTest(runJavaScript, root, relativePath, options) {
  const source = readFileSync(join(root, "test", relativePath), "utf8")
  const meta = readFrontmatter(source)
  const skip = skipReason(source, meta, options)
  if (skip !== undefined) return { status: "skip", message: skip }
  for (const include of meta.includes) {
    const includeFeatures = options.includeFeatures[include] ?? []
    const reason = includeFeatures.map((f) => SKIPPED_FEATURES.get(f)).find((r) => r !== undefined)
    if (reason !== undefined) return { status: "skip", message: `${reason} [via ${include}]` }
    // A harness file that calls a host hook we cannot give (`$DETACHBUFFER` needs
    // `$262.detachArrayBuffer`) skips its tests as the hook in a test's own source does.
    const [hostHook, hookReason] = SKIPPED_SOURCE[0]
    if (hostHook.test(harnessFile(root, include))) return { status: "skip", message: `${hookReason} [via ${include}]` }
  }

  const program = buildProgram(root, source, meta)
  let result
  try {
    result = runJavaScript(program, { deadline: performance.now() + options.timeoutMs })
  } catch (error) {
    return { status: "fail", message: `engine threw to the host: ${error?.name}: ${error?.message}` }
  }
  return judge(result, meta)
}

function judge(result, meta) {
  const negative = meta.negative
  if (negative !== undefined) {
    if (result.ok) return { status: "fail", message: `expected ${negative.phase} ${negative.type}, but the test completed` }
    const { kind, message } = result.error
    if (negative.phase === "parse" || negative.phase === "early") {
      if (kind === "ParseError" || kind === "UnsupportedSyntax") return { status: "pass" }
      return { status: "fail", message: `expected a ${negative.type} before running, got ${kind}: ${message}` }
    }
    if (kind === "ExecutionFailure" && message.startsWith(`${negative.type}`)) return { status: "pass" }
    return { status: "fail", message: `expected ${negative.type}, got ${kind}: ${message}` }
  }
  if (!result.ok) return { status: "fail", message: `${result.error.kind}: ${result.error.message}` }
  if (meta.flags.includes("async")) {
    const lines = result.logs.join("\n")
    if (lines.includes("Test262:AsyncTestComplete")) return { status: "pass" }
    const failure = /Test262:AsyncTestFailure:(.*)/.exec(lines)
    return { status: "fail", message: failure !== null ? failure[1] : "async test never called $DONE" }
  }
  return { status: "pass" }
}
