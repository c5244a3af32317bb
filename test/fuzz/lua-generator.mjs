/**
 * A grammar-based generator of valid Lua 5.4 programs, for fuzzing our engine against itself
 * (nothing may escape) and against real Lua (same prints, same value, same error).
 *
 * Why typed generation. Random token soup is almost always a syntax error and tests only the
 * parser. Here every variable has a type fixed at its declaration (integer, float, string,
 * boolean, array of integers, integer function), and each expression is built for the type its
 * context needs, so most programs parse, run far and end in a value. Hazards are mixed in on
 * purpose, a few percent each: integer division by a variable that may be zero, comparing a
 * string with a number, indexing nil, `error` with tables and levels, integer overflow, huge and
 * negative shifts, `-0.0`, infinities. Those end in runtime errors whose messages real Lua fixes
 * exactly.
 *
 * Determinism. The differential run compares output with real Lua, so a program is marked
 * `deterministic: false` as soon as it uses something whose result legitimately differs between
 * implementations: the order of `pairs`, `tostring` of a table or function, `math.random`, stack
 * overflow messages. Those programs still run (nothing may escape or hang), just not compared.
 * Loops have small constant bounds, so every generated program terminates quickly.
 */

import { makeRandom } from "./random.mjs"

const INTS = ["0", "1", "2", "3", "7", "10", "-1", "-5", "42", "255", "1000", "65536", "2147483647", "9007199254740993", "math.maxinteger", "math.mininteger", "0x7f", "0xff"]
const FLOATS = ["0.5", "1.5", "-2.25", "0.1", "3.0", "1e15", "1e100", "-0.0", "2^53", "math.pi", "math.huge", "-math.huge", "1/3", "123.456", "5e-324"]
const STRINGS = ['"abc"', '"hello world"', '""', '"x"', '"10"', '" 3.5 "', '"0x10"', '"a,b,,c"', '"héllo"', '"tab\\tnew\\nline"', "'quote\"d'", '"%d%%"', '"AbC"', '"  trim  "', '"\\65\\066"', '"z\\u{48}"']
const PATTERNS = ['"%a+"', '"%d+"', '"(%w)(%w)"', '"^%s*(.-)%s*$"', '"[aeiou]"', '"l+"', '"%p"', '"[%a_][%w_]*"', '"(.)%1"', '"%f[%w]%w+"', '"b*"', '"."', '"[^,]*"']
const FORMATS = [['"%d"', "int"], ['"%5d"', "int"], ['"%x"', "int"], ['"%s"', "str"], ['"%q"', "str"], ['"%.3f"', "float"], ['"%g"', "float"], ['"%5.1f"', "float"], ['"%-6s|"', "str"], ['"%03d"', "int"], ['"%q"', "int"], ['"%i"', "int"], ['"%10.4s"', "str"], ['"%e"', "float"], ['"%a"', "float"]]

