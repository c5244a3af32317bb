// The utf8 library against expectations recorded from real Lua 5.4 (see generate.mjs).

import { describe, expect, it } from "vitest"
import { luaCases, runCase } from "./helpers.js"

const cases = luaCases(String.raw`
-- char and charpattern
utf8.char(72, 228, 8364, 128512)              --> "H\195\164\226\130\172\240\159\152\128"
utf8.char()                                   --> ""
utf8.char(0)                                  --> "\000"
utf8.char(127, 128, 2047, 2048, 65535, 65536) --> "\127\194\128\223\191\224\160\128\239\191\191\240\144\128\128"
utf8.char(1114111, 1114112, 2147483647)       --> "\244\143\191\191\244\144\128\128\253\191\191\191\191\191"
utf8.char(55296)                              --> "\237\160\128"
utf8.char(65.0)                               --> "A"
utf8.char("66")                               --> "B"
utf8.char(-1)                                 --> error: bad argument #1 to 'char' (value out of range)
utf8.char(2147483648)                         --> error: bad argument #1 to 'char' (value out of range)
utf8.char(65, 2^31)                           --> error: bad argument #2 to 'char' (value out of range)
utf8.char(1.5)                                --> error: bad argument #1 to 'char' (number has no integer representation)
utf8.char(nil)                                --> error: bad argument #1 to 'char' (number expected, got nil)
utf8.charpattern                              --> "[\000-\127\194-\253][\128-\191]*"
collect(string.gmatch("h\195\164\226\130\172!", utf8.charpattern)) --> {{"h"}, {"\195\164"}, {"\226\130\172"}, {"!"}}

-- len
utf8.len("h\195\164ll\226\130\172")           --> 5
utf8.len("")                                  --> 0
utf8.len("abc", 4)                            --> 0
utf8.len("abc", 2)                            --> 2
utf8.len("abc", -1)                           --> 1
utf8.len("abc", 1, 0)                         --> 0
utf8.len("abc", 3, 2)                         --> 0
utf8.len("h\195\164ll", 3)                    --> nil, 3
utf8.len("h\195\164ll", 2, 2)                 --> 1
utf8.len("\255")                              --> nil, 1
utf8.len("a\128b")                            --> nil, 2
utf8.len("ab\195")                            --> nil, 3
utf8.len("\192\128")                          --> nil, 1
utf8.len("\224\128\128")                      --> nil, 1
utf8.len("\237\160\128")                      --> nil, 1
utf8.len("\237\160\128", 1, -1, true)         --> 1
utf8.len("\244\144\128\128")                  --> nil, 1
utf8.len("\244\144\128\128", 1, -1, true)     --> 1
utf8.len("\253\191\191\191\191\191", 1, -1, true) --> 1
utf8.len("\254\191\191\191\191\191\191", 1, -1, true) --> nil, 1
utf8.len("abc", 5)                            --> error: bad argument #2 to 'len' (initial position out of bounds)
utf8.len("abc", 0)                            --> error: bad argument #2 to 'len' (initial position out of bounds)
utf8.len("abc", -5)                           --> error: bad argument #2 to 'len' (initial position out of bounds)
utf8.len("abc", 1, 4)                         --> error: bad argument #3 to 'len' (final position out of bounds)
utf8.len("abc", 1, -5)                        --> 0
utf8.len(123)                                 --> 3
utf8.len()                                    --> error: bad argument #1 to 'len' (string expected, got no value)

-- codepoint
utf8.codepoint("h\195\164ll\226\130\172", 1, -1) --> 104, 228, 108, 108, 8364
utf8.codepoint("abc")                         --> 97
utf8.codepoint("abc", 2)                      --> 98
utf8.codepoint("abc", -1)                     --> 99
utf8.codepoint("abc", 3, 2)                   --> (none)
utf8.codepoint("h\195\164", 2)                --> 228
utf8.codepoint("h\195\164", 3)                --> error: invalid UTF-8 code
utf8.codepoint("h\195\164", 1, 2)             --> 104, 228
utf8.codepoint("abc", 0)                      --> error: bad argument #2 to 'codepoint' (out of bounds)
utf8.codepoint("abc", 1, 4)                   --> error: bad argument #3 to 'codepoint' (out of bounds)
utf8.codepoint("abc", 4)                      --> error: bad argument #3 to 'codepoint' (out of bounds)
utf8.codepoint("", 1, 0)                      --> (none)
utf8.codepoint("\255")                        --> error: invalid UTF-8 code
utf8.codepoint("\237\160\128")                --> error: invalid UTF-8 code
utf8.codepoint("\237\160\128", 1, 1, true)    --> 55296
utf8.codepoint("\253\191\191\191\191\191", 1, 1, true) --> 2147483647
utf8.codepoint("abc", 1.5)                    --> error: bad argument #2 to 'codepoint' (number has no integer representation)

-- offset
utf8.offset("h\195\164ll\226\130\172", 3)     --> 4
utf8.offset("h\195\164ll\226\130\172", -1)    --> 6
utf8.offset("h\195\164ll\226\130\172", -2)    --> 5
utf8.offset("h\195\164ll\226\130\172", 0, 3)  --> 2
utf8.offset("h\195\164ll\226\130\172", 0, 8)  --> 6
utf8.offset("h\195\164ll\226\130\172", 10)    --> nil
utf8.offset("h\195\164ll\226\130\172", 6)     --> 9
utf8.offset("h\195\164ll\226\130\172", 7)     --> nil
utf8.offset("h\195\164ll\226\130\172", 1, 3)  --> error: initial position is a continuation byte
utf8.offset("h\195\164ll\226\130\172", 2, 2)  --> 4
utf8.offset("h\195\164ll\226\130\172", -1, 4) --> 2
utf8.offset("abc", 0)                         --> 1
utf8.offset("abc", 1)                         --> 1
utf8.offset("abc", 4)                         --> 4
utf8.offset("abc", 5)                         --> nil
utf8.offset("abc", -3)                        --> 1
utf8.offset("abc", -4)                        --> nil
utf8.offset("abc", 1, 4)                      --> 4
utf8.offset("abc", -1, 4)                     --> 3
utf8.offset("abc", 1, 5)                      --> error: bad argument #3 to 'offset' (position out of bounds)
utf8.offset("abc", 1, 0)                      --> error: bad argument #3 to 'offset' (position out of bounds)
utf8.offset("abc", 1, -3)                     --> 1
utf8.offset("abc", 1, -4)                     --> error: bad argument #3 to 'offset' (position out of bounds)
utf8.offset("", 1)                            --> 1
utf8.offset("", -1)                           --> nil
utf8.offset("", 0)                            --> 1
utf8.offset("abc")                            --> error: bad argument #2 to 'offset' (number expected, got no value)
utf8.offset("abc", 1.5)                       --> error: bad argument #2 to 'offset' (number has no integer representation)

-- codes
collect(utf8.codes("h\195\164ll\226\130\172")) --> {{1, 104}, {2, 228}, {4, 108}, {5, 108}, {6, 8364}}
collect(utf8.codes(""))                       --> {}
collect(utf8.codes("a\255b"))                 --> error: invalid UTF-8 code
collect(utf8.codes("a\128"))                  --> {{1, 97}}
collect(utf8.codes("a\128\128b"))             --> {{1, 97}, {4, 98}}
collect(utf8.codes("\128"))                   --> {}
collect(utf8.codes("ab\195"))                 --> error: invalid UTF-8 code
collect(utf8.codes("\237\160\128"))           --> error: invalid UTF-8 code
collect(utf8.codes("\237\160\128", true))     --> {{1, 55296}}
collect(utf8.codes("\244\144\128\128x", true)) --> {{1, 1114112}, {5, 120}}
collect(utf8.codes(12))                       --> {{1, 49}, {2, 50}}
utf8.codes()                                  --> error: bad argument #1 to 'codes' (string expected, got no value)
`)

describe("utf8 (expectations from real Lua 5.4)", () => {
  it.each(cases)("%s", (text, expected) => {
    expect(runCase(text)).toBe(expected)
  })
})
