/**
 * Lua: reaching the host through the standard library. What Code Mode leaves out (`loadstring`, `debug`,
 * `os`, `io`, metatables, coroutines, `string.dump`) stays nil and names why when used; what is
 * left in sees only Lua values — no table, function or string leads to a host object, and none
 * can leave as anything but data.
 */

import { describe } from "vitest"
import { attackTable, fails, gives, guardHost, makeSuitePool, type Attack } from "./harness.js"

const pool = makeSuitePool()
guardHost()

const absent = (name: string, why: string) => `'${name}' is not available in Code Mode: ${why}`
const NO_CODE = "programs cannot load or compile code at run time"

const absentFeatures: Attack[] = [
  // `load` is per-branch state (worker/lua/stdlib/state.ts): source text is only a key, never compiled.
  { name: "load reads state, it does not compile", source: `return load("return os") == nil`, expect: gives(true) },
  { name: "loadstring", source: `return loadstring("return 1")()`, expect: fails("ExecutionFailure", absent("loadstring", NO_CODE)) },
  { name: "dofile", source: `return dofile("/etc/passwd")`, expect: fails("ExecutionFailure", absent("dofile", NO_CODE)) },
  { name: "loadfile", source: `return loadfile("/etc/passwd")`, expect: fails("ExecutionFailure", absent("loadfile", NO_CODE)) },
  { name: "require", source: `return require("os")`, expect: fails("ExecutionFailure", absent("require", "there are no modules to load")) },
  { name: "package.loadlib", source: `return package.loadlib("libc.so.6", "system")`, expect: fails("ExecutionFailure", absent("package", "there are no modules to load")) },
  { name: "debug.getinfo", source: `return debug.getinfo(1)`, expect: fails("ExecutionFailure", absent("debug", "the debug library is not available")) },
  { name: "debug.getregistry", source: `local r = debug.getregistry() return r`, expect: fails("ExecutionFailure", absent("debug", "the debug library is not available")) },
  { name: "os.execute", source: `return os.execute("id")`, expect: fails("ExecutionFailure", absent("os", "programs cannot reach the operating system")) },
  { name: "os.getenv", source: `return os.getenv("HOME")`, expect: fails("ExecutionFailure", absent("os", "programs cannot reach the operating system")) },
  { name: "io.open", source: `return io.open("/etc/passwd"):read("a")`, expect: fails("ExecutionFailure", absent("io", "programs cannot read or write files")) },
  { name: "io.popen", source: `return io.popen("id")`, expect: fails("ExecutionFailure", absent("io", "programs cannot read or write files")) },
  { name: "collectgarbage", source: `return collectgarbage("count")`, expect: fails("ExecutionFailure", absent("collectgarbage", "memory is managed by the host")) },
  { name: "string.dump", source: `return string.dump(print)`, expect: fails("ExecutionFailure", absent("string.dump", "functions cannot be dumped to bytecode")) },
  { name: "setmetatable on a string", source: `return setmetatable("", { __index = function() return 1 end })`, expect: fails("ExecutionFailure", absent("setmetatable", "metatables are not supported")) },
  { name: "getmetatable of a string", source: `return getmetatable("").__index`, expect: fails("ExecutionFailure", absent("getmetatable", "metatables are not supported")) },
  { name: "coroutine.wrap", source: `return coroutine.wrap(function() end)`, expect: fails("ExecutionFailure", absent("coroutine", "coroutines are not supported")) },
  { name: "newproxy", source: `return newproxy(true)`, expect: fails("ExecutionFailure", absent("newproxy", "metatables are not supported")) },
  { name: "_ENV", source: `return _ENV.os`, expect: fails("ExecutionFailure", absent("_ENV", "_ENV is not supported")) },
  { name: "getfenv (Lua 5.1)", source: `return getfenv(1)`, expect: fails("ExecutionFailure", "attempt to call a nil value (global 'getfenv')") },
  { name: "string.pack builds a byte string, nothing more", source: `return type(string.pack("i4", 1)) .. #string.pack("i4", 1)`, expect: gives("string4") },
  { name: "to-be-closed variables", source: `local x <close> = nil return 1`, expect: fails("UnsupportedSyntax", "to-be-closed variables") },
  {
    name: "every absent name is nil, not a stub",
    source: `return { type(loadstring), type(dofile), type(require), type(package), type(debug), type(os), type(io), type(collectgarbage), type(setmetatable), type(getmetatable), type(coroutine), type(string.dump), type(_ENV) }`,
    expect: gives(Array(13).fill("nil")),
  },
  { name: "rawget(_G, 'os')", source: `return rawget(_G, "os") == nil`, expect: gives(true) },
  { name: "a program's own 'load' is just a function", source: `function load(s) return "mine: " .. s end return load("x")`, expect: gives("mine: x") },
]

