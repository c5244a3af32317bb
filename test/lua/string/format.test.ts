// string.format: every directive with flags, width and precision, %q, %a, and Lua's errors,
// against expectations recorded from real Lua 5.4 on glibc (see generate.mjs).

import { describe, expect, it } from "vitest"
import { HostStop } from "../../../worker/engine-host.js"
import { LuaTable, type LuaFunction } from "../../../worker/lua/runtime/value.js"
import { openString } from "../../../worker/lua/stdlib/string.js"
import { luaCases, makeState, runCase } from "./helpers.js"

const integerCases = luaCases(String.raw`
-- %d %i
string.format("%d", 42)                       --> "42"
string.format("%d", -42)                      --> "-42"
string.format("%d", 0)                        --> "0"
string.format("%i", 7)                        --> "7"
string.format("%d", 3.0)                      --> "3"
string.format("%d", -0.0)                     --> "0"
string.format("%d", "10")                     --> "10"
string.format("%d", "0x10")                   --> "16"
string.format("%d", " 12 ")                   --> "12"
string.format("%d", math.maxinteger)          --> "9223372036854775807"
string.format("%d", math.mininteger)          --> "-9223372036854775808"
string.format("%d", 9007199254740993)         --> "9007199254740993"
string.format("%d", 2^53)                     --> "9007199254740992"
string.format("%d", 2^63)                     --> error: bad argument #2 to 'format' (number has no integer representation)
string.format("%d", 3.5)                      --> error: bad argument #2 to 'format' (number has no integer representation)
string.format("%d", "3.5")                    --> error: bad argument #2 to 'format' (number has no integer representation)
string.format("%d", "x")                      --> error: bad argument #2 to 'format' (number expected, got string)
string.format("%d", nil)                      --> error: bad argument #2 to 'format' (number expected, got nil)
string.format("%d", {})                       --> error: bad argument #2 to 'format' (number expected, got table)
string.format("%d", 1/0)                      --> error: bad argument #2 to 'format' (number has no integer representation)
string.format("%d")                           --> error: bad argument #2 to 'format' (no value)
string.format("[%5d]", 42)                    --> "[   42]"
string.format("[%-5d]", 42)                   --> "[42   ]"
string.format("[%05d]", 42)                   --> "[00042]"
string.format("[%05d]", -42)                  --> "[-0042]"
string.format("[%+d]", 42)                    --> "[+42]"
string.format("[%+d]", -42)                   --> "[-42]"
string.format("[% d]", 42)                    --> "[ 42]"
string.format("[% +d]", 42)                   --> "[+42]"
string.format("[%+5d]", 42)                   --> "[  +42]"
string.format("[%-+5d]", 7)                   --> "[+7   ]"
string.format("[%-05d]", 7)                   --> "[7    ]"
string.format("[%0-5d]", 7)                   --> "[7    ]"
string.format("[%.3d]", 7)                    --> "[007]"
string.format("[%.3d]", -7)                   --> "[-007]"
string.format("[%5.3d]", 7)                   --> "[  007]"
string.format("[%-6.2d]", 7)                  --> "[07    ]"
string.format("[%05.3d]", 7)                  --> "[  007]"
string.format("[%.0d]", 0)                    --> "[]"
string.format("[%+.0d]", 0)                   --> "[+]"
string.format("[%5.0d]", 0)                   --> "[     ]"
string.format("[%.d]", 5)                     --> "[5]"
string.format("[%5.d]", 5)                    --> "[    5]"
string.format("[%99d]", 1)                    --> "[                                                                                                  1]"
string.format("[%.99d]", 1)                   --> "[000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001]"
string.format("[%#d]", 1)                     --> error: invalid conversion specification: '%#d'
string.format("[%100d]", 1)                   --> error: invalid conversion specification: '%100d'
string.format("[%.100d]", 1)                  --> error: invalid conversion specification: '%.100d'
string.format("[%0100d]", 1)                  --> error: invalid conversion specification: '%0100d'
string.format("[%1.5.3d]", 1)                 --> error: invalid conversion specification: '%1.5.3d'
string.format("[%-+ 0-+ 0-+ 0-+ 0-+ 0d]", 1)  --> "[+1]"
string.format("[%-+ 0-+ 0-+ 0-+ 0-+ 0-d]", 1) --> error: invalid format (too long)

-- %u %o %x %X
string.format("%u %u", 42, -1)                --> "42 18446744073709551615"
string.format("[%5u] [%-5u] [%05u]", 7, 7, 7) --> "[    7] [7    ] [00007]"
string.format("%+u", 1)                       --> error: invalid conversion specification: '%+u'
string.format("% u", 1)                       --> error: invalid conversion specification: '% u'
string.format("%#u", 1)                       --> error: invalid conversion specification: '%#u'
string.format("%o %o %o", 8, 0, -1)           --> "10 0 1777777777777777777777"
string.format("%#o %#o %#.0o %#.3o", 8, 0, 0, 8) --> "010 0 0 010"
string.format("%x %X %x", 255, 255, 0)        --> "ff FF 0"
string.format("%x %X", -1, math.mininteger)   --> "ffffffffffffffff 8000000000000000"
string.format("%x", math.maxinteger)          --> "7fffffffffffffff"
string.format("%#x %#X %#x", 255, 255, 0)     --> "0xff 0XFF 0"
string.format("[%8x] [%-8X] [%08x] [%.4x]", 48879, 48879, 48879, 10) --> "[    beef] [BEEF    ] [0000beef] [000a]"
string.format("[%#08x] [%#-8x] [%#.4x] [%#10.4X]", 255, 255, 255, 255) --> "[0x0000ff] [0xff    ] [0x00ff] [    0X00FF]"
string.format("[%.0x] [%#.0x]", 0, 0)         --> "[] []"
string.format("%x", 3.0)                      --> "3"
string.format("%x", 3.5)                      --> error: bad argument #2 to 'format' (number has no integer representation)
string.format("%+x", 1)                       --> error: invalid conversion specification: '%+x'
string.format("% x", 1)                       --> error: invalid conversion specification: '% x'
string.format("%x", 2^63)                     --> error: bad argument #2 to 'format' (number has no integer representation)
string.format("%X", 9007199254740993)         --> "20000000000001"

-- %c
string.format("%c%c%c", 76, 117, 97)          --> "Lua"
string.format("[%3c] [%-3c]", 65, 65)         --> "[  A] [A  ]"
string.format("%c", 0)                        --> "\000"
string.format("%c", 256 + 65)                 --> "A"
string.format("%c", -191)                     --> "A"
string.format("%c", 65.0)                     --> "A"
string.format("%c", 65.5)                     --> error: bad argument #2 to 'format' (number has no integer representation)
string.format("%05c", 65)                     --> error: invalid conversion specification: '%05c'
string.format("%.1c", 65)                     --> error: invalid conversion specification: '%.1c'
string.format("%c", "x")                      --> error: bad argument #2 to 'format' (number expected, got string)
`)

