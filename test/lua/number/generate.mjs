#!/usr/bin/env node
// Produces `expected.json`, the expectations of the number and math tests, by running real Lua 5.4
// (`lua5.4`, Debian 12's 5.4.4). CI does not run this: the JSON is checked in.
//
//   node test/lua/number/generate.mjs          rewrite expected.json
//   node test/lua/number/generate.mjs --check  compare with the checked-in file, exit 1 on a difference
//
// Every case is Lua source text. Operands are the small expression language `helpers.ts` evaluates:
// numerals, "strings", nil/true/false/{}, math.maxinteger/mininteger/huge/pi, 0/0, -(0/0), A/B, A^B.
// Values are described as `integer:N`, `float:<%.17g>`, `string:...`, `boolean:...`, `nil`, `table`;
// errors as `E:<message>`, where the message keeps real Lua's `input:1:` prefix when it has one.

import { execFileSync } from "node:child_process"
import { readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const here = dirname(fileURLToPath(import.meta.url))
const target = join(here, "expected.json")

const luaString = (s) => JSON.stringify(s).replace(/\\u([0-9a-f]{4})/g, "\\u{$1}")

// ---------------------------------------------------------------------------------------------
// Cases

const tostringValues = [
  "0.1", "1/3", "1e100", "123456789012345678", "2^63", "-2^63", "1e15", "1e16", "100.0", "-0.0", "3.14159265358979",
  "10/2", "1/0", "-1/0", "0/0", "-(0/0)", "2^53", "2^24", "1e14", "1e-4", "1e-5", "123456789012345.0", "12345678901234.5",
  "0.5", "2.5", "-7.25", "1e300", "5e-324", "2.2250738585072014e-308", "1.7976931348623157e308", "99999999999999.99",
  "9999999999999.999", "math.pi", "-math.pi", "math.maxinteger", "math.mininteger", "0", "-1", "9007199254740993",
  "1e308", "0.1e-10", "123e-7", "4.35", "0.30000000000000004", "1/7", "100", "2^-1074", "65536.0", "6.02214076e23",
]

const tonumberStrings = [
  "10", "  10  ", "\t\n12\v\f\r", "-7", "+7", "- 7", "+-7", "0x10", "0XfF", "-0x10", "0x", "0x.8", "0x1p4", "0X1P-2",
  "0x1.8p1", "0x.1", "0xA.8p0", "1e2", "1E+2", "1e-2", "1e", "1e+", ".5", "5.", ".", "-.5", "3.0", "00012", "1_000",
  "inf", "nan", "-inf", "Infinity", "NaN", "1 2", "", " ", "abc", "1.5n", "0x1g", "1..2", "9223372036854775807",
  "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551616",
  "0xffffffffffffffff", "0x1ffffffffffffffff", "0x7fffffffffffffff", "0x8000000000000000", "-0", "-0.0", "0x-1",
  "1e400", "-1e400", "1e-400", "9007199254740993", "9007199254740993.0", "0x20000000000001", "0x1.fffffffffffff8p0",
  "1\0", "0x1P+1023", "0x1p1024", "0x1p-1074", "0x1p-1075", "0x1.8p-1074", "123456789012345678901234567890",
  "0.1e1", "0b101", "١٢",
]

const arithPool = [
  "0", "7", "-3", "-0.0", "2.5", "-2.0", "math.maxinteger", "math.mininteger", "9007199254740993", "2^63",
  "math.huge", "0/0", '"10"', '"3.0"', '"abc"', "{}",
]
const bitPool = [
  "0", "5", "-1", "63", "-65", "3.0", "2.5", "math.maxinteger", "math.mininteger", "9007199254740993", "2^63",
  '"3"', "nil",
]
const comparePool = [
  "1", "1.0", "-0.0", "0", "math.maxinteger", "math.mininteger", "2^53", "9007199254740992", "9007199254740993",
  "2^63", "-2^63", "math.huge", "0/0", '"a"', '"10"', "nil",
]
const symbols = {
  add: "+", sub: "-", mul: "*", div: "/", mod: "%", idiv: "//", pow: "^",
  band: "&", bor: "|", bxor: "~", shl: "<<", shr: ">>", lt: "<", le: "<=", eq: "==",
}
const extraArith = [
  ["mod", "5", "-3"], ["mod", "-5", "3"], ["mod", "5.5", "-2"], ["mod", "-5.5", "2"], ["mod", "5", "math.huge"],
  ["mod", "-5", "math.huge"], ["mod", "5", "-math.huge"], ["mod", "-5", "-math.huge"], ["mod", "math.mininteger", "-1"],
  ["idiv", "math.mininteger", "-1"], ["idiv", "5", "-3"], ["idiv", "-5", "3"], ["idiv", "7", "0.0"], ["idiv", "-7", "0.0"],
  ["idiv", "0", "0.0"], ["add", "math.maxinteger", "1"], ["sub", "math.mininteger", "1"], ["mul", "math.maxinteger", "2"],
  ["mul", "0", "-5"], ["mul", "3037000500", "3037000500"], ["mul", "4294967296", "4294967296"], ["add", '"10"', "1"],
  ["add", '"3.0"', "1"], ["add", '"0x10"', "0"], ["mul", '" 10 "', '"2"'], ["pow", "2", "10"], ["pow", "2", "0.5"],
  ["pow", "-2", "0.5"], ["pow", "7", "65"], ["pow", "10", "-2"], ["pow", "1", "0/0"], ["pow", "-1", "math.huge"],
  ["pow", "0", "-1"], ["pow", "-0.0", "-3"], ["div", "1", "0"], ["div", "-1", "0"], ["div", "0", "0"], ["div", "7", "2"],
  ["div", "9007199254740993", "1"], ["mod", '"10"', "0"], ["idiv", '"10"', "0"], ["mod", "7", "0"], ["idiv", "7", "0"],
  ["band", "0xFF", "0x0F"], ["bor", "-9007199254740991", "-2"], ["band", "-9007199254740991", "-2"],
  ["shl", "1", "63"], ["shl", "1", "64"], ["shr", "-1", "1"], ["shr", "-1", "-1"], ["shl", "1", "-1"],
  ["shr", "8", "65"], ["shl", "1", "math.mininteger"], ["band", "3", "2.0"], ["bor", "2^53", "0"],
  ["bxor", "-1", "math.maxinteger"], ["shl", "4503599627370495", "1"], ["shl", "4503599627370496", "1"],
  ["shr", "math.mininteger", "63"], ["bor", '"3"', "1"], ["band", "1.5", "1"], ["bor", "1", "1.5"],
  ["add", "9007199254740991", "1"], ["sub", "-9007199254740991", "1"], ["add", "9007199254740992", "-1"],
  ["mod", "-6", "3"], ["mod", "6", "-3"], ["idiv", "-6", "3"], ["mod", "-0.0", "3"], ["mod", "0.0", "-3"],
  ["mod", "3", "-0.0"], ["lt", "math.maxinteger", "2^63"], ["le", "2^63", "math.maxinteger"],
  ["eq", "2^63", "math.mininteger"], ["eq", "-2^63", "math.mininteger"], ["eq", "2^53", "9007199254740992"],
  ["eq", "2^53", "9007199254740993"], ["lt", "9007199254740992", "9007199254740993.0"], ["lt", '"a"', '"ab"'],
  ["lt", '"Z"', '"a"'], ["lt", '"\\0"', '""'], ["le", '"abc"', '"abc"'], ["lt", '"10"', '"9"'], ["lt", "1", '"2"'],
  ["lt", "nil", "1"], ["lt", "{}", "{}"], ["le", "1.5", "{}"], ["lt", "true", "false"],
]
const unaryPool = [...new Set([...arithPool, ...bitPool, '"-2"', '"7"', '"0x10"', "-0", "9007199254740991", "2^53", "nil"])]

const forCases = [
  ["1", '"3"', "1"], ['"1"', "3", "1"], ["1", "3", '"1"'], ["1", "3.5", "1"], ["1", "0.5", "1"], ["1", "math.huge", "1"],
  ["1", "-math.huge", "1"], ["1", "-math.huge", "-1"], ["math.maxinteger - 1", "math.maxinteger", "1"],
  ["math.mininteger + 1", "math.mininteger", "-1"], ["math.mininteger", "math.maxinteger", "math.maxinteger"],
  ["1", "3", "0"], ["1.0", "3", "0"], ["1", "nil", "1"], ["nil", "2", "1"], ["1", "2", "nil"], ["1.0", "2", "nil"],
  ["nil", "nil", "nil"], ["1", '"x"', "1"], ["1", "0/0", "1"], ["1", "0/0", "-1"], ["1.0", "0/0", "1"],
  ["1", "3", "0/0"], ["3", "1", "-1.5"], ["1", "2^63", "1"], ["1", "-2^63", "-1"], ["0", "10", "3"], ["10", "-1", "-3"],
  ["0.1", "0.35", "0.1"], ["1", "2.9", "1"], ["-1", "-2.5", "-1"], ["3", '"2.5"', "-1"],
  ["math.maxinteger", "math.maxinteger", "1"], ["math.maxinteger - 5", "math.maxinteger", "4"],
  ["math.mininteger", "math.mininteger + 2", "math.mininteger"], ["0", "-10", "math.mininteger"], ["1", "0", "1"],
  ["5", "1", "-2"], ["1", "10", "100"], ["9007199254740990", "9007199254740995", "1"], ["-3", "3", "2"],
  ["1", "1e300", "2^62"], ["math.mininteger", "math.maxinteger", "1"], ["0", "math.maxinteger", "2^62"],
]

const mathCalls = [
  ["abs", ["-3"]], ["abs", ["-0.0"]], ["abs", ["math.mininteger"]], ["abs", ["-2^63"]], ["abs", ['"-2"']], ["abs", ["0/0"]],
  ["abs", ["nil"]], ["abs", []], ["abs", ['"x"']],
  ["floor", ["3.7"]], ["floor", ["-3.5"]], ["floor", ["-0.0"]], ["floor", ["2^70"]], ["floor", ["-2^63"]], ["floor", ["2^63"]],
  ["floor", ["1e100"]], ["floor", ["0/0"]], ["floor", ["3"]], ["floor", ['"3"']], ["floor", ['"3.5"']], ["floor", ["math.huge"]],
  ["floor", ["nil"]], ["floor", []], ["floor", ['"x"']], ["floor", ["{}"]],
  ["ceil", ["3.2"]], ["ceil", ["-3.5"]], ["ceil", ["-0.5"]], ["ceil", ["2^63"]], ["ceil", ["-2^63"]], ["ceil", ['"3.2"']],
  ["ceil", ["math.maxinteger"]],
  ["fmod", ["7", "3"]], ["fmod", ["-7", "3"]], ["fmod", ["7", "-3"]], ["fmod", ["math.mininteger", "-1"]],
  ["fmod", ["7.5", "2"]], ["fmod", ["-7.5", "2"]], ["fmod", ["1", "0.0"]], ["fmod", ["5", "math.huge"]],
  ["fmod", ["math.mininteger", "math.maxinteger"]], ["fmod", ["3", "2^53"]], ["fmod", ["1", "0"]], ["fmod", ["1"]],
  ["fmod", ['"7"', '"3"']], ["fmod", ["7", "-3.0"]], ["fmod", ["-6", "3"]], ["fmod", ["math.huge", "2"]],
  ["modf", ["3.5"]], ["modf", ["-3.5"]], ["modf", ["5"]], ["modf", ["-0.0"]], ["modf", ["math.huge"]], ["modf", ["-math.huge"]],
  ["modf", ["2^70"]], ["modf", ['"2.5"']], ["modf", ["0/0"]], ["modf", ["2^53"]],
  ["sqrt", ["4"]], ["sqrt", ["2"]], ["sqrt", ["-1"]], ["sqrt", ["-0.0"]], ["sqrt", ["math.huge"]],
  ["exp", ["0"]], ["exp", ["1"]], ["exp", ["710"]], ["exp", ["-1000"]],
  ["log", ["1"]], ["log", ["8", "2"]], ["log", ["100", "10"]], ["log", ["1000", "10"]], ["log", ["27", "3"]], ["log", ["0"]],
  ["log", ["-1"]], ["log", ["-1", "2"]], ["log", ["-1", "10"]], ["log", ["-1", "3"]], ["log", ["2", "0"]], ["log", ["2", "nil"]],
  ["log", ["1024", "2.0"]], ["log", ["math.huge"]],
  ["sin", ["0"]], ["sin", ["1"]], ["sin", ["math.huge"]], ["cos", ["0"]], ["cos", ["math.pi"]], ["tan", ["1"]],
  ["asin", ["1"]], ["asin", ["2"]], ["acos", ["-1"]], ["acos", ["2"]],
  ["atan", ["1"]], ["atan", ["1", "-1"]], ["atan", ["-0.0", "-1"]], ["atan", ["0", "0"]], ["atan", ["1", "nil"]], ["atan", []],
  ["deg", ["math.pi"]], ["rad", ["180"]], ["rad", ["1"]], ["deg", ["1"]],
  ["max", ["1", "2.0"]], ["max", ["2.0", "2"]], ["max", ["2", "2.0"]], ["max", ["0", "-0.0"]], ["max", ["0/0", "1"]],
  ["max", ["1", "0/0"]], ["max", ['"a"', '"b"']], ["max", ["1", "nil"]], ["max", ["nil"]], ["max", []],
  ["max", ["1", "2", "3", "-4"]], ["max", ["math.maxinteger", "2^63"]], ["max", ["1", '"x"']],
  ["min", ["2", "2.0"]], ["min", ["-0.0", "0"]], ["min", ['"10"', '"9"']], ["min", ["1", "nil"]], ["min", []],
  ["min", ["3", "1", "2"]], ["min", ["math.mininteger", "-2^63"]],
  ["tointeger", ["3.0"]], ["tointeger", ["3.5"]], ["tointeger", ['"8"']], ["tointeger", ['"8.0"']], ["tointeger", ["2^63"]],
  ["tointeger", ["-2^63"]], ["tointeger", ["{}"]], ["tointeger", ['"x"']], ["tointeger", ['"0x10"']], ["tointeger", []],
  ["tointeger", ["nil"]], ["tointeger", ["7"]],
  ["type", ["1"]], ["type", ["1.0"]], ["type", ['"1"']], ["type", ["nil"]], ["type", []], ["type", ["2^63"]],
  ["type", ["math.maxinteger"]], ["type", ["0/0"]],
  ["ult", ["1", "-1"]], ["ult", ["-1", "1"]], ["ult", ["2", "3"]], ["ult", ["math.maxinteger", "math.mininteger"]],
  ["ult", ["3.0", "4"]], ["ult", ["1.5", "2"]], ["ult", ["-2", "-1"]], ["ult", ["9007199254740993", "-9007199254740993"]],
  ["random", ["2", "1"]], ["random", ["0.5"]], ["random", ["1", "2", "3"]], ["random", ["nil"]], ["random", ["1", "nil"]],
  ["randomseed", ["1.5"]], ["randomseed", ["nil"]],
]

const randomScripts = [
  "math.randomseed(42); return math.random(1, 100), math.random(1, 100), math.random(1, 100), math.random(1, 100)",
  "math.randomseed(42); return math.random(), math.random(), math.random()",
  "math.randomseed(42); return math.random(0), math.random(0), math.random(0)",
  "math.randomseed(0); return math.random(1, 6), math.random(1, 6), math.random(1, 6), math.random(1, 6), math.random(1, 6)",
  "math.randomseed(-1, 7); return math.random(10), math.random(10), math.random(10), math.random()",
  "math.randomseed(123456789); return math.random(math.mininteger, math.maxinteger), math.random(math.mininteger, -1), math.random(1, 2^40)",
  "math.randomseed(7); return math.random(-10, 10), math.random(1000000), math.random(3, 3), math.random(2^53, 2^53 + 10)",
  "math.randomseed(7); return math.random(0, 2^32), math.random(1, 2^33 - 1), math.random(-2^40, 2^40)",
  "math.randomseed(99); return math.random(1, 3), math.random(1, 5), math.random(1, 17), math.random(1, 1000)",
  "return math.randomseed(42)",
  "return math.randomseed(-5, 9)",
  "return math.randomseed(2.0)",
  'return math.randomseed("3")',
  "math.randomseed(math.maxinteger, math.mininteger); return math.random(1, 100), math.random()",
  "math.randomseed(2^53); return math.random(100), math.random(100)",
]

// ---------------------------------------------------------------------------------------------
// Running real Lua

const prelude = `
local function describe(v)
  local t = math.type(v)
  if t == "integer" then return "integer:" .. tostring(v) end
  if t == "float" then return "float:" .. string.format("%.17g", v) end
  if type(v) == "string" then return "string:" .. v end
  if type(v) == "boolean" then return "boolean:" .. tostring(v) end
  if v == nil then return "nil" end
  return type(v)
end
local function run(source)
  local f = assert(load(source, "=input"))
  local r = table.pack(pcall(f))
  if not r[1] then return "E:" .. tostring(r[2]) end
  local out = {}
  for i = 2, r.n do out[#out + 1] = describe(r[i]) end
  return table.concat(out, " ")
end
local function emit(s) io.write((s:gsub("\\\\", "\\\\\\\\"):gsub("\\n", "\\\\n")), "\\n") end
`

const runLua = (sources) => {
  const script = prelude + sources.map((s) => `emit(run(${luaString(s)}))`).join("\n") + "\n"
  const out = execFileSync("lua5.4", ["-"], { input: script, maxBuffer: 1 << 28 }).toString()
  const lines = out.split("\n").slice(0, sources.length)
  return lines.map((l) => l.replace(/\\(\\|n)/g, (_, c) => (c === "n" ? "\n" : "\\")))
}

const binarySource = (op, a, b) => `local a, b = ${a}, ${b}; return a ${symbols[op]} b`

const sections = {}

sections.tostring = (() => {
  const results = runLua(tostringValues.map((v) => `return tostring(${v})`))
  return tostringValues.map((v, i) => [v, results[i]])
})()

sections.tonumber = (() => {
  const results = runLua(tonumberStrings.map((s) => `return tonumber(${luaString(s)})`))
  return tonumberStrings.map((s, i) => [s, results[i]])
})()

sections.arith = (() => {
  const cases = []
  for (const op of ["add", "sub", "mul", "div", "mod", "idiv", "pow"]) {
    for (const a of arithPool) for (const b of arithPool) cases.push([op, a, b])
  }
  for (const op of ["band", "bor", "bxor", "shl", "shr"]) for (const a of bitPool) for (const b of bitPool) cases.push([op, a, b])
  for (const op of ["lt", "le", "eq"]) for (const a of comparePool) for (const b of comparePool) cases.push([op, a, b])
  cases.push(...extraArith)
  const results = runLua(cases.map(([op, a, b]) => binarySource(op, a, b)))
  return cases.map((c, i) => [...c, results[i]])
})()

sections.unary = (() => {
  const cases = []
  for (const a of unaryPool) cases.push(["unm", a], ["bnot", a])
  const results = runLua(cases.map(([op, a]) => `local a = ${a}; return ${op === "unm" ? "-" : "~"}a`))
  return cases.map((c, i) => [...c, results[i]])
})()

sections.for = (() => {
  const source = ([start, limit, step]) =>
    `local s, l, st = ${start}, ${limit}, ${step}; local n, values = 0, {}
     for i = s, l, st do n = n + 1; if n <= 4 then values[n] = i end; if n >= 40 then break end end
     return n, table.unpack(values)`
  const results = runLua(forCases.map(source))
  return forCases.map((c, i) => [...c, results[i]])
})()

sections.math = (() => {
  const results = runLua(mathCalls.map(([name, args]) => `return math.${name}(${args.join(", ")})`))
  return mathCalls.map(([name, args], i) => [name, args, results[i]])
})()

sections.random = (() => {
  const results = runLua(randomScripts)
  return randomScripts.map((s, i) => [s, results[i]])
})()

const text = JSON.stringify({ generatedBy: execFileSync("lua5.4", ["-v"]).toString().trim(), ...sections }, null, 0)
  .replace(/\],\[/g, "],\n[")
  .replace(/":\[\[/g, '":[\n[') + "\n"

if (process.argv.includes("--check")) {
  const current = readFileSync(target, "utf8")
  if (current !== text) {
    console.error("expected.json differs from what lua5.4 produces now")
    process.exit(1)
  }
  console.log("expected.json matches lua5.4")
} else {
  writeFileSync(target, text)
  console.log(`wrote ${target}`)
}
