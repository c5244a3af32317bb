-- Runs one conformance case in real Lua 5.4 and reports what happened, for record.mjs.
--
-- The case's source arrives on stdin. It is loaded with the chunk name "=input", so error
-- positions read `input:LINE:` exactly as Code Mode reports them, and run under xpcall with a
-- handler that keeps the error value as it is (no traceback). `print` is replaced by one that
-- buffers its line (tostring of each argument, tab-separated: what the real print writes), so
-- the report is one JSON object on stdout:
--   {"logs":[...], "error":"..."|nil, "syntax":true|nil, "result":<json>|nil, "unencodable":"..."|nil}
-- An uncaught error that is not a string is described the way the standalone `lua` program does
-- (numbers as their text, anything else as "(error object is a X value)").
-- This file is the harness only; cases never see io, os, load or debug (Code Mode has none).

local source = io.read("a")
local gsub = string.gsub
local write, pack, pairs, ipairs, sort = io.write, table.pack, pairs, ipairs, table.sort
local mathtype, format, load, xpcall, pcall, error = math.type, string.format, load, xpcall, pcall, error
local logs = {}
local tostring, select, concat, type = tostring, select, table.concat, type

print = function(...)
  local n = select("#", ...)
  local parts = {}
  for i = 1, n do parts[i] = tostring((select(i, ...))) end
  logs[#logs + 1] = concat(parts, "\t")
end

-- JSON text for a string: bytes >= 0x80 pass through (the recorder checks they are UTF-8).
local function quote(s)
  return '"' .. gsub(s, '[%c"\\]', function(c)
    if c == '"' then return '\\"' elseif c == "\\" then return "\\\\" end
    return format("\\u%04x", c:byte())
  end) .. '"'
end

-- The plain-data contract, as far as real Lua can show it: sequences 1..n are arrays, tables
-- with string keys objects, `{}` an object. Anything else is reported, not guessed.
local encode
local function encodeTable(t, path, depth)
  if depth > 50 then error("too deep at " .. path, 0) end
  local n, strings, others = 0, {}, 0
  for k in pairs(t) do
    if mathtype(k) == "integer" and k >= 1 then n = n + 1
    elseif type(k) == "string" then strings[#strings + 1] = k
    else others = others + 1 end
  end
  if others > 0 or (n > 0 and #strings > 0) then error("mixed table at " .. path, 0) end
  if n > 0 then
    for i = 1, n do if t[i] == nil then error("sparse table at " .. path, 0) end end
    local parts = {}
    for i = 1, n do parts[i] = encode(t[i], path .. "[" .. i .. "]", depth + 1) end
    return "[" .. concat(parts, ",") .. "]"
  end
  sort(strings)
  local parts = {}
  for i, k in ipairs(strings) do parts[i] = quote(k) .. ":" .. encode(t[k], path .. "." .. k, depth + 1) end
  return "{" .. concat(parts, ",") .. "}"
end

encode = function(v, path, depth)
  local kind = type(v)
  if v == nil then return "null"
  elseif kind == "boolean" then return tostring(v)
  elseif kind == "string" then return quote(v)
  elseif mathtype(v) == "integer" then
    if v > 2^53 or v < -2^53 then error("integer beyond 2^53 at " .. path, 0) end
    return format("%d", v)
  elseif kind == "number" then
    if v ~= v or v == math.huge or v == -math.huge then error("non-finite number at " .. path, 0) end
    return format("%.17g", v)
  elseif kind == "table" then return encodeTable(v, path, depth)
  end
  error(kind .. " value at " .. path, 0)
end

local function describe(e)
  if type(e) == "string" then return e end
  if type(e) == "number" then return tostring(e) end
  return "(error object is a " .. type(e) .. " value)"
end

local report = {}
local chunk, syntaxError = load(source, "=input", "t")
if not chunk then
  report[#report + 1] = '"error":' .. quote(syntaxError)
  report[#report + 1] = '"syntax":true'
else
  local results = pack(xpcall(chunk, function(e) return e end))
  if results[1] then
    if results.n > 1 then
      local ok, text = pcall(encode, results[2], "result", 0)
      if ok then report[#report + 1] = '"result":' .. text
      else report[#report + 1] = '"unencodable":' .. quote(tostring(text)) end
    end
  else
    report[#report + 1] = '"error":' .. quote(describe(results[2]))
  end
end
local quoted = {}
for i, line in ipairs(logs) do quoted[i] = quote(line) end
report[#report + 1] = '"logs":[' .. concat(quoted, ",") .. "]"
write("{" .. concat(report, ",") .. "}\n")