const floatCases = luaCases(String.raw`
-- %f %F
string.format("%f", 3.14159)                  --> "3.141590"
string.format("%f", 1)                        --> "1.000000"
string.format("%f", -0.0)                     --> "-0.000000"
string.format("%.0f %.0f %.0f %.0f", 0.5, 1.5, 2.5, 3.5) --> "0 2 2 4"
string.format("%.0f %.0f", -0.5, -1.5)        --> "-0 -2"
string.format("%.1f %.1f %.1f", 0.25, 0.35, 0.05) --> "0.2 0.3 0.1"
string.format("%.2f %.2f %.2f", 1.005, 1.125, 1.375) --> "1.00 1.12 1.38"
string.format("%.3f", 123.4565)               --> "123.457"
string.format("%.3f", 2.0005)                 --> "2.001"
string.format("%5.1f|%-8.2f|%08.3f", 3.14159, 3.14159, -3.14159) --> "  3.1|3.14    |-003.142"
string.format("% .3f %+.3f %+08.2f", 3.14159, 3.14159, -3.14159) --> " 3.142 +3.142 -0003.14"
string.format("%#.0f %.0f", 3.0, 3.0)         --> "3. 3"
string.format("%f", 1e21)                     --> "1000000000000000000000.000000"
string.format("%.1f", 2^70)                   --> "1180591620717411303424.0"
string.format("%.0f", 1e300)                  --> "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160"
string.format("%f", 5e-324)                   --> "0.000000"
string.format("%.20f", 0.1)                   --> "0.10000000000000000555"
string.format("%.30f", 1/3)                   --> "0.333333333333333314829616256247"
string.format("%.99f", 1)                     --> "1.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
string.format("%F", 1.5)                      --> error: invalid conversion '%F' to 'format'
string.format("%p %p %5p|%-7p|", 1, nil, true, 2.5) --> "(null) (null) (null)|(null) |"
string.format("%.3p", 1)                      --> error: invalid conversion specification: '%.3p'
string.format("%05p", 1)                      --> error: invalid conversion specification: '%05p'
string.format("%f %f %f", 1/0, -1/0, 0/0)     --> "inf -inf -nan"
string.format("%F %F", 1/0, -(0/0))           --> error: invalid conversion '%F' to 'format'
string.format("[%5.1f] [%-6f] [%06f] [%+f]", 1/0, -1/0, 1/0, 1/0) --> "[  inf] [-inf  ] [   inf] [+inf]"
string.format("%f", "1.5")                    --> "1.500000"
string.format("%f", "x")                      --> error: bad argument #2 to 'format' (number expected, got string)
string.format("%f", math.maxinteger)          --> "9223372036854775808.000000"
string.format("%.3f", 42)                     --> "42.000"

-- %e %E
string.format("%e", 12345.6789)               --> "1.234568e+04"
string.format("%E", 0.000123)                 --> "1.230000E-04"
string.format("%.3e", 0)                      --> "0.000e+00"
string.format("%e", -0.0)                     --> "-0.000000e+00"
string.format("[%10.2e]|[%-12.3E]", -1.5, 1e-300) --> "[ -1.50e+00]|[1.000E-300  ]"
string.format("%.0e %.0e %.0e %.0e", 2.5, 25, 9.5, 0.15) --> "2e+00 2e+01 1e+01 1e-01"
string.format("%.1e %.1e", 1.25, 1.35)        --> "1.2e+00 1.4e+00"
string.format("%#.0e %+e % e", 3.0, 1, 1)     --> "3.e+00 +1.000000e+00  1.000000e+00"
string.format("%e %e", 1e100, 1e-100)         --> "1.000000e+100 1.000000e-100"
string.format("%e", 5e-324)                   --> "4.940656e-324"
string.format("%.30e", 1/3)                   --> "3.333333333333333148296162562474e-01"
string.format("%e", 1.7976931348623157e308)   --> "1.797693e+308"
string.format("%012.3e", -12.5)               --> "-001.250e+01"
string.format("%e %E", 1/0, 0/0)              --> "inf -NAN"

-- %g %G
string.format("%g %g %g", 0.0001, 0.00001, 123456) --> "0.0001 1e-05 123456"
string.format("%g %g %g", 1234567, 1e100, -0.0) --> "1.23457e+06 1e+100 -0"
string.format("%g %g %g", 100, 0.1, 1/3)      --> "100 0.1 0.333333"
string.format("%G %G", 1e-10, 1e20)           --> "1E-10 1E+20"
string.format("%.3g %.3g %.3g", 1234, 0.0001234, 99.95) --> "1.23e+03 0.000123 100"
string.format("%.0g %.1g %.2g", 123, 123, 123) --> "1e+02 1e+02 1.2e+02"
string.format("%#g %#.3g %#g", 1.0, 100, 0)   --> "1.00000 100. 0.00000"
string.format("%.17g %.17g", 0.1, 1/3)        --> "0.10000000000000001 0.33333333333333331"
string.format("%.14g %.14g %.14g", 100, 1e15, 2^63) --> "100 1e+15 9.2233720368548e+18"
string.format("[%10.3g] [%-10g] [%010g] [%+g]", 3.14159, 2.5, -2.5, 2.5) --> "[      3.14] [2.5       ] [-0000002.5] [+2.5]"
string.format("%g %g", 0.5, 2.5)              --> "0.5 2.5"
string.format("%.1g %.1g %.1g", 0.25, 0.35, 0.45) --> "0.2 0.3 0.5"
string.format("%.2g", 9.95)                   --> "9.9"
string.format("%g", 5e-324)                   --> "4.94066e-324"
string.format("%g %G", -1/0, 0/0)             --> "-inf -NAN"

-- %a %A
string.format("%a %a %a", 1, 3, 0.1)          --> "0x1p+0 0x1.8p+1 0x1.999999999999ap-4"
string.format("%a %a %a", 0.0, -0.0, 0.5)     --> "0x0p+0 -0x0p+0 0x1p-1"
string.format("%A %A", 255.5, 3)              --> "0X1.FFP+7 0X1.8P+1"
string.format("%a %a", 1e300, 2^-1022)        --> "0x1.7e43c8800759cp+996 0x1p-1022"
string.format("%a %a", 5e-324, 2^-1074 * 3)   --> "0x0.0000000000001p-1022 0x0.0000000000003p-1022"
string.format("%.0a %.0a %.0a %.0a", 1.5, 2.5, 3.5, 1.25) --> "0x2p+0 0x1p+1 0x2p+1 0x1p+0"
string.format("%.1a %.1a %.1a", 1.03125, 1.09375, 1.96875) --> "0x1.0p+0 0x1.2p+0 0x2.0p+0"
string.format("%.3a %.13a %.14a", 1/3, 1/3, 1/3) --> "0x1.555p-2 0x1.5555555555555p-2 0x1.55555555555550p-2"
string.format("[%10a] [%-12a] [%012a] [%+a] [% a]", 1, 1, 1, 1, 1) --> "[    0x1p+0] [0x1p+0      ] [0x0000001p+0] [+0x1p+0] [ 0x1p+0]"
string.format("%#a %#.0a %#A", 1, 1, 2)       --> "0x1.p+0 0x1.p+0 0X1.P+1"
string.format("%.1A", 0.1)                    --> "0X1.AP-4"
string.format("%a %A", 1/0, -1/0)             --> "inf -INF"
string.format("%a", 0/0)                      --> "-nan"
string.format("%a", "x")                      --> error: bad argument #2 to 'format' (number expected, got string)
string.format("%.2a", 5e-324)                 --> "0x0.00p-1022"
string.format("%.0a", 2^-1074 * 3)            --> "0x0p-1022"
`)

