-- Bitwise operators on 64-bit integers, float conversion, and their errors.

-- case: and or xor not
print(0xF0 & 0x3C, 0xF0 | 0x0F, 0xFF ~ 0x0F, ~0, ~5, ~-1)
-- expect:
-- 48	255	240	-1	-6	0

-- case: shifts
print(1 << 4, 256 >> 4, 1 << 63, 1 << 64, -1 >> 1, -1 >> 63, 5 >> -1, 5 << -1)
-- expect:
-- 16	16	-9223372036854775808	0	9223372036854775807	1	10	2

-- case: shifts by large amounts
print(1 << 100, -1 << 64, 1 >> 64, math.mininteger >> 63, 3 << 62)
-- expect:
-- 0	0	0	1	-4611686018427387904

-- case: shift of negative numbers is logical
print(-8 >> 1, -8 // 2, (-8 >> 1) == math.maxinteger - 3)
-- expect:
-- 9223372036854775804	-4	true

-- case: xor swap
local a, b = 12, 34
a = a ~ b
b = a ~ b
a = a ~ b
print(a, b)
-- expect:
-- 34	12

-- case: bitwise on floats with integral values
print(2.0 & 3, 1.0 << 2, ~0.0, 7.0 // 1 | 0)
-- expect:
-- 2	4	-1	7

-- case: bitwise result is integer
print(math.type(2.0 | 0), math.type(1 << 2))
-- expect:
-- integer	integer

-- case: bitwise on non integral float errors
print(pcall(function() return 1.5 & 1 end))
-- expect:
-- false	input:1: number has no integer representation

-- case: bitwise on nil local errors
local x
print(x & 1)
-- error: input:2: attempt to perform bitwise operation on a nil value (local 'x')

-- case: bitwise on nil field errors
local t = {}
print(t.mask | 1)
-- error: input:2: attempt to perform bitwise operation on a nil value (field 'mask')

-- case: bitwise on a table errors
local t = {}
print(~t)
-- error: input:2: attempt to perform bitwise operation on a table value (local 't')

-- case: bitwise on a string local errors
local s = "7"
print(s << 1)
-- error: input:2: attempt to perform bitwise operation on a string value (local 's')

-- case: bitwise on a float too large errors
local f = 1e100
print(f >> 1)
-- error: input:2: number (local 'f') has no integer representation

-- case: bitwise on a boolean errors
print(true & 1)
-- error: input:1: attempt to perform bitwise operation on a boolean value

-- case: bitwise on maxinteger and mininteger
print(math.maxinteger & math.mininteger, math.maxinteger | math.mininteger, math.maxinteger ~ -1)
-- expect:
-- 0	-1	-9223372036854775808

-- case: bit counting loop
local function popcount(n)
  local c = 0
  while n ~= 0 do
    c = c + (n & 1)
    n = n >> 1
  end
  return c
end
print(popcount(0), popcount(255), popcount(-1), popcount(math.mininteger))
-- expect:
-- 0	8	64	1

-- case: masks and flags
local READ, WRITE, EXEC = 1, 2, 4
local perm = READ | EXEC
print(perm & WRITE ~= 0, perm & EXEC ~= 0, perm & ~READ)
-- expect:
-- false	true	4

-- case: formatting bitwise results in hex
print(string.format("%x %x %X", 0xDEAD << 16 | 0xBEEF, ~0xFF & 0xFFFF, -1 >> 32))
-- expect:
-- deadbeef ff00 FFFFFFFF
