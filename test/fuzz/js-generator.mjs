/**
 * A grammar-based generator of valid programs in Code Mode's JavaScript subset, simpler than the
 * Lua one: typed variables (number, string, boolean, array of numbers, number function), typed
 * expressions over the built-ins our realm implements (String, Array, Math, Number, JSON, Map,
 * Set, Promise), and statements covering control flow, closures, destructuring, classes,
 * try/catch/finally and `await`. Hazards (calling undefined, reading a property of null, throwing
 * non-errors, `JSON.parse` of bad text, invalid array lengths) are mixed in at a low rate.
 *
 * A generated program is compared with Node on the same text, so it avoids what differs by
 * design (regular expression literals, `Date`, stack text) and is marked `deterministic: false`
 * when it prints something whose text legitimately differs (`Math.random`, a stack overflow).
 * Every loop has a small constant bound; every program ends with an explicit `return`.
 */

import { makeRandom } from "./random.mjs"

const NUMBERS = ["0", "1", "2", "3", "7", "10", "-1", "-0", "0.5", "1.5", "-2.25", "0.1", "42", "255", "1e21", "1e-7", "2 ** 53", "Number.MAX_SAFE_INTEGER", "NaN", "Infinity", "-Infinity", "0x1f", "1_000"]
const STRINGS = ["'abc'", "'hello world'", "''", "'x'", "'10'", "' 3.5 '", "'a,b,,c'", "'héllo'", "'tab\\tnew\\nline'", "'😀'", "`tmpl`", "'AbC'", "'  trim  '", "'\\u0041\\x42'", "'null'"]

