-- string.pack, string.unpack and string.packsize: every format option, alignment, endianness,
-- overflow checks and their errors (x86-64 sizes: int 4, long and size_t 8, alignment 8).

-- case: integer sizes and endianness
local function hex(s) return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end)) end
print(hex(string.pack("b B h H", -1, 255, -2, 65535)))
print(hex(string.pack("<i4", 0x01020304)), hex(string.pack(">i4", 0x01020304)), hex(string.pack("=i4", 1)))
print(hex(string.pack("<l", -2)), hex(string.pack(">J", 1)), hex(string.pack("T", 7)))
-- expect:
-- fffffeffffff
-- 04030201	01020304	01000000
-- feffffffffffffff	0000000000000001	0700000000000000

-- case: i and I with explicit sizes 1 to 16
local function hex(s) return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end)) end
for _, n in ipairs({1, 2, 3, 5, 7, 8, 9, 12, 16}) do
  print(n, hex(string.pack("<i" .. n, -3)), hex(string.pack(">I" .. n, 200)))
end
-- expect:
-- 1	fd	c8
-- 2	fdff	00c8
-- 3	fdffff	0000c8
-- 5	fdffffffff	00000000c8
-- 7	fdffffffffffff	000000000000c8
-- 8	fdffffffffffffff	00000000000000c8
-- 9	fdffffffffffffffff	0000000000000000c8
-- 12	fdffffffffffffffffffffff	0000000000000000000000c8
-- 16	fdffffffffffffffffffffffffffffff	000000000000000000000000000000c8

-- case: unpack integers returns the next position
print(string.unpack("<i2 >i2", "\10\0\0\20"))
print(string.unpack("B", "\200\1", 2))
print(string.unpack("i3", "\255\255\255"), string.unpack("I3", "\255\255\255"))
-- expect:
-- 10	20	5
-- 1	3
-- -1	16777215	4

-- case: 64-bit extremes round trip
local s = string.pack("<j>j", math.mininteger, math.maxinteger)
print(#s, string.unpack("<j>j", s))
print(string.unpack("<I8", string.pack("<j", -1)))
print(string.unpack("<i16", string.pack("<i16", math.mininteger)))
-- expect:
-- 16	-9223372036854775808	9223372036854775807	17
-- -1	9
-- -9223372036854775808	17

-- case: floats, doubles and native numbers
local function hex(s) return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end)) end
print(hex(string.pack("<f", 1.5)), hex(string.pack(">d", -2.25)), hex(string.pack("<n", 1/0)))
print(string.unpack("<f", string.pack("<f", 0.1)))
print(string.unpack(">d n", string.pack(">d n", 3, -0.0)))
print(math.type((string.unpack("d", string.pack("d", 7)))))
-- expect:
-- 0000c03f	c002000000000000	000000000000f07f
-- 0.10000000149012	5
-- 3.0	-0.0	17
-- float

-- case: fixed strings, length-prefixed strings and zero-terminated strings
local function hex(s) return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end)) end
print(hex(string.pack("c5", "ab")), hex(string.pack("s1", "hi")), hex(string.pack(">s2", "xyz")), hex(string.pack("z", "ok")))
print(string.unpack("c2 s1 z", "ab\3xyzhello\0rest"))
print(string.unpack("s", string.pack("s", "long prefix")))
-- expect:
-- 6162000000	026869	000378797a	6f6b00
-- ab	xyz	hello	13
-- long prefix	20

-- case: padding x, alignment ! and X
local function hex(s) return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end)) end
print(hex(string.pack("<!4 b i4", 1, 2)), hex(string.pack("<!2 b i8", 1, 2)), hex(string.pack("<b x h", 1, 2)))
print(hex(string.pack("<!8 b Xi8", 1)), hex(string.pack("<!8 b Xh h", 1, 2)))
print(string.packsize("!8 b d"), string.packsize("! b d"), string.packsize("b Xd"), string.packsize("!4 c3 Xi4 i2"))
-- expect:
-- 0100000002000000	01000200000000000000	01000200
-- 0100000000000000	01000200
-- 16	16	1	6

-- case: packsize of fixed formats
print(string.packsize("b h i l j T f d n"), string.packsize("i16 I3 c10 x"), string.packsize(""), string.packsize("<>= "))
-- expect:
-- 51	30	0	0

-- case: unpack from negative and end positions
print(string.unpack("b", "\1\2\3", -1))
print(string.unpack("z", "a\0", 1))
print(string.unpack("", "abc", 4))
-- expect:
-- 3	4
-- a	3
-- 4

