-- string.format: every directive with flags, width and precision, %q, %a, and its errors.

-- case: d and i
print(string.format("%d %i %d %d", 42, -7, 0, 3.0))
-- expect:
-- 42 -7 0 3

-- case: d with width and flags
print(string.format("[%5d] [%-5d] [%05d] [%+d] [% d] [%+5d] [%-+5d]", 42, 42, 42, 42, 42, -42, 7))
-- expect:
-- [   42] [42   ] [00042] [+42] [ 42] [  -42] [+7   ]

-- case: d with precision
print(string.format("[%.3d] [%5.3d] [%-6.2d] [%.0d]", 7, 7, 7, 0))
-- expect:
-- [007] [  007] [07    ] []

-- case: d with float argument without integer representation
print(string.format("%d", 3.5))
-- error: input:1: bad argument #2 to 'format' (number has no integer representation)

-- case: d with string argument
print(string.format("%d", "10"), string.format("%d", "0x10"))
-- expect:
-- 10	16

-- case: d with non numeric string
string.format("%d", "x")
-- error: input:1: bad argument #2 to 'format' (number expected, got string)

-- case: d with large integers
print(string.format("%d %d", math.maxinteger, math.mininteger))
-- expect:
-- 9223372036854775807 -9223372036854775808

-- case: u formats integers
print(string.format("%u %5u %u", 42, 7, -1))
-- expect:
-- 42     7 18446744073709551615

-- case: c
print(string.format("%c%c%c", 76, 117, 97), string.format("[%3c]", 65), string.format("[%-3c]", 65))
-- expect:
-- Lua	[  A]	[A  ]

-- case: x and X
print(string.format("%x %X %x %#x %#X", 255, 255, 0, 255, 255))
print(string.format("[%8x] [%-8X] [%08x] [%.4x]", 48879, 48879, 48879, 10))
-- expect:
-- ff FF 0 0xff 0XFF
-- [    beef] [BEEF    ] [0000beef] [000a]

-- case: x of negative numbers is two's complement
print(string.format("%x", -1), string.format("%X", -255), string.format("%x", math.mininteger))
-- expect:
-- ffffffffffffffff	FFFFFFFFFFFFFF01	8000000000000000

-- case: o
print(string.format("%o %o %#o %5o", 8, 0, 8, 64))
-- expect:
-- 10 0 010   100

-- case: e and E
print(string.format("%e %E %.2e %.0e %10.3e", 12345.678, 0.000123, 1.5, 1.5, -3.14159))
-- expect:
-- 1.234568e+04 1.230000E-04 1.50e+00 2e+00 -3.142e+00

-- case: f
print(string.format("%f %.2f %5.2f %-8.3f| %08.2f %+.1f %.0f %.0f", 3.14159, 3.14159, 3.14159, 2.5, -2.5, 1.25, 0.5, 1.5))
-- expect:
-- 3.141590 3.14  3.14 2.500   | -0002.50 +1.2 0 2

-- case: f of integers and big values
print(string.format("%.2f %f %.1f", 3, 1e15, 2 ^ 63))
-- expect:
-- 3.00 1000000000000000.000000 9223372036854775808.0

-- case: f of inf and nan
print(string.format("%f %f %.1f %5.1f", math.huge, -math.huge, 1 / 0, -1 / 0))
print(string.format("%f", 0 / 0):match("nan") ~= nil)
-- expect:
-- inf -inf inf  -inf
-- true

-- case: g and G
print(string.format("%g %g %g %g %g %G", 100, 1e20, 0.0001, 0.00001, 123456789, 1e-10))
print(string.format("%.3g %.10g %#g %g %g", 3.14159, 1 / 3, 1.0, 0.5, 100000))
-- expect:
-- 100 1e+20 0.0001 1e-05 1.23457e+08 1E-10
-- 3.14 0.3333333333 1.00000 0.5 100000

-- case: g of integers and special values
print(string.format("%g %g %g %g", 1, -0.0, math.huge, 2 ^ 63))
-- expect:
-- 1 -0 inf 9.22337e+18

-- case: a and A
print(string.format("%a %a %A %a", 1, 0.5, 255.5, -2))
print(string.format("%.3a %a", 1 / 3, 0.0))
-- expect:
-- 0x1p+0 0x1p-1 0X1.FFP+7 -0x1p+1
-- 0x1.555p-2 0x0p+0

-- case: s
print(string.format("%s %s %s %s %s", "str", 1, 1.5, true, nil))
print(string.format("[%10s] [%-10s] [%.2s] [%5.1s]", "right", "left", "truncate", "xyz"))
-- expect:
-- str 1 1.5 true nil
-- [     right] [left      ] [tr] [    x]