const stringCases = luaCases(String.raw`
-- %s
string.format("%s %s %s", "a", 1, 2.0)        --> "a 1 2.0"
string.format("%s %s %s", true, false, nil)   --> "true false nil"
string.format("%s", 1e15)                     --> "1e+15"
string.format("%s", 2^63)                     --> "9.2233720368548e+18"
string.format("%s", -0.0)                     --> "-0.0"
string.format("%s", math.mininteger)          --> "-9223372036854775808"
string.format("%s", 1/0)                      --> "inf"
string.format("[%10s] [%-10s] [%.2s] [%5.1s]", "abc", "abc", "abc", "abc") --> "[       abc] [abc       ] [ab] [    a]"
string.format("%.3s", 1.2345)                 --> "1.2"
string.format("%.0s|", "abc")                 --> "|"
string.format("%s", "a\0b")                   --> "a\000b"
string.format("%5s", "a\0b")                  --> error: bad argument #2 to 'format' (string contains zeros)
string.format("%.5s", "a\0b")                 --> error: bad argument #2 to 'format' (string contains zeros)
string.format("%05s", "x")                    --> error: invalid conversion specification: '%05s'
string.format("%#s", "x")                     --> error: invalid conversion specification: '%#s'
string.format("%5s|", string.rep("x", 120))   --> "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx|"
string.format("%.3s|", string.rep("x", 120))  --> "xxx|"
string.format("%-3s|", string.rep("y", 100))  --> "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy|"
string.format("%s")                           --> error: bad argument #2 to 'format' (no value)

-- %q
string.format("%q", "hello")                  --> "\"hello\""
string.format("%q", "a\nb")                   --> "\"a\\\010b\""
string.format("%q", "tab\there")              --> "\"tab\\9here\""
string.format("%q", "\0")                     --> "\"\\0\""
string.format("%q", "\0001")                  --> "\"\\0001\""
string.format("%q", "\r\n\t\0011\1271\2001")  --> "\"\\13\\\010\\9\\0011\\1271\2001\""
string.format("%q", "quote\" back\\ slash")   --> "\"quote\\\" back\\\\ slash\""
string.format("%q", "\1\0319\127x\255")       --> "\"\\1\\0319\\127x\255\""
string.format("%q", 255)                      --> "255"
string.format("%q", -3)                       --> "-3"
string.format("%q", math.mininteger)          --> "0x8000000000000000"
string.format("%q", math.maxinteger)          --> "9223372036854775807"
string.format("%q", 1.0)                      --> "0x1p+0"
string.format("%q", 0.5)                      --> "0x1p-1"
string.format("%q", -0.0)                     --> "-0x0p+0"
string.format("%q", 0.1)                      --> "0x1.999999999999ap-4"
string.format("%q", 2^63)                     --> "0x1p+63"
string.format("%q", 1e100)                    --> "0x1.249ad2594c37dp+332"
string.format("%q", 1/0)                      --> "1e9999"
string.format("%q", -1/0)                     --> "-1e9999"
string.format("%q", 0/0)                      --> "(0/0)"
string.format("%q %q %q", true, false, nil)   --> "true false nil"
string.format("%q", {})                       --> error: bad argument #2 to 'format' (value has no literal form)
string.format("%q", upper)                    --> error: bad argument #2 to 'format' (value has no literal form)
string.format("%5q", "x")                     --> error: specifier '%q' cannot have modifiers
string.format("%-q", "x")                     --> error: specifier '%q' cannot have modifiers
string.format("%q")                           --> error: bad argument #2 to 'format' (no value)

-- the format string itself
string.format("")                             --> ""
string.format("plain text")                   --> "plain text"
string.format("%%")                           --> "%"
string.format("a%%b%%")                       --> "a%b%"
string.format("100%% of %d", 5)               --> "100% of 5"
string.format("%d%%", 5)                      --> "5%"
string.format("%")                            --> error: bad argument #2 to 'format' (no value)
string.format("%", 1)                         --> error: invalid conversion '%' to 'format'
string.format("abc%", 1)                      --> error: invalid conversion '%' to 'format'
string.format("%5", 1)                        --> error: invalid conversion '%5' to 'format'
string.format("%5%", 1)                       --> error: invalid conversion '%5%' to 'format'
string.format("%5%")                          --> error: bad argument #2 to 'format' (no value)
string.format("%y", 1)                        --> error: invalid conversion '%y' to 'format'
string.format("%10.3y", 1)                    --> error: invalid conversion '%10.3y' to 'format'
string.format("%p", 1)                        --> "(null)"
string.format("%ld", 1)                       --> error: invalid conversion '%l' to 'format'
string.format("%d %d", 1)                     --> error: bad argument #3 to 'format' (no value)
string.format("%d %y", "x")                   --> error: bad argument #2 to 'format' (number expected, got string)
string.format("%d %s", 1, "a", "extra")       --> "1 a"
string.format("a\0b%d", 1)                    --> "a\000b1"
string.format("%\0d", 1)                      --> error: invalid conversion '%' to 'format'
string.format(12)                             --> "12"
string.format(1.5)                            --> "1.5"
string.format()                               --> error: bad argument #1 to 'format' (string expected, got no value)
string.format({})                             --> error: bad argument #1 to 'format' (string expected, got table)
string.format("%5.2s|%.0s|%-5c|%5c", "abc", "abc", 65, 66) --> "   ab||A    |    B"
string.format("%s=%d (%5.2f%%)", "x", 3, 42.125) --> "x=3 (42.12%)"
`)