-- case: numbers given as strings and integral floats
local function hex(s) return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end)) end
print(hex(string.pack("i2 d", "10", "0.5")), hex(string.pack("i1", 3.0)))
-- expect:
-- 0a00000000000000e03f	03

-- case: integer overflow
print(pcall(string.pack, "i1", 128))
print(pcall(string.pack, "i1", -129))
print(pcall(string.pack, "I2", -1))
print(pcall(string.pack, "I1", 256))
print(pcall(string.pack, "i2", 1.5))
-- expect:
-- false	bad argument #2 to 'string.pack' (integer overflow)
-- false	bad argument #2 to 'string.pack' (integer overflow)
-- false	bad argument #2 to 'string.pack' (unsigned overflow)
-- false	bad argument #2 to 'string.pack' (unsigned overflow)
-- false	bad argument #2 to 'string.pack' (number has no integer representation)

-- case: integral size out of limits
print(pcall(string.pack, "i17", 1))
print(pcall(string.packsize, "I0"))
print(pcall(string.pack, "!17"))
print(pcall(string.pack, "s0", ""))
-- expect:
-- false	integral size (17) out of limits [1,16]
-- false	integral size (0) out of limits [1,16]
-- false	integral size (17) out of limits [1,16]
-- false	integral size (0) out of limits [1,16]

-- case: invalid options
print(pcall(string.pack, "y", 1))
print(pcall(string.pack, "c", "a"))
print(pcall(string.pack, "X"))
print(pcall(string.pack, "Xc1"))
print(pcall(string.pack, "!4 i3 Xi3"))
print(pcall(string.packsize, "Xz"))
-- expect:
-- false	invalid format option 'y'
-- false	missing size for format option 'c'
-- false	bad argument #1 to 'string.pack' (invalid next option for option 'X')
-- false	bad argument #1 to 'string.pack' (invalid next option for option 'X')
-- false	bad argument #1 to 'string.pack' (format asks for alignment not power of 2)
-- false	bad argument #1 to 'string.packsize' (invalid next option for option 'X')

-- case: string arguments that do not fit
print(pcall(string.pack, "c2", "abc"))
print(pcall(string.pack, "s1", string.rep("x", 256)))
print(pcall(string.pack, "z", "a\0b"))
print(pcall(string.pack, "i4"))
print(pcall(string.pack, "z", {}))
-- expect:
-- false	bad argument #2 to 'string.pack' (string longer than given size)
-- false	bad argument #2 to 'string.pack' (string length does not fit in given size)
-- false	bad argument #2 to 'string.pack' (string contains zeros)
-- false	bad argument #2 to 'string.pack' (number expected, got nil)
-- false	bad argument #2 to 'string.pack' (string expected, got table)

-- case: packsize refuses variable-length formats
print(pcall(string.packsize, "s"))
print(pcall(string.packsize, "z"))
print(pcall(string.packsize, "c2000000000 c200000000"))
print(string.packsize("c2000000000"), pcall(string.packsize, "c2147483647"))
-- expect:
-- false	bad argument #1 to 'string.packsize' (variable-length format)
-- false	bad argument #1 to 'string.packsize' (variable-length format)
-- false	bad argument #1 to 'string.packsize' (format result too large)
-- 2000000000	false	invalid format option '7'

-- case: unpack errors
print(pcall(string.unpack, "i4", "abc"))
print(pcall(string.unpack, "z", "abc"))
print(pcall(string.unpack, "s1", "\5ab"))
print(pcall(string.unpack, "b", "abc", 5))
print(pcall(string.unpack, "<i9", "\0\0\0\0\0\0\0\0\1"))
print(pcall(string.unpack, "<I9", "\255\255\255\255\255\255\255\255\0"))
-- expect:
-- false	bad argument #2 to 'string.unpack' (data string too short)
-- false	bad argument #2 to 'string.unpack' (unfinished string for format 'z')
-- false	bad argument #2 to 'string.unpack' (data string too short)
-- false	bad argument #3 to 'string.unpack' (initial position out of string)
-- false	9-byte integer does not fit into Lua Integer
-- true	-1	10

-- case: method call and uncaught error name the function
local fmt = "i1"
print(pcall(fmt.pack, fmt, 300))
string.unpack("i4", "ab")
-- expect:
-- false	bad argument #2 to 'string.pack' (integer overflow)
-- error: input:3: bad argument #2 to 'unpack' (data string too short)
