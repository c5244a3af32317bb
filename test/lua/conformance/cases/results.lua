-- Returned values: the first value a program returns, as plain data (`-- result:`). The
-- recorder encodes real Lua's value by the data contract (sequences are arrays, string keys
-- objects, `{}` an object), so these check what the program computed and that it crosses intact.

-- case: return an integer
return 3 // 2
-- result: 1

-- case: return a float
return 3 / 2
-- result: 1.5

-- case: return an integral float
return 2 ^ 10
-- result: 1024

-- case: return a string
return ("abc"):upper() .. "!"
-- result: "ABC!"

-- case: return a boolean
return 1 < 2
-- result: true

-- case: return nil explicitly
return nil
-- result: null

-- case: return only the first value
return 1, 2, 3
-- result: 1

-- case: return an empty table
return {}
-- result: {}

-- case: return a sequence
local t = {}
for i = 1, 5 do t[#t + 1] = i * i end
return t
-- result: [1,4,9,16,25]

-- case: return an object
return { name = "lua", version = 5.4, major = 5 }
-- result: {"major":5,"name":"lua","version":5.4}

-- case: return nested data
local order = { id = "order_42", items = { { sku = "a", qty = 2 }, { sku = "b", qty = 1 } } }
order.total = 0
for _, item in ipairs(order.items) do order.total = order.total + item.qty end
return order
-- result: {"id":"order_42","items":[{"qty":2,"sku":"a"},{"qty":1,"sku":"b"}],"total":3}

-- case: return data built with string functions
local words = {}
for w in ("the quick brown fox"):gmatch("%a+") do words[#words + 1] = w:upper() end
return { words = words, joined = table.concat(words, "-"), count = #words }
-- result: {"count":4,"joined":"THE-QUICK-BROWN-FOX","words":["THE","QUICK","BROWN","FOX"]}

-- case: return after table.remove keeps a sequence
local t = { 1, 2, 3, 4 }
table.remove(t, 2)
return t
-- result: [1,3,4]

-- case: return a sorted list of keys
local t = { b = 1, a = 2, c = 3 }
local keys = {}
for k in pairs(t) do keys[#keys + 1] = k end
table.sort(keys)
return keys
-- result: ["a","b","c"]

-- case: return floats that are not integral
return { 0.1, 1 / 3, -2.5, 1e300 }
-- result: [0.1,0.3333333333333333,-2.5,1e+300]

-- case: return integers near 2^53
return { 2 ^ 53 | 0, -(2 ^ 53 | 0), 9007199254740991 }
-- result: [9007199254740992,-9007199254740992,9007199254740991]

-- case: return from inside a loop
for i = 1, 10 do
  if i * i > 50 then return i end
end
-- result: 8

-- case: return the result of pcall
local ok, e = pcall(error, { code = 42 })
return { ok = ok, code = e.code }
-- result: {"code":42,"ok":false}

-- case: return a string with escapes
return "tab\tquote\"newline\nend"
-- result: "tab\tquote\"newline\nend"

-- case: return utf8 text
return utf8.char(104, 233, 108, 108, 111, 32, 8364)
-- result: "héllo €"