// Generated once from a seeded generator: dyadic values (exact ties), values with few digits, and
// random doubles across the whole exponent range, through every float conversion and flags.
const randomFloatCases = luaCases(String.raw`
string.format("%-12.1E", 6794.61)              --> "6.8E+03     "
string.format("% .0G", 8.2753455638885495e+142) --> " 8E+142"
string.format("%.17g", 467.5e-2)               --> "4.6749999999999998"
string.format("%015.17G", -14.875)             --> "-0000000014.875"
string.format("%.2G", 41872441768646.242)      --> "4.2E+13"
string.format("%015.2g", 15.4599609375)        --> "000000000000015"
string.format("%+.2e", 4675.34)                --> "+4.68e+03"
string.format("%+.1G", 8189.36)                --> "+8E+03"
string.format("%015.3e", 1.1106669902801514e+52) --> "0000001.111e+52"
string.format("%#.10f", 2.5414144992828367e-72) --> "0.0000000000"
string.format("% .2g", -4.7720563411712651e-11) --> "-4.8e-11"
string.format("%.10f", 27.3994140625)          --> "27.3994140625"
string.format("%015.0g", 382412672042.84668)   --> "00000000004e+11"
string.format("%.10E", 897.5e0)                --> "8.9750000000E+02"
string.format("%+.1E", 2015.39)                --> "+2.0E+03"
string.format("%-12.20E", 69.875)              --> "6.98750000000000000000E+01"
string.format("%015.2E", 2.8267788887023922e+174) --> "0000002.83E+174"
string.format("%.3a", 1346.5e2)                --> "0x1.070p+17"
string.format("%.10E", 874.56)                 --> "8.7456000000E+02"
string.format("%015.3e", 84.06640625)          --> "0000008.407e+01"
string.format("%#.17e", -4.9105036258697509e-9) --> "-4.91050362586975091e-09"
string.format("%015.17G", 5915.43)             --> "5915.4300000000003"
string.format("%.1a", 51.6064453125)           --> "0x1.ap+5"
string.format("%-12.10E", 1557307243347168.0)  --> "1.5573072433E+15"
string.format("%+.0G", 66.05078125)            --> "+7E+01"
string.format("%-12.1g", -1.2361025810241698e-12) --> "-1e-12      "
string.format("%+.0e", 7005.95)                --> "+7e+03"
string.format("%015.17E", 46.6474609375)       --> "4.66474609375000000E+01"
string.format("% .0g", -4920.5017089843750)    --> "-5e+03"
string.format("%g", -188.25)                   --> "-188.25"
string.format("%-12.10G", -0.0028134405612945559) --> "-0.002813440561"
string.format("%.1a", 3558.45)                 --> "0x1.cp+11"
string.format("%.1a", 1948.5e-2)               --> "0x1.3p+4"
string.format("%015.1G", 51.2080078125)        --> "00000000005E+01"
string.format("%-12.3G", 2.7168893814086914e-220) --> "2.72E-220   "
string.format("%G", -3.6964416503906246e-8)    --> "-3.69644E-08"
string.format("%-12.5G", -0.000066173553466796880) --> "-6.6174E-05 "
string.format("% .1E", 6148.52)                --> " 6.1E+03"
string.format("%.17g", -48.375)                --> "-48.375"
string.format("% .20g", -42.25)                --> "-42.25"
string.format("% .0g", 93.1875)                --> " 9e+01"
string.format("%015.20G", 169306993484497.06)  --> "169306993484497.0625"
string.format("%-12.17e", 1119.5e-3)           --> "1.11949999999999994e+00"
string.format("%.10a", 576.5e1)                --> "0x1.6850000000p+12"
string.format("%+.20G", 2019.13)               --> "+2019.1300000000001091"
string.format("% .1f", 2.6934480667114258e-108) --> " 0.0"
string.format("%-12.10a", 1.9884157180786132e+196) --> "0x1.1063a68bbbp+652"
string.format("%.10G", -207.5)                 --> "-207.5"
string.format("%+.2e", -4.3740439414978028e-8) --> "-4.37e-08"
string.format("%.20E", -124)                   --> "-1.24000000000000000000E+02"
string.format("%-12.3G", 230.5e1)              --> "2.3E+03     "
string.format("%-12.5g", 11.45703125)          --> "11.457      "
string.format("%015.3E", -4.5634818077087401e+18) --> "-000004.563E+18"
string.format("%.17G", 65.4248046875)          --> "65.4248046875"
string.format("%+.2a", 6743.12)                --> "+0x1.a5p+12"
string.format("%+.10g", 1402.5e1)              --> "+14025"
string.format("%.1e", 176.625)                 --> "1.8e+02"
string.format("%.1g", 240.25)                  --> "2e+02"
string.format("% .5G", 7.2127723693847659e+198) --> " 7.2128E+198"
string.format("%-12.5a", 147)                  --> "0x1.26000p+7"
string.format("%+.10g", 4642.38)               --> "+4642.38"
string.format("%.10f", 246.375)                --> "246.3750000000"
string.format("%.3g", 4388.53)                 --> "4.39e+03"
string.format("%015.20E", 3.7992954254150390e-169) --> "3.79929542541503896189E-169"
string.format("%G", 4137.72)                   --> "4137.72"
string.format("%.5a", -207.5)                  --> "-0x1.9f000p+7"
string.format("%-12.5E", -111.375)             --> "-1.11375E+02"
string.format("%e", -108.375)                  --> "-1.083750e+02"
string.format("%+a", 535.96)                   --> "+0x1.0bfae147ae148p+9"
string.format("%#.10G", -182.125)              --> "-182.1250000"
string.format("%015.10e", 433.5e-1)            --> "4.3350000000e+01"
string.format("%.10e", 30.5126953125)          --> "3.0512695312e+01"
string.format("%#.2g", -227.625)               --> "-2.3e+02"
string.format("%+a", 8048.13)                  --> "+0x1.f702147ae147bp+12"
string.format("%e", 7830.26)                   --> "7.830260e+03"
string.format("%#.20g", -70.625)               --> "-70.625000000000000000"
string.format("%+.3E", 1.4692127704620361)     --> "+1.469E+00"
string.format("% .5f", 8.7027692794799815e-84) --> " 0.00000"
string.format("%+.0g", 46.0361328125)          --> "+5e+01"
string.format("%#.3G", 9.6284472942352300e-9)  --> "9.63E-09"
string.format("%015.2g", 1833.5e2)             --> "000000001.8e+05"
string.format("%-12.0a", 2.9211592674255373e-21) --> "0x2p-69     "
string.format("%.17f", -178.75)                --> "-178.75000000000000000"
string.format("%.0G", 2.9851436614990236e+237) --> "3E+237"
string.format("%#.20e", 41.94140625)           --> "4.19414062500000000000e+01"
string.format("%015.2e", 241174.34024810791)   --> "00000002.41e+05"
string.format("%015.20G", 72.3154296875)       --> "0072.3154296875"
string.format("%.5f", -4.6864461898803712e+17) --> "-468644618988037120.00000"
string.format("%015.17E", 241.30237102508545)  --> "2.41302371025085449E+02"
string.format("%.20f", -61.75)                 --> "-61.75000000000000000000"
string.format("%#g", 7188069820.4040527)       --> "7.18807e+09"
string.format("%015E", 49.125)                 --> "0004.912500E+01"
string.format("%#.2f", -181.875)               --> "-181.88"
string.format("%-12.20e", 4184.21)             --> "4.18421000000000003638e+03"
string.format("%015a", -6.0230135917663573e-10) --> "-0x1.4b1e6169fd49cp-31"
string.format("%#.20G", 370.5e0)               --> "370.50000000000000000"
string.format("%.3g", 30.548828125)            --> "30.5"
string.format("%.1a", 1605.5e2)                --> "0x1.4p+17"
string.format("%.17E", 1.0504209995269774e+97) --> "1.05042099952697744E+97"
string.format("%+.0G", 3889.1685009002686)     --> "+4E+03"
string.format("%.17e", 6650.77)                --> "6.65077000000000044e+03"
string.format("%.10a", 9979.04)                --> "0x1.37d851eb85p+13"
string.format("%.1G", -151.875)                --> "-2E+02"
string.format("%#.20g", 2.2616589069366457e-134) --> "2.2616589069366456937e-134"
string.format("%#.5E", -8.7459087371826174e-12) --> "-8.74591E-12"
string.format("%015.20e", 11.556640625)        --> "1.15566406250000000000e+01"
string.format("%+.17G", 9.4407796859741211e-119) --> "+9.4407796859741211E-119"
string.format("% .20g", 1.7289590835571289e+100) --> " 1.7289590835571289323e+100"
string.format("% .3g", 9247.87)                --> " 9.25e+03"
string.format("%.20f", 1569.5e2)               --> "156950.00000000000000000000"
string.format("%#.2E", 6352.1)                 --> "6.35E+03"
string.format("%.10G", 2.0028758049011232e+17) --> "2.002875805E+17"
string.format("%#.2E", 8985.5)                 --> "8.99E+03"
string.format("%.3G", 6368.22)                 --> "6.37E+03"
string.format("%.3g", 9.1068422794342038e+248) --> "9.11e+248"
string.format("%015.17e", -113.75)             --> "-1.13750000000000000e+02"
string.format("%#.5E", 12.375)                 --> "1.23750E+01"
string.format("%.2g", 1849.5e-3)               --> "1.8"
string.format("%.17G", 1873.5e1)               --> "18735"
string.format("%#.1G", -0.000014190435409545896) --> "-1.E-05"
string.format("% .0a", 86.5966796875)          --> " 0x1p+6"
string.format("%015.3G", 1933.5e2)             --> "00000001.93E+05"
string.format("%.1g", -182.625)                --> "-2e+02"
string.format("%015.1G", 1.5986788272857667e-10) --> "00000000002E-10"
string.format("% .5G", 62.283203125)           --> " 62.283"
string.format("%.1g", 7175.19)                 --> "7e+03"
string.format("% .2G", 8765.22)                --> " 8.8E+03"
string.format("% .3G", 7.6126837730407718e+233) --> " 7.61E+233"
string.format("%+f", -4.6029198169708252)      --> "-4.602920"
string.format("%015.0e", 82.5283203125)        --> "00000000008e+01"
string.format("%#.3f", -51.25)                 --> "-51.250"
string.format("%G", -0.24275755882263184)      --> "-0.242758"
string.format("%.3G", 57.7421875)              --> "57.7"
string.format("%#.3E", 28.8212890625)          --> "2.882E+01"
string.format("%.17E", 1873.5e0)               --> "1.87350000000000000E+03"
string.format("%+E", 208.125)                  --> "+2.081250E+02"
string.format("%.1f", 122.65)                  --> "122.7"
string.format("%.10e", 1557.5e-2)              --> "1.5575000000e+01"
string.format("%.20G", 9.1801762580871583e-21) --> "9.1801762580871582824E-21"
string.format("%015.3E", 1.3528549671173095e-272) --> "000001.353E-272"
string.format("%.17g", 1445.5e1)               --> "14455"
string.format("% .10E", 64.5e0)                --> " 6.4500000000E+01"
string.format("%f", -289582133.29315186)       --> "-289582133.293152"
string.format("%f", 36.625)                    --> "36.625000"
string.format("%015.10g", 1.8081784248352050e-12) --> "1.808178425e-12"
string.format("%.10f", 10.8291015625)          --> "10.8291015625"
string.format("%.20G", -237.75)                --> "-237.75"
string.format("%+.20e", 41.357421875)          --> "+4.13574218750000000000e+01"
string.format("%#.17E", 3977.99)               --> "3.97798999999999978E+03"
string.format("%.1E", -3.0614972114562989e-21) --> "-3.1E-21"
string.format("%.20G", 1956.5e-1)              --> "195.65000000000000568"
string.format("%.10e", 757.5e0)                --> "7.5750000000e+02"
string.format("%015.5e", 17.0478515625)        --> "00001.70479e+01"
string.format("%#.3f", 7899.32)                --> "7899.320"
string.format("%.1a", 136.5)                   --> "0x1.1p+7"
string.format("%-12.17a", 64.216796875)        --> "0x1.00de0000000000000p+6"
string.format("%-12.10g", 46.125)              --> "46.125      "
string.format("%#.5G", 2861.06)                --> "2861.1"
string.format("%.0e", 1.2387037277221681e+153) --> "1e+153"
string.format("%-12.20E", -4.7856819629669188e-17) --> "-4.78568196296691884269E-17"
string.format("%.0e", 822.5e-1)                --> "8e+01"
string.format("%-12.1G", 366.5e-3)             --> "0.4         "
string.format("%.3e", 2288.26)                 --> "2.288e+03"
string.format("%a", 6507.28)                   --> "0x1.96b47ae147ae1p+12"
string.format("% .1g", 9.7071075439453130e+274) --> " 1e+275"
string.format("%015.20E", 7.8635025024414071e-269) --> "7.86350250244140713568E-269"
string.format("%-12.1E", 35.25)                --> "3.5E+01     "
string.format("%.20e", 1240.5e1)               --> "1.24050000000000000000e+04"
string.format("%#.20a", -1222.9430675506592)   --> "-0x1.31bc5b38000000000000p+10"
string.format("%015.20E", -0.0000031188189983367915) --> "-3.11881899833679151243E-06"
string.format("%015E", 94.5810546875)          --> "0009.458105E+01"
string.format("%.5a", 9.3880999088287342e-243) --> "0x1.0068dp-804"
string.format("%-12.5E", -0.039886951446533203) --> "-3.98870E-02"
string.format("%f", 1908.98)                   --> "1908.980000"
string.format("%-12.3E", 957.5e1)              --> "9.575E+03   "
string.format("%-12E", 4.4330513477325437e-56) --> "4.433051E-56"
string.format("%+.5a", 106.5e-2)               --> "+0x1.10a3dp+0"
string.format("%+.17g", 51.875)                --> "+51.875"
string.format("% .5f", 4886.36)                --> " 4886.36000"
string.format("%015.1e", 53262460231.781006)   --> "000000005.3e+10"
string.format("%015.5g", 1108.5e-1)            --> "000000000110.85"
string.format("%#.20f", 92.322265625)          --> "92.32226562500000000000"
string.format("%#.0E", 5.5587577819824216e+39) --> "6.E+39"
string.format("%015.3e", 1575.5e-1)            --> "0000001.576e+02"
string.format("%.10E", 10.6767578125)          --> "1.0676757812E+01"
string.format("%+.20g", 0.1845703125)          --> "+0.1845703125"
string.format("%.1a", 6379.53)                 --> "0x1.9p+12"
string.format("%+.20G", 22.375)                --> "+22.375"
string.format("%-12.5a", -31995737552642.820)  --> "-0x1.d1997p+44"
string.format("%-12.5g", 10.54296875)          --> "10.543      "
string.format("%015.1f", 3.6178457736968992e-20) --> "0000000000000.0"
string.format("%#.2a", 10.375)                 --> "0x1.4cp+3"
string.format("%.2f", 45.75)                   --> "45.75"
string.format("%.10a", 8.3024740219116203e+24) --> "0x1.b787813062p+82"
string.format("%015.1a", 7.4441075325012208e-17) --> "0x0000001.5p-54"
string.format("%.1e", 11845576763153076)       --> "1.2e+16"
string.format("% .20e", 4330.43)               --> " 4.33043000000000029104e+03"
string.format("%+.10e", 1758.5e0)              --> "+1.7585000000e+03"
string.format("%.2G", -31.25)                  --> "-31"
string.format("%015.1G", 499.39)               --> "00000000005E+02"
string.format("%015.3E", 5530.78)              --> "0000005.531E+03"
string.format("%.2f", 1.4996373653411866e+17)  --> "149963736534118656.00"
string.format("%#.2E", -1.0098898410797118e+17) --> "-1.01E+17"
string.format("%+.2G", 43.240234375)           --> "+43"
string.format("% .17f", 31.125)                --> " 31.12500000000000000"
string.format("%#.20a", 8107.21)               --> "0x1.fab35c28f5c290000000p+12"
string.format("%.1G", 94.171875)               --> "9E+01"
string.format("%+e", -91.125)                  --> "-9.112500e+01"
string.format("%015.3a", -0.47097694873809814) --> "-0x00001.e24p-2"
string.format("% .20e", 5.3989684581756596e-249) --> " 5.39896845817565955099e-249"
string.format("%f", -39.75)                    --> "-39.750000"
string.format("%-12.0G", 56.25)                --> "6E+01       "
string.format("%-12.17a", -128.125)            --> "-0x1.00400000000000000p+7"
string.format("%-12.20g", 2.8974437713623049e-108) --> "2.8974437713623048618e-108"
string.format("%-12.3f", 89.8984375)           --> "89.898      "
string.format("%+.1e", 1.8364357948303224e-17) --> "+1.8e-17"
string.format("%+.5f", 154.5e2)                --> "+15450.00000"
string.format("%-12.1G", 7.625)                --> "8           "
string.format("%.17e", 1939.5e-2)              --> "1.93949999999999996e+01"
string.format("%.5g", 2526.68)                 --> "2526.7"
string.format("%015.5G", 1800.48)              --> "0000000001800.5"
string.format("%-12.3g", 75.0302734375)        --> "75          "
string.format("%+.10E", 44.599609375)          --> "+4.4599609375E+01"
string.format("% .17f", 2.5058937072753906e+198) --> " 2505893707275390610042078768708612678747755763673124347539906210017996578852509253600616130401147921893258356128736655145247943889399685256589802915803554201782281138640466921810936648664268041879552.00000000000000000"
string.format("%+.0f", 7704.67)                --> "+7705"
string.format("%015.2G", 4.2822265625)         --> "0000000000004.3"
string.format("%015f", 23.25)                  --> "00000023.250000"
string.format("%e", 8.3146512508392332e-172)   --> "8.314651e-172"
string.format("%.17a", 1.4620745182037354e-292) --> "0x1.75833a5a697d60000p-970"
string.format("%-12E", -44230377674102784)     --> "-4.423038E+16"
string.format("%.3f", 217.375)                 --> "217.375"
string.format("%+.10a", -0.000060291528701782227) --> "-0x1.f9c3126e98p-15"
string.format("%E", -1.4610791206359864e-17)   --> "-1.461079E-17"
string.format("%+.2e", 47.2587890625)          --> "+4.73e+01"
string.format("%015.0E", 170)                  --> "00000000002E+02"
string.format("%015.1a", 75.9248046875)        --> "0x00000001.3p+6"
string.format("%015f", 5428.68)                --> "00005428.680000"
string.format("%+.17a", 15.1796875)            --> "+0x1.e5c00000000000000p+3"
string.format("%015.17a", 242.125)             --> "0x1.e4400000000000000p+7"
string.format("% .1g", 7348.1)                 --> " 7e+03"
`)