-- case: s with embedded zero
print(#string.format("%s", "a\0b"), string.format("%s|", "a\0b") == "a\0b|")
-- expect:
-- 3	true

-- case: s of tables uses tostring
print(string.format("%s", {}):match("^table: ") ~= nil)
-- expect:
-- true

-- case: percent literal
print(string.format("100%% %d%%", 50), string.format("%%"))
-- expect:
-- 100% 50%	%

-- case: q with strings
print(string.format("%q", 'he said "hi"\n\tand\\left'))
-- expect:
-- "he said \"hi\"\
-- \9and\\left"

-- case: q with control characters and zero
print(string.format("%q", "a\0b\1c\0271\r\127"))
-- expect:
-- "a\0b\1c\0271\13\127"

-- case: q with integers and floats
print(string.format("%q %q %q %q", 42, -7, 1.5, 0.1))
-- expect:
-- 42 -7 0x1.8p+0 0x1.999999999999ap-4

-- case: q with special numbers
print(string.format("%q %q %q %q", math.huge, -math.huge, math.mininteger, 2.0))
-- expect:
-- 1e9999 -1e9999 0x8000000000000000 0x1p+1

-- case: q with booleans and nil
print(string.format("%q %q %q", true, false, nil))
-- expect:
-- true false nil

-- case: q with a table errors
string.format("%q", {})
-- error: input:1: bad argument #2 to 'format' (value has no literal form)

-- case: q does not take modifiers
string.format("%10q", "x")
-- error: input:1: specifier '%q' cannot have modifiers

-- case: many arguments
print(string.format("%s-%s-%s-%s-%s-%s-%s-%s", 1, 2, 3, 4, 5, 6, 7, 8))
-- expect:
-- 1-2-3-4-5-6-7-8

-- case: missing argument
string.format("%d %d", 1)
-- error: input:1: bad argument #3 to 'format' (no value)

-- case: missing string argument
string.format("%s")
-- error: input:1: bad argument #2 to 'format' (no value)

-- case: extra arguments are ignored
print(string.format("%d", 1, 2, 3), string.format("plain", 1))
-- expect:
-- 1	plain

-- case: invalid conversion
string.format("%y", 1)
-- error: input:1: invalid conversion '%y' to 'format'

-- case: invalid conversion with flags
string.format("%-#5.2k", 1)
-- error: input:1: invalid conversion '%-#5.2k' to 'format'

-- case: width too long
string.format("%100d", 1)
-- error: input:1: invalid conversion specification: '%100d'

-- case: precision too long
print(pcall(string.format, "%.100f", 1))
-- expect:
-- false	invalid conversion specification: '%.100f'

-- case: width of 99 is allowed
print(#string.format("%99d", 1), #string.format("%.99f", 1))
-- expect:
-- 99	101

-- case: format with no directives
print(string.format("hello"), string.format(""))
-- expect:
-- hello	

-- case: format a non string format
print(string.format(123), string.format(1.5))
-- expect:
-- 123	1.5

-- case: format with nil format
string.format(nil)
-- error: input:1: bad argument #1 to 'format' (string expected, got nil)

-- case: c with zero byte
print(#string.format("%c", 0))
-- expect:
-- 1

-- case: x with float argument
print(string.format("%x", 255.0))
print(pcall(string.format, "%x", 1.5))
-- expect:
-- ff
-- false	bad argument #2 to 'string.format' (number has no integer representation)

-- case: i with width and zero padding of negatives
print(string.format("[%06d] [%-6d] [%6d]", -42, -42, -42))
-- expect:
-- [-00042] [-42   ] [   -42]

-- case: e of zero and negative zero
print(string.format("%e %e %g %g", 0, -0.0, 0, -0.0))
-- expect:
-- 0.000000e+00 -0.000000e+00 0 -0

-- case: f rounding
print(string.format("%.2f %.2f %.2f %.1f %.1f", 2.675, 1.005, 0.125, 0.05, 0.25))
-- expect:
-- 2.67 1.00 0.12 0.1 0.2

-- case: g precision zero
print(string.format("%.0g %.1g %.2g", 123.456, 123.456, 123.456))
-- expect:
-- 1e+02 1e+02 1.2e+02

-- case: s precision with numbers
print(string.format("%.3s", 123456), string.format("%5s|", 1.5))
-- expect:
-- 123	  1.5|

-- case: format method on a string
print(("%d items at %.2f"):format(3, 9.5))
-- expect:
-- 3 items at 9.50

-- case: format with string coerced to float
print(string.format("%.1f", "2.25"), string.format("%g", "1e3"))
-- expect:
-- 2.2	1000

-- case: format f with string that is not a number
string.format("%f", "abc")
-- error: input:1: bad argument #2 to 'format' (number expected, got string)

-- case: d with hash flag is invalid
print(pcall(string.format, "%#d", 1))
-- expect:
-- false	invalid conversion specification: '%#d'

-- case: space and plus flags on floats
print(string.format("[% f] [%+f] [% .2e] [%+g]", 1.5, 1.5, 150, 2))
-- expect:
-- [ 1.500000] [+1.500000] [ 1.50e+02] [+2]

-- case: zero flag with left justify is ignored
print(string.format("[%-05d] [%-08.3f]", 7, 1.5))
-- expect:
-- [7    ] [1.500   ]