export function generateLua(seed) {
  const r = makeRandom(seed)
  let deterministic = true
  let counter = 0
  const fresh = (prefix) => `${prefix}${++counter}`
  /** Scopes: arrays of { name, type }; the innermost last. */
  const scopes = [[]]
  const visible = (type) => scopes.flat().filter((v) => v.type === type && !v.readonly)
  const readable = (type) => scopes.flat().filter((v) => v.type === type)
  const declare = (name, type, readonly = false) => scopes[scopes.length - 1].push({ name, type, readonly })

  // ---------------------------------------------------------------------------------------------
  // Expressions, by type

  const varOr = (type, make) => {
    const vs = readable(type)
    return vs.length > 0 && r.chance(0.45) ? r.pick(vs).name : make()
  }

  const int = (d = 0) => {
    if (d > 3) return varOr("int", () => r.pick(INTS.slice(0, 10)))
    const a = () => int(d + 1)
    return r.weighted([
      [4, () => varOr("int", () => r.pick(INTS))],
      [3, () => `(${a()} ${r.pick(["+", "-", "*"])} ${a()})`],
      [2, () => `(${a()} ${r.pick(["//", "%"])} ${r.chance(0.9) ? r.pick(["3", "7", "-2", "10"]) : a()})`],
      [1, () => `(${a()} ${r.pick(["&", "|", "~", "<<", ">>"])} ${r.chance(0.8) ? r.int(0, 8) : a()})`],
      [1, () => `(- ${a()})`],
      [1, () => `(~ ${a()})`],
      [1, () => `#${str(d + 1)}`],
      [1, () => `#${arr(d + 1)}`],
      [1, () => `math.floor(${float(d + 1)} % 1000)`],
      [1, () => `math.max(${a()}, ${a()}, ${a()})`],
      [1, () => `math.abs(${a()})`],
      [1, () => `(math.tointeger(${float(d + 1)}) or ${a()})`],
      [1, () => `(string.find(${str(d + 1)}, ${r.pick(['"a"', '"l"', '","', '"%d"'])}, 1, true) or 0)`],
      [1, () => `select("#", ${a()}, ${str(d + 1)}, nil)`],
      [1, () => `(utf8.len(${str(d + 1)}) or -1)`],
      [1, () => `(${str(d + 1)} .. "a"):byte(1)`],
      [1, () => `(tonumber(${r.pick(['"12"', '"0x1F"', '" 7 "', '"1e2"', '"z"', '"10"'])}) or 0) // 1`],
      [1, () => (visible("fn").length > 0 ? `${r.pick(readable("fn")).name}(${a()})` : a())],
      [1, () => `(${bool(d + 1)} and ${a()} or ${a()})`],
    ])()
  }

  const float = (d = 0) => {
    if (d > 3) return varOr("float", () => r.pick(FLOATS.slice(0, 6)))
    return r.weighted([
      [4, () => varOr("float", () => r.pick(FLOATS))],
      [3, () => `(${float(d + 1)} ${r.pick(["+", "-", "*"])} ${r.chance(0.5) ? float(d + 1) : int(d + 1)})`],
      [2, () => `(${int(d + 1)} / ${r.chance(0.9) ? r.pick(["2", "3", "-4", "0.5"]) : int(d + 1)})`],
      [1, () => `(${float(d + 1)} ^ ${r.pick(["2", "0.5", "-1", "3"])})`],
      [1, () => `math.sqrt(math.abs(${float(d + 1)}))`],
      [1, () => `math.fmod(${float(d + 1)}, ${r.pick(["3", "2.5", "-7"])})`],
      [1, () => `(${int(d + 1)} + 0.0)`],
      [1, () => `(${float(d + 1)} // ${r.pick(["1", "0.5", "-3"])})`],
      [1, () => `math.min(${float(d + 1)}, ${float(d + 1)})`],
    ])()
  }

  const str = (d = 0) => {
    if (d > 3) return varOr("str", () => r.pick(STRINGS))
    return r.weighted([
      [4, () => varOr("str", () => r.pick(STRINGS))],
      [3, () => `(${str(d + 1)} .. ${r.pick([str, int, float])(d + 1)})`],
      [2, () => `tostring(${r.pick([int, float, bool])(d + 1)})`],
      [1, () => `(${str(d + 1)}):upper()`],
      [1, () => `string.lower(${str(d + 1)})`],
      [1, () => `(${str(d + 1)}):rep(${r.int(0, 4)}${r.chance(0.3) ? ', "-"' : ""})`],
      [2, () => `(${str(d + 1)}):sub(${r.int(-6, 6)}${r.chance(0.6) ? `, ${r.int(-6, 8)}` : ""})`],
      [1, () => `(${str(d + 1)}):reverse()`],
      [2, () => {
        const [f, t] = r.pick(FORMATS)
        return `string.format(${f}, ${t === "int" ? int(d + 1) : t === "float" ? float(d + 1) : str(d + 1)})`
      }],
      [2, () => `(select(1, string.gsub(${str(d + 1)}, ${r.pick(PATTERNS)}, ${r.pick(['"<%0>"', '"%1"', '""', '{ a = "A" }', 'function(c) return c:upper() end', '"x"'])}${r.chance(0.3) ? `, ${r.int(0, 3)}` : ""})))`],
      [1, () => `(string.match(${str(d + 1)}, ${r.pick(PATTERNS)}) or "none")`],
      [1, () => `table.concat(${arr(d + 1)}, ${r.pick(['","', '""', '" "'])})`],
      [1, () => `string.char(${r.int(65, 90)}, ${r.int(97, 122)})`],
      [1, () => `utf8.char(${r.pick(["72", "233", "8364", "128512", "65, 66"])})`],
      [1, () => `type(${r.pick([int, float, str, bool, arr])(d + 1)})`],
      [1, () => `math.type(${r.pick([int, float])(d + 1)})`],
      [1, () => `(${bool(d + 1)} and ${str(d + 1)} or ${str(d + 1)})`],
    ])()
  }

  const bool = (d = 0) => {
    if (d > 3) return varOr("bool", () => r.pick(["true", "false"]))
    return r.weighted([
      [2, () => varOr("bool", () => r.pick(["true", "false"]))],
      [3, () => `(${int(d + 1)} ${r.pick(["<", "<=", ">", ">=", "==", "~="])} ${r.chance(0.8) ? int(d + 1) : float(d + 1)})`],
      [1, () => `(${str(d + 1)} ${r.pick(["<", "==", "~=", ">="])} ${str(d + 1)})`],
      [1, () => `(not ${bool(d + 1)})`],
      [1, () => `(${bool(d + 1)} ${r.pick(["and", "or"])} ${bool(d + 1)})`],
      [1, () => `(math.type(${float(d + 1)}) == "float")`],
      [1, () => `(${float(d + 1)} == ${int(d + 1)})`],
    ])()
  }

  const arr = (d = 0) => {
    if (d > 2 || r.chance(0.5)) return varOr("arr", () => `{${Array.from({ length: r.int(0, 5) }, () => int(3)).join(", ")}}`)
    return `{${Array.from({ length: r.int(0, 4) }, () => int(d + 1)).join(", ")}}`
  }

  const exprOf = (type, d = 0) => ({ int, float, str, bool, arr }[type])(d)
  const anyType = () => r.weighted([[3, "int"], [2, "float"], [3, "str"], [1, "bool"], [1, "arr"]])

  /** A hazard: an expression that may legitimately fail at run time, with real Lua's message. */
  const hazard = () =>
    r.pick([
      () => `(${int(2)} // (${int(3)} - ${int(3)}))`,
      () => `(${int(2)} % 0)`,
      () => `(${str(2)} < ${int(2)})`,
      () => `(nil).x`,
      () => `(${str(2)} + 1)`,
      () => `(${float(2)} | 1)`,
      () => `#${int(2)}`,
      () => `(${bool(2)} .. "x")`,
      () => `(${r.pick(["undefinedGlobal", "math.nothing", "string.nope"])}(1))`,
      () => `(${arr(2)})[1].field`,
      () => `string.rep("x", -1, ${int(2)})`,
      () => `("x"):bad()`,
      () => `math.floor("z")`,
      () => `string.sub()`,
      () => `(${int(2)} << 64)`,
      () => `math.tointeger(2^63)`,
      () => `string.format("%d", 1.5)`,
      () => `table.concat({1, {}, 3})`,
      () => `utf8.char(-1)`,
      () => `select(0, 1, 2)`,
      () => `tostring()`,
    ])()

  // ---------------------------------------------------------------------------------------------
  // Statements

  const block = (depth, n) => {
    scopes.push([])
    const lines = []
    for (let i = 0; i < n; i++) lines.push(statement(depth))
    scopes.pop()
    return lines.join("\n")
  }

  /** Tables print as addresses, so a printed argument is any type but an array. */
  const printArgs = () => Array.from({ length: r.int(1, 3) }, () => {
    const type = anyType()
    return exprOf(type === "arr" ? "str" : type)
  }).join(", ")

  const statement = (depth) => {
    const nested = depth < 3
    return r.weighted([
      [5, () => {
        const type = anyType()
        const name = fresh(type === "fn" ? "f" : "v")
        const line = `local ${name} = ${exprOf(type)}`
        declare(name, type)
        return line
      }],
      [3, () => {
        const type = anyType()
        const vs = visible(type)
        return vs.length > 0 ? `${r.pick(vs).name} = ${exprOf(type)}` : `print(${printArgs()})`
      }],
      [5, () => `print(${printArgs()})`],
      [1, () => `print(${hazard()})`],
      [1, () => `print(pcall(function() return ${hazard()} end))`],
      [nested ? 3 : 0, () => `if ${bool()} then\n${block(depth + 1, r.int(1, 3))}\n${r.chance(0.3) ? `elseif ${bool()} then\n${block(depth + 1, r.int(1, 2))}\n` : ""}${r.chance(0.5) ? `else\n${block(depth + 1, r.int(1, 2))}\n` : ""}end`],
      [nested ? 2 : 0, () => {
        const i = fresh("i")
        const [a, b, s] = r.pick([[1, r.int(0, 6), ""], [r.int(5, 8), 1, ", -1"], [0, 10, `, ${r.int(2, 4)}`], [1, 3, ", 1"]])
        scopes.push([{ name: i, type: "int", readonly: true }])
        const body = block(depth + 1, r.int(1, 3))
        scopes.pop()
        return `for ${i} = ${a}, ${b}${s} do\n${body}\nend`
      }],
      [nested ? 1 : 0, () => {
        const x = fresh("x")
        scopes.push([{ name: x, type: "float", readonly: true }])
        const body = block(depth + 1, r.int(1, 2))
        scopes.pop()
        return `for ${x} = ${r.pick(["0.5, 2.5, 0.5", "1, 0, -0.25", "0.1, 0.35, 0.1", "3, 3"])} do\n${body}\nend`
      }],
      [nested ? 1 : 0, () => {
        const c = fresh("c")
        const body = block(depth + 1, r.int(1, 2))
        return `local ${c} = 0\nwhile ${c} < ${r.int(0, 4)} do\n${c} = ${c} + 1\n${body}\nend`
      }],
      [nested ? 1 : 0, () => {
        const c = fresh("c")
        const body = block(depth + 1, r.int(1, 2))
        return `local ${c} = 0\nrepeat\n${c} = ${c} + 1\n${body}\nuntil ${c} >= ${r.int(1, 3)}`
      }],
      [nested ? 1 : 0, () => {
        const i = fresh("i"), v = fresh("e")
        const source = arr()
        scopes.push([{ name: i, type: "int", readonly: true }, { name: v, type: "int", readonly: true }])
        const body = block(depth + 1, r.int(1, 2))
        scopes.pop()
        return `for ${i}, ${v} in ipairs(${source}) do\n${body}\nend`
      }],
      [nested ? 1 : 0, () => {
        const i = fresh("i")
        scopes.push([{ name: i, type: "int", readonly: true }])
        const body = block(depth + 1, r.int(1, 2))
        scopes.pop()
        return `for ${i} = 1, ${r.int(2, 5)} do\nif ${i} % 2 == 0 then goto continue end\n${body}\n::continue::\nend`
      }],
      [nested ? 1 : 0, () => `do\n${block(depth + 1, r.int(1, 3))}\nend`],
      [2, () => {
        const vs = visible("arr")
        if (vs.length === 0) return `print(#${arr()})`
        const t = r.pick(vs).name
        return r.pick([
          () => `table.insert(${t}, ${int(2)})`,
          () => `table.insert(${t}, 1, ${int(2)})`,
          () => `print(table.remove(${t}))`,
          () => `table.sort(${t})`,
          () => `table.sort(${t}, function(a, b) return a > b end)`,
          () => `${t}[#${t} + 1] = ${int(2)}`,
          () => `print(table.unpack(${t}))`,
          () => `print(#${t}, table.concat(${t}, "|"))`,
          () => `print(select(-1, 0, table.unpack(${t})))`,
        ])()
      }],
      [2, () => {
        const f = fresh("f")
        const p = fresh("p")
        scopes.push([{ name: p, type: "int", readonly: false }])
        const body = depth < 2 ? block(depth + 1, r.int(0, 2)) : ""
        const ret = int(1)
        scopes.pop()
        declare(f, "fn")
        return `local function ${f}(${p})\n${body}\nreturn ${ret}\nend`
      }],
      [1, () => {
        const ok = fresh("ok"), e = fresh("err")
        const value = r.pick([`"msg"`, `{ code = ${int(2)} }`, `${int(2)}`, `nil`, `${str(2)}`])
        const level = r.pick(["", ", 0", ", 1", ", 2"])
        return `local ${ok}, ${e} = pcall(function()\n${nested ? block(depth + 1, r.int(0, 2)) : ""}\nerror(${value}${level})\nend)\nprint(${ok}, type(${e}) == "table" and ${e}.code or ${e})`
      }],
      [1, () => {
        const f = fresh("multi")
        return `local function ${f}(...)\nlocal n = select("#", ...)\nreturn n, ...\nend\nprint(${f}(${Array.from({ length: r.int(0, 3) }, () => r.pick([int, str])(2)).join(", ")}))\nprint((${f}(1, 2)))`
      }],
      [1, () => {
        const mk = fresh("counter")
        return `local function ${mk}()\nlocal n = 0\nreturn function(step) n = n + (step or 1) return n end\nend\nlocal ${mk}a = ${mk}()\n${mk}a() ${mk}a(${int(2)})\nprint(${mk}a())`
      }],
      [1, () => {
        const t = fresh("rec")
        return `local ${t} = { alpha = ${int(2)}, beta = ${str(2)}, gamma = ${float(2)} }\nlocal ${t}k = {}\nfor k in pairs(${t}) do ${t}k[#${t}k + 1] = k end\ntable.sort(${t}k)\nfor _, k in ipairs(${t}k) do print(k, ${t}[k]) end`
      }],
      [1, () => {
        const f = fresh("fib")
        return `local function ${f}(n) if n < 2 then return n end return ${f}(n - 1) + ${f}(n - 2) end\nprint(${f}(${r.int(0, 15)}))`
      }],
      [0.3, () => {
        deterministic = false
        return r.pick([
          `print(tostring({}) ~= nil, math.random(1, 10) <= 10)`,
          `local deep\ndeep = function(n) return 1 + deep(n + 1) end\nprint(pcall(deep, 1))`,
          `for k, v in pairs({ a = 1, b = 2, c = 3, 10, 20 }) do print(k, v) end`,
          `print(string.format("%5.2s|%p", "abc", {}))`,
        ])
      }],
    ])()
  }

  const lines = []
  const n = r.int(3, 12)
  for (let i = 0; i < n; i++) lines.push(statement(0))
  const ret = r.weighted([
    [3, () => `return { a = ${int()}, b = ${str()}, c = ${bool()}, list = ${arr()} }`],
    [2, () => `return ${r.pick([int, str, bool])()}`],
    [1, () => `return ${float()}`],
    [1, () => ""],
  ])()
  lines.push(ret)
  return { source: lines.join("\n"), deterministic }
}