describe("string.format integers and %c (expectations from real Lua 5.4)", () => {
  it.each(integerCases)("%s", (text, expected) => {
    expect(runCase(text)).toBe(expected)
  })
})

describe("string.format floats (expectations from real Lua 5.4)", () => {
  it.each(floatCases)("%s", (text, expected) => {
    expect(runCase(text)).toBe(expected)
  })
})

describe("string.format %s, %q and the format string (expectations from real Lua 5.4)", () => {
  it.each(stringCases)("%s", (text, expected) => {
    expect(runCase(text)).toBe(expected)
  })
})

describe("string.format: random floats (expectations from real Lua 5.4)", () => {
  it.each(randomFloatCases)("%s", (text, expected) => {
    expect(runCase(text)).toBe(expected)
  })
})

describe("string.format: values without a Lua literal, caching and bounds", () => {
  const format = (st = makeState()) => openString(st).get("format") as LuaFunction

  it("%s of a table or function shows tostring's per-execution address, stable for the value", () => {
    const st = makeState()
    const f = format(st)
    const t = new LuaTable(10)
    const [a] = f(["%s", t]) as [string]
    expect(a).toMatch(/^table: 0x[0-9a-f]{8}$/)
    expect(f(["%s", t])).toEqual([a])
    expect(f(["%s", new LuaTable(10)])[0]).not.toBe(a)
    expect(f(["%s", f])[0]).toMatch(/^function: (builtin: )?0x[0-9a-f]{8}$/)
    expect(f(["%p|%12p|", t, t])).toEqual([`${a.slice(7)}|  ${a.slice(7)}|`])
  })

  it("the same format string is parsed once and gives the same results", () => {
    const f = format()
    const first = Array.from({ length: 50 }, (_, i) => f(["%5d|%-3s|%.2f", i, "x", i / 8])[0])
    const again = Array.from({ length: 50 }, (_, i) => f(["%5d|%-3s|%.2f", i, "x", i / 8])[0])
    expect(again).toEqual(first)
    expect(first[1]).toBe("    1|x  |0.12") // 0.125 is an exact tie: glibc rounds it to even
    expect(first[3]).toBe("    3|x  |0.38")
  })

  it("%q output is size-checked before it is built", () => {
    const st = makeState({ maxStringBytes: 100 })
    try {
      format(st)(["%q", "\0".repeat(60)])
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(HostStop)
      expect((error as HostStop).message).toBe("string of 122 bytes exceeds the limit of 100 bytes")
    }
  })
})
