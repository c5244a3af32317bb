#!/usr/bin/env node
// Rewrites the expectations of the string-library case tables by running real Lua 5.4 (`lua5.4`;
// recorded with Debian 12's 5.4.4). CI does not run this: the expectations are checked in.
//
//   node test/lua/string/generate.mjs          rewrite the `-->` side of every case in this folder
//   node test/lua/string/generate.mjs --check  compare only; exit 1 on a difference
//
// A case table is a `luaCases(String.raw`...`)` block in a `*.test.ts` file; each line is
// `<Lua expression>  --> <results>`. The Lua side below renders results exactly as `helpers.ts`
// does, and defines the same helper functions (`join`, `upper`, `collect`, ...).

import { execFileSync } from "node:child_process"
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const here = dirname(fileURLToPath(import.meta.url))
const check = process.argv.includes("--check")

const PRELUDE = String.raw`
local function escape(s)
  local out = {}
  for i = 1, #s do
    local c = s:byte(i)
    if c == 34 or c == 92 then out[#out + 1] = "\\" .. string.char(c)
    elseif c >= 32 and c <= 126 then out[#out + 1] = string.char(c)
    else out[#out + 1] = string.format("\\%03d", c) end
  end
  return table.concat(out)
end
local render1
render1 = function(v)
  local t = type(v)
  if t == "nil" then return "nil"
  elseif t == "boolean" then return tostring(v)
  elseif t == "string" then return '"' .. escape(v) .. '"'
  elseif t == "number" then
    if math.type(v) == "integer" then return string.format("%d", v) end
    return "float(" .. string.format("%.17g", v) .. ")"
  elseif t == "table" then
    local parts = {}
    for i = 1, #v do parts[i] = render1(v[i]) end
    return "{" .. table.concat(parts, ", ") .. "}"
  else return t end
end
local env = setmetatable({
  join = function(...)
    local t = table.pack(...)
    for i = 1, t.n do t[i] = tostring(t[i]) end
    return table.concat(t, ",", 1, t.n)
  end,
  upper = function(s) return s:upper() end,
  no = function() return false end,
  none = function() end,
  tbl = function() return {} end,
  num = function() return 42 end,
  flt = function() return 2.0 end,
  fail = function() error("boom") end,
  collect = function(f, s, c)
    local out = {}
    for _ = 1, 10000 do
      local r = table.pack(f(s, c))
      if r[1] == nil then break end
      c = r[1]
      out[#out + 1] = { table.unpack(r, 1, r.n) }
    end
    return out
  end,
}, { __index = _G })
local function run(case)
  local f, err = load("return " .. case, "=case", "t", env)
  if not f then return "SYNTAX: " .. err end
  local r = table.pack(pcall(f))
  if not r[1] then
    local msg = r[2]
    if type(msg) ~= "string" then return "error: " .. render1(msg) end
    return "error: " .. escape((msg:gsub("^[%w_]+:%d+: ", "")))
  end
  if r.n == 1 then return "(none)" end
  local parts = {}
  for i = 2, r.n do parts[#parts + 1] = render1(r[i]) end
  return table.concat(parts, ", ")
end
`

const BLOCK = /luaCases\(String\.raw`([\s\S]*?)`\)/g

const files = readdirSync(here).filter((f) => f.endsWith(".test.ts"))
let differences = 0
for (const file of files) {
  const path = join(here, file)
  const source = readFileSync(path, "utf8")
  const cases = []
  for (const block of source.matchAll(BLOCK)) {
    for (const line of block[1].split("\n")) {
      const at = line.indexOf(" --> ")
      if (at >= 0 && !line.trim().startsWith("--")) cases.push(line.slice(0, at).trim())
    }
  }
  if (cases.length === 0) continue
  const script =
    PRELUDE +
    "local cases = {\n" +
    cases.map((c) => `[==[${c}]==],`).join("\n") +
    "\n}\nfor _, c in ipairs(cases) do io.write(run(c), '\\n') end\n"
  const results = execFileSync("lua5.4", ["-"], { input: script, maxBuffer: 1 << 28 }).toString().split("\n")
  let index = 0
  const rewritten = source.replace(BLOCK, (whole, body) => {
    const lines = body.split("\n").map((line) => {
      const at = line.indexOf(" --> ")
      if (at < 0 || line.trim().startsWith("--")) return line
      const expected = results[index++]
      const recorded = line.slice(at + 5)
      if (recorded !== expected) {
        differences++
        console.log(`${file}: ${line.slice(0, at).trim()}\n  recorded: ${recorded}\n  lua5.4:   ${expected}`)
      }
      return line.slice(0, at + 5) + expected
    })
    return whole.replace(body, () => lines.join("\n"))
  })
  if (!check && rewritten !== source) writeFileSync(path, rewritten)
}
console.log(`${differences} difference(s)${check ? "" : ", files updated"}`)
process.exit(check && differences > 0 ? 1 : 0)