export function generateJs(seed) {
  const r = makeRandom(seed)
  let deterministic = true
  let counter = 0
  const fresh = (prefix) => `${prefix}${++counter}`
  const scopes = [[]]
  const readable = (type) => scopes.flat().filter((v) => v.type === type)
  const mutable = (type) => readable(type).filter((v) => !v.constant)
  const declare = (name, type, constant) => scopes[scopes.length - 1].push({ name, type, constant })
  const varOr = (type, make) => {
    const vs = readable(type)
    return vs.length > 0 && r.chance(0.45) ? r.pick(vs).name : make()
  }

  const num = (d = 0) => {
    if (d > 3) return varOr("num", () => r.pick(NUMBERS.slice(0, 12)))
    const a = () => num(d + 1)
    return r.weighted([
      [4, () => varOr("num", () => r.pick(NUMBERS))],
      [3, () => `(${a()} ${r.pick(["+", "-", "*", "/", "%"])} ${a()})`],
      [1, () => `((${a()}) ** ${r.pick(["2", "0.5", "-1", "3"])})`],
      [1, () => `(${a()} ${r.pick(["&", "|", "^", "<<", ">>", ">>>"])} ${r.int(0, 33)})`],
      [1, () => `${str(d + 1)}.length`],
      [1, () => `${arr(d + 1)}.length`],
      [1, () => `Math.${r.pick(["floor", "ceil", "round", "trunc", "abs", "sign", "sqrt", "cbrt"])}(${a()})`],
      [1, () => `Math.${r.pick(["max", "min", "hypot"])}(${a()}, ${a()})`],
      [1, () => `${str(d + 1)}.indexOf(${r.pick(["'a'", "'l'", "','", "''"])})`],
      [1, () => `parseInt(${str(d + 1)}${r.chance(0.3) ? `, ${r.pick(["2", "16", "36"])}` : ""})`],
      [1, () => `parseFloat(${str(d + 1)})`],
      [1, () => `Number(${r.pick([str, bool])(d + 1)})`],
      [1, () => `${arr(d + 1)}.reduce((s, x) => s + x, ${a()})`],
      [1, () => `(${arr(d + 1)}.find((x) => x > ${a()}) ?? -1)`],
      [1, () => `${str(d + 1)}.charCodeAt(${r.int(0, 3)})`],
      [1, () => (readable("fn").length > 0 ? `${r.pick(readable("fn")).name}(${a()})` : a())],
      [1, () => `(${bool(d + 1)} ? ${a()} : ${a()})`],
    ])()
  }

  const str = (d = 0) => {
    if (d > 3) return varOr("str", () => r.pick(STRINGS))
    return r.weighted([
      [4, () => varOr("str", () => r.pick(STRINGS))],
      [3, () => `(${str(d + 1)} + ${r.pick([str, num, bool])(d + 1)})`],
      [2, () => `\`<\${${num(d + 1)}}|\${${str(d + 1)}}>\``],
      [2, () => `String(${r.pick([num, bool, arr])(d + 1)})`],
      [1, () => `${str(d + 1)}.${r.pick(["toUpperCase", "toLowerCase", "trim", "trimStart", "trimEnd"])}()`],
      [1, () => `${str(d + 1)}.repeat(${r.int(0, 3)})`],
      [2, () => `${str(d + 1)}.${r.pick(["slice", "substring", "at"])}(${r.int(-5, 5)}${r.chance(0.5) ? `, ${r.int(-5, 8)}` : ""})`],
      [1, () => `${str(d + 1)}.padStart(${r.int(0, 8)}, ${r.pick(["'*'", "'ab'", "' '"])})`],
      [1, () => `${str(d + 1)}.split(${r.pick(["','", "''", "' '", "'l'"])}).join(${r.pick(["'-'", "''"])})`],
      [1, () => `${str(d + 1)}.replaceAll(${r.pick(["'a'", "'l'", "','"])}, ${r.pick(["'_'", "''", "'$&$&'"])})`],
      [1, () => `(${num(d + 1)}).toFixed(${r.int(0, 4)})`],
      [1, () => `(${num(d + 1)}).toString(${r.pick(["2", "16", "36", ""])})`],
      [1, () => `JSON.stringify(${r.pick([arr, str, num, bool])(d + 1)})`],
      [1, () => `JSON.stringify({ a: ${num(d + 1)}, b: [${str(d + 1)}, null], c: { d: ${bool(d + 1)} } }${r.chance(0.4) ? ", null, 2" : ""})`],
      [1, () => `typeof ${r.pick([num, str, bool, arr])(d + 1)}`],
      [1, () => `${arr(d + 1)}.join(${r.pick(["','", "''", "' / '"])})`],
      [1, () => `(${str(d + 1)}[${r.int(0, 3)}] ?? 'none')`],
      [1, () => `[...${str(d + 1)}].reverse().join('')`],
      [1, () => `encodeURIComponent(${str(d + 1)})`],
    ])()
  }

  const bool = (d = 0) => {
    if (d > 3) return varOr("bool", () => r.pick(["true", "false"]))
    return r.weighted([
      [2, () => varOr("bool", () => r.pick(["true", "false"]))],
      [3, () => `(${num(d + 1)} ${r.pick(["<", "<=", ">", ">=", "===", "!==", "==", "!="])} ${num(d + 1)})`],
      [1, () => `(${str(d + 1)} ${r.pick(["<", "===", "!==", ">="])} ${str(d + 1)})`],
      [1, () => `!${bool(d + 1)}`],
      [1, () => `(${bool(d + 1)} ${r.pick(["&&", "||"])} ${bool(d + 1)})`],
      [1, () => `${str(d + 1)}.${r.pick(["includes", "startsWith", "endsWith"])}(${r.pick(["'a'", "'h'", "''", "'c'"])})`],
      [1, () => `${arr(d + 1)}.${r.pick(["includes", "some", "every"])}(${r.pick(["3", "(x) => x > 2", "(x) => x % 2 === 0"])})`],
      [1, () => `Number.${r.pick(["isInteger", "isSafeInteger", "isFinite", "isNaN"])}(${num(d + 1)})`],
      [1, () => `Object.is(${num(d + 1)}, ${num(d + 1)})`],
    ])()
  }

  const arr = (d = 0) => {
    if (d > 2 || r.chance(0.4)) return varOr("arr", () => `[${Array.from({ length: r.int(0, 5) }, () => num(3)).join(", ")}]`)
    return r.weighted([
      [2, () => `[${Array.from({ length: r.int(0, 4) }, () => num(d + 1)).join(", ")}]`],
      [1, () => `${arr(d + 1)}.map((x, i) => x * i + ${num(d + 1)})`],
      [1, () => `${arr(d + 1)}.filter((x) => x ${r.pick([">", "<", "!=="])} ${num(d + 1)})`],
      [1, () => `${arr(d + 1)}.slice(${r.int(-3, 3)})`],
      [1, () => `[...${arr(d + 1)}].sort((a, b) => a - b)`],
      [1, () => `Array.from({ length: ${r.int(0, 5)} }, (_, i) => i * ${num(d + 1)})`],
      [1, () => `${arr(d + 1)}.concat(${arr(d + 1)})`],
      [1, () => `[...new Set(${arr(d + 1)})]`],
      [1, () => `${arr(d + 1)}.flatMap((x) => [x, -x])`],
      [1, () => `${str(d + 1)}.split('').map((c) => c.charCodeAt(0))`],
    ])()
  }

  const exprOf = (type, d = 0) => ({ num, str, bool, arr })[type](d)
  const anyType = () => r.weighted([[3, "num"], [3, "str"], [1, "bool"], [2, "arr"]])

  const hazard = () =>
    r.pick([
      () => `null.x`,
      () => `undefined()`,
      () => `(${num(2)}).foo()`,
      () => `JSON.parse(${r.pick(["'{bad'", "''", "'[1,]'"])})`,
      () => `new Array(-1)`,
      () => `(${num(2)}).toFixed(200)`,
      () => `'x'.repeat(-1)`,
      () => `notDefined + 1`,
      () => `BigInt(1.5)`,
      () => `1n + 1`,
      () => `Symbol() + ''`,
      () => `decodeURIComponent('%')`,
      () => `[].reduce((a, b) => a + b)`,
      () => `new (class A { constructor() { throw new TypeError('in ctor') } })()`,
    ])()

  const block = (depth, n) => {
    scopes.push([])
    const lines = []
    for (let i = 0; i < n; i++) lines.push(statement(depth))
    scopes.pop()
    return lines.join("\n")
  }

  const statement = (depth) => {
    const nested = depth < 3
    return r.weighted([
      [5, () => {
        const type = anyType()
        const name = fresh("v")
        const constant = r.chance(0.4)
        const line = `${constant ? "const" : "let"} ${name} = ${exprOf(type)}`
        declare(name, type, constant)
        return line
      }],
      [3, () => {
        const type = anyType()
        const vs = mutable(type)
        if (vs.length === 0) return `console.log(${exprOf(type)})`
        const v = r.pick(vs).name
        return type === "num" && r.chance(0.4) ? `${v} ${r.pick(["+=", "-=", "*=", "??=", "||="])} ${num(2)}` : `${v} = ${exprOf(type)}`
      }],
      [5, () => `console.log(${Array.from({ length: r.int(1, 3) }, () => exprOf(anyType())).join(", ")})`],
      [1, () => `console.log(${hazard()})`],
      [1, () => `try { console.log(${hazard()}) } catch (e) { console.log(e instanceof Error, e.name) }`],
      [nested ? 3 : 0, () => `if (${bool()}) {\n${block(depth + 1, r.int(1, 3))}\n}${r.chance(0.5) ? ` else {\n${block(depth + 1, r.int(1, 2))}\n}` : ""}`],
      [nested ? 2 : 0, () => {
        const i = fresh("i")
        scopes.push([{ name: i, type: "num", constant: true }])
        const body = block(depth + 1, r.int(1, 3))
        scopes.pop()
        return `for (let ${i} = 0; ${i} < ${r.int(0, 5)}; ${i}++) {\n${r.chance(0.2) ? `if (${i} === 2) continue\n` : ""}${body}\n}`
      }],
      [nested ? 1 : 0, () => {
        const x = fresh("x")
        const source = arr()
        scopes.push([{ name: x, type: "num", constant: true }])
        const body = block(depth + 1, r.int(1, 2))
        scopes.pop()
        return `for (const ${x} of ${source}) {\n${body}\n${r.chance(0.2) ? "break\n" : ""}}`
      }],
      [nested ? 1 : 0, () => {
        const c = fresh("c")
        return `let ${c} = 0\nwhile (${c} < ${r.int(0, 4)}) {\n${c}++\n${block(depth + 1, r.int(1, 2))}\n}`
      }],
      [nested ? 1 : 0, () => `switch (${num(2)} % 3) {\ncase 0: console.log('zero'); break\ncase 1: console.log('one')\ndefault: console.log('other')\n}`],
      [nested ? 1 : 0, () => `try {\n${block(depth + 1, r.int(1, 2))}\n${r.chance(0.5) ? `throw ${r.pick(["new Error('boom')", "new RangeError('range')", "'plain'", "42", "{ code: 7 }"])}\n` : ""}} catch (e) {\nconsole.log(e instanceof Error ? e.message : JSON.stringify(e))\n}${r.chance(0.5) ? " finally {\nconsole.log('finally')\n}" : ""}`],
      [2, () => {
        const vs = mutable("arr")
        if (vs.length === 0) return `console.log(${arr()})`
        const t = r.pick(vs).name
        return r.pick([
          () => `${t}.push(${num(2)})`,
          () => `console.log(${t}.pop())`,
          () => `${t}.unshift(${num(2)})`,
          () => `${t}.sort((a, b) => b - a)`,
          () => `${t}.reverse()`,
          () => `console.log(${t}.splice(${r.int(0, 2)}, ${r.int(0, 2)}))`,
          () => `const [${fresh("h")}, ...${fresh("rest")}] = ${t}`,
          () => `console.log(Math.max(...${t}), ${t}.indexOf(${num(2)}))`,
        ])()
      }],
      [2, () => {
        const f = fresh("f")
        const p = fresh("p")
        scopes.push([{ name: p, type: "num", constant: false }])
        const body = depth < 2 ? block(depth + 1, r.int(0, 2)) : ""
        const ret = num(1)
        scopes.pop()
        declare(f, "fn", true)
        return r.chance(0.5) ? `function ${f}(${p} = 1) {\n${body}\nreturn ${ret}\n}` : `const ${f} = (${p}) => {\n${body}\nreturn ${ret}\n}`
      }],
      [1, () => {
        const mk = fresh("counter")
        return `const ${mk} = (() => { let n = 0; return (step = 1) => (n += step) })()\n${mk}(); ${mk}(${num(2)})\nconsole.log(${mk}())`
      }],
      [1, () => {
        const o = fresh("obj")
        return `const ${o} = { alpha: ${num(2)}, beta: ${str(2)}, nested: { list: ${arr(2)} } }\nconst { alpha: ${o}a, ...${o}rest } = ${o}\nconsole.log(${o}a, Object.keys(${o}rest), ${o}.nested?.list?.length, ${o}.missing?.x)`
      }],
      [1, () => {
        const m = fresh("map")
        return `const ${m} = new Map([[${str(2)}, ${num(2)}], ['k', ${num(2)}]])\n${m}.set('z', ${str(2)})\nconsole.log(${m}.size, [...${m}.keys()].join('|'), ${m}.get('k'))`
      }],
      [1, () => {
        const C = fresh("Shape")
        return `class ${C} {\nconstructor(w) { this.w = w }\nget area() { return this.w * this.w }\nstatic of(w) { return new ${C}(w) }\n}\nclass ${C}B extends ${C} { get area() { return super.area + 1 } }\nconsole.log(${C}.of(${num(2)}).area, new ${C}B(${r.int(0, 5)}).area)`
      }],
      [1, () => `console.log(await ${r.pick([`Promise.resolve(${num(2)})`, `Promise.all([${num(2)}, Promise.resolve(${str(2)})])`, `Promise.allSettled([Promise.reject(new Error('no')), 1]).then((rs) => rs.map((x) => x.status))`, `(async () => ${str(2)})()`])})`],
      [1, () => {
        const g = fresh("gen")
        return `function* ${g}() { for (let i = 0; i < ${r.int(0, 4)}; i++) yield i * 2 }\nconsole.log([...${g}()])`
      }],
      [0.3, () => {
        deterministic = false
        return r.pick([
          "console.log(Math.random() < 1)",
          "const deep = (n) => 1 + deep(n + 1)\ntry { deep(0) } catch (e) { console.log(e.name) }",
          "console.log(new Error('x').stack.length > 0)",
        ])
      }],
    ])()
  }

  const lines = []
  const n = r.int(3, 12)
  for (let i = 0; i < n; i++) lines.push(statement(0))
  lines.push(
    r.weighted([
      [3, () => `return { a: ${num()}, b: ${str()}, c: ${bool()}, list: ${arr()} }`],
      [2, () => `return ${r.pick([num, str, bool, arr])()}`],
      [1, () => "return"],
    ])(),
  )
  return { source: lines.join("\n"), deterministic }
}