const reach: Attack[] = [
  { name: "tools cannot be listed", source: `for k in pairs(tools) do return k end return "none"`, expect: fails("ExecutionFailure", "tools cannot be listed with pairs/next") },
  { name: "next(tools)", source: `return next(tools)`, expect: fails("ExecutionFailure", "tools cannot be listed with pairs/next") },
  // No tool has these names, so they read as nil (tool-names.ts).
  { name: "tools.constructor is only a name no tool has", source: `return tools.constructor == nil`, expect: gives(true) },
  { name: "tools.__proto__ is only a name no tool has", source: `return tools.__proto__.polluted`, expect: fails("UnknownTool", "Unknown tool 'tools.__proto__.polluted'") },
  { name: "calling tools.constructor is an unknown tool", source: `return tools.constructor("return process")`, expect: fails("UnknownTool", "constructor") },
  { name: "writing into tools", source: `tools.x = 1 return 1`, expect: fails("ExecutionFailure", "tools is read-only: tools can be called, not assigned") },
  { name: "a string's methods are the string library's", source: `return ("x").rep == string.rep`, expect: gives(true) },
  { name: "a string has no __index to climb", source: `return ("x").__index`, expect: gives(null) },
  { name: "a builtin's tostring hides the host", source: `return (tostring(print):gsub("0x%x+", "ADDR"))`, expect: gives("function: builtin: ADDR") },
  { name: "a table's tostring is an address only", source: `return (tostring({}):gsub("0x%x+", "ADDR"))`, expect: gives("table: ADDR") },
  { name: "returning a builtin", source: `return print`, expect: fails("InvalidDataValue", "result is a function, which cannot cross to JSON") },
  { name: "returning _G", source: `return _G`, expect: fails("InvalidDataValue", /result\.\w+ is a function/) },
  { name: "returning tools", source: `return tools`, expect: fails("InvalidDataValue", "result is the tool reference tools") },
  { name: "returning a closure inside data", source: `return { ok = true, f = function() end }`, expect: fails("InvalidDataValue", "result.f is a function") },
  { name: "the error value of a builtin is a plain string", source: `local ok, e = pcall(string.rep) return { ok, type(e) }`, expect: gives([false, "string"]) },
  { name: "error with a table value stays a table", source: `local ok, e = pcall(error, { code = 7 }) return e`, expect: gives({ code: 7 }) },
  { name: "an uncaught table error", source: `error({ code = 1 })`, expect: fails("ExecutionFailure", 'input:1: (error object is a table value) {"code":1}') },
  { name: "an uncaught function error", source: `error(print)`, expect: fails("ExecutionFailure", "(error object is a function value)") },
  { name: "varargs of the main chunk are empty", source: `return select("#", ...)`, expect: gives(0) },
  { name: "there is no arg table", source: `return #arg`, expect: fails("ExecutionFailure", "attempt to get length of a nil value (global 'arg')") },
]

describe("absent features name why", () => attackTable(pool, "lua", absentFeatures))
describe("what a program can reach", () => attackTable(pool, "lua", reach))
