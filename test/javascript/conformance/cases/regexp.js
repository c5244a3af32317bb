// Conformance cases: regular expressions (the engine's own metered matcher). Expectations recorded from Node by record.mjs.

// case: test and exec basics
const m = /b(c)/.exec("abcd"); return [/a/.test("xa"), /z/.test("xa"), m[0], m[1], m.index, m.input, m.length]
// result: [true,false,"bc","c",1,"abcd",2]

// case: exec returns null
return /q/.exec("abc")
// expect:

// case: global exec loop and lastIndex
const re = /o/g; const r = []; let m; while ((m = re.exec("foo boo")) !== null) r.push(m.index, re.lastIndex); r.push(re.lastIndex); return r
// result: [1,2,2,3,5,6,6,7,0]

// case: sticky flag
const re = /a/y; const r = [re.test("ba"), re.lastIndex]; re.lastIndex = 1; r.push(re.test("ba"), re.lastIndex, re.test("ba"), re.lastIndex); return r
// result: [false,0,true,2,false,0]

// case: lastIndex ignored without g or y
const re = /a/; re.lastIndex = 5; return [re.test("a"), re.lastIndex]
// result: [true,5]

// case: flags and flag getters
const re = /x/dgimsuy; return [re.flags, re.global, re.ignoreCase, re.multiline, re.dotAll, re.unicode, re.sticky, re.hasIndices, /x/.flags, /x/v.unicodeSets]
// result: ["dgimsuy",true,true,true,true,true,true,true,"",true]

// case: source and toString
return [/a\/b/.source, new RegExp("a/b").source, new RegExp("").source, String(/x/gi), new RegExp("\n").source, RegExp("[/]").source]
// result: ["a\\/b","a\\/b","(?:)","/x/gi","\\n","[/]"]

// case: constructor forms
const a = /x/g; return [RegExp(a) === a, new RegExp(a) === a, new RegExp(a, "i").flags, new RegExp("a+", "g").test("caa"), RegExp("b").source, new RegExp(a).lastIndex]
// result: [true,false,"i",true,"b",0]

// case: instanceof and typeof
return [/a/ instanceof RegExp, typeof /a/, typeof RegExp, RegExp.prototype.constructor === RegExp, Object.getPrototypeOf(/a/) === RegExp.prototype]
// result: [true,"object","function",true,true]

// case: invalid flags
new RegExp("a", "gg")
// error: SyntaxError: Invalid flags supplied to RegExp constructor 'gg'

// case: unknown flag
new RegExp("a", "z")
// error: SyntaxError: Invalid flags supplied to RegExp constructor 'z'

// case: syntax error unterminated group
new RegExp("(a")
// error: SyntaxError: Invalid regular expression: /(a/: Unterminated group

// case: syntax error unmatched paren
new RegExp("a)")
// error: SyntaxError: Invalid regular expression: /a)/: Unmatched ')'

// case: syntax error nothing to repeat
new RegExp("*a")
// error: SyntaxError: Invalid regular expression: /*a/: Nothing to repeat

// case: syntax error quantifier order
new RegExp("a{3,1}")
// error: SyntaxError: Invalid regular expression: /a{3,1}/: numbers out of order in {} quantifier

// case: syntax error class range
new RegExp("[z-a]")
// error: SyntaxError: Invalid regular expression: /[z-a]/: Range out of order in character class

// case: syntax error unterminated class
new RegExp("[abc")
// error: SyntaxError: Invalid regular expression: /[abc/: Unterminated character class

// case: syntax error duplicate name
new RegExp("(?<n>a)(?<n>b)")
// error: SyntaxError: Invalid regular expression: /(?<n>a)(?<n>b)/: Duplicate capture group name

// case: syntax error unicode escape
new RegExp("\\u{110000}", "u")
// error: SyntaxError: Invalid regular expression: /\u{110000}/u: Invalid Unicode escape

// case: syntax error is catchable
try { new RegExp("(") } catch (e) { return [e instanceof SyntaxError, e.name] }
// result: [true,"SyntaxError"]

// case: character classes
return ["a1 b2_".match(/\d/g), "a1 b2_".match(/\w+/g), "a b\tc".split(/\s/), "x-y".match(/[\w-]+/)[0], "ABC".match(/[^B]/g)]
// result: [["1","2"],["a1","b2_"],["a","b","c"],"x-y",["A","C"]]

// case: dot and dotAll
return [/a.c/.test("a\nc"), /a.c/s.test("a\nc"), /^.$/.test("😀"), /^.$/u.test("😀")]
// result: [false,true,false,true]

// case: anchors and multiline
return ["a\nb\nc".match(/^\w$/gm), "a\nb".match(/^b/), /a$/.test("a\n"), /a$/m.test("a\n")]
// result: [["a","b","c"],null,false,true]

// case: word boundaries
return ["the cat scattered".match(/\bcat\b/g), "cat".replace(/\B/g, "-"), "a b".replace(/\b/g, "|")]
// result: [["cat"],"c-a-t","|a| |b|"]

// case: quantifiers
return ["aaaa".match(/a{2}/g), "aaaa".match(/a{1,3}/)[0], "aaaa".match(/a{2,}/)[0], "aaaa".match(/a+?/)[0], "aaaa".match(/a*?/)[0], "aaaa".match(/a{2,3}?/)[0]]
// result: [["aa","aa"],"aaa","aaaa","a","","aa"]

// case: alternation order
return ["abcd".match(/ab|abcd/)[0], "abcd".match(/(a|ab)(c|bcd)(d*)/).slice(0)]
// result: ["ab",["abcd","a","bcd",""]]

// case: capture groups and undefined
const m = /(a)|(b)/.exec("b"); return [m[1] === undefined, m[2], m.length]
// result: [true,"b",3]

// case: captures reset each iteration
return [/(z)((a+)?(b+)?(c))*/.exec("zaacbbbcac"), /(?:(a)|b)+/.exec("ab")]
// result: [["zaacbbbcac","z","ac","a",null,"c"],["ab",null]]

// case: empty loop iterations stop
return [/(a*)*b/.exec("aaab"), /(a*)+/.exec("b"), /(?:a?)*?b/.exec("ab"), /(?:a|){3}b/.exec("ab")]
// result: [["aaab","aaa"],["",""],["ab"],["ab"]]

// case: backreferences
return [/(\w)\1/.exec("abccd")[0], /(a)\1/i.test("aA"), /\1(a)/.exec("a")[0], /(?<q>['"]).*?\k<q>/.exec(`say "hi" 'x'`)[0]]
// result: ["cc",true,"a","\"hi\""]

// case: named groups
const m = /(?<year>\d{4})-(?<month>\d{2})/.exec("on 2024-05-01"); return [m.groups.year, m.groups.month, Object.keys(m.groups), m.index]
// result: ["2024","05",["year","month"],3]

// case: named groups absent
const m = /(\d)/.exec("a1"); return [m.groups, "groups" in m]
// result: [null,true]

// case: lookahead
return ["price: 100 dollars 200".match(/\d+(?= dollars)/)[0], "abc".match(/a(?!b)/), "foobar foobaz".match(/foo(?!bar)\w+/)[0]]
// result: ["100",null,"foobaz"]

// case: lookbehind
return ["$10 20 $30".match(/(?<=\$)\d+/g), "$10 20 $30".match(/(?<!\$)\b\d+/g), /(?<=(\d)(\d))x/.exec("12x")]
// result: [["10","30"],["20"],["x","1","2"]]

// case: lookbehind backreference
return [/(?<=\1(a))b/.exec("aab"), /(?<=([ab])+)c/.exec("abc")]
// result: [["b","a"],["c","a"]]

// case: lookahead captures
return [/(?=(a+))a*b\1/.exec("baaabac"), /(.*?)a(?!(a+)b\2c)\2(.*)/.exec("baaabaac")]
// result: [["aba","a"],["baaabaac","ba",null,"abaac"]]

// case: case insensitive
return [/hello/i.test("HeLLo"), "ABC".match(/[a-z]+/i)[0], /σ/i.test("Σ"), /ſ/i.test("s"), /ſ/iu.test("s"), /\u212a/i.test("k"), /\u212a/iu.test("k")]
// result: [true,"ABC",true,false,true,false,true]

// case: unicode mode
return ["😀x".match(/./gu), "😀".match(/./g).length, /\u{1F600}/u.test("😀"), /^[😀]$/u.test("😀"), "a😀b".split(/(?:)/u)]
// result: [["😀","x"],2,true,true,["a","😀","b"]]

// case: unicode properties
return ["abcÄÖÜdef".match(/\p{Lu}+/u)[0], "a1٣".match(/\p{Nd}/gu), /\p{Script=Greek}/u.test("α"), "x y".replace(/\P{L}/gu, "_"), /^\p{L}+$/u.test("héllo")]
// result: ["ÄÖÜ",["1","٣"],true,"x_y",true]

// case: unicode sets
return ["abcXYZé".match(/[\p{L}--[a-z]]+/v)[0], "ab12c".match(/[\w&&\d]+/v)[0], /[[a-z]--[aeiou]]/v.test("e")]
// result: ["XYZé","12",false]

// case: unicode sets with strings, longest first
return [/^[\q{abc|ab|a}]c$/v.exec("abcc")[0], /^[\q{abc|ab|a}]c$/v.exec("abc")[0], /[\q{}]/v.exec("x")[0], /^[\q{AbC}]$/vi.test("abc"), /(?<=[\q{ab}])c/v.exec("abc").index, "xx\u{1F468}\u200D\u{1F469}\u200D\u{1F467}y".match(/[\q{\u{1F468}\u200D\u{1F469}\u200D\u{1F467}|\u{1F468}}]/v)[0].length]
// result: ["abcc","abc","",true,2,8]

// case: properties of strings
const keycap = "#\uFE0F\u20E3"; const family = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}"; const flag = "\u{1F1E7}\u{1F1EA}"
return [/^\p{RGI_Emoji}+$/v.test(keycap + family + flag + "\u231A"), `a${family}b`.match(/\p{RGI_Emoji_ZWJ_Sequence}/v)[0] === family, /^\p{Emoji_Keycap_Sequence}$/v.test("#"), /^[\p{RGI_Emoji_Flag_Sequence}--\q{\u{1F1E7}\u{1F1EA}}]$/v.test(flag), /^[\p{Emoji_Keycap_Sequence}&&\q{#\uFE0F\u20E3|x}]$/v.test(keycap), /^\p{Basic_Emoji}$/v.test("\u231A")]
// result: [true,true,false,false,true,true]

// case: a negated class may not contain strings
new RegExp("[^\\p{RGI_Emoji}]", "v")
// error: SyntaxError: Invalid regular expression: /[^\p{RGI_Emoji}]/v: Negated character class may contain strings

// case: a negated nested class may not contain strings either
new RegExp("[a[^\\q{ab}]]", "v")
// error: SyntaxError: Invalid regular expression: /[a[^\q{ab}]]/v: Negated character class may contain strings

// case: properties of strings need the v flag and cannot be negated
const r = []; for (const [p, f] of [["\\p{RGI_Emoji}", "u"], ["\\P{RGI_Emoji}", "v"], ["[^\\q{a}]", "v"]]) { try { r.push(new RegExp(p, f).source) } catch (e) { r.push(e.message) } } return r
// result: ["Invalid regular expression: /\\p{RGI_Emoji}/u: Invalid property name","Invalid regular expression: /\\P{RGI_Emoji}/v: Invalid property name","[^\\q{a}]"]

// case: unicode case folding beyond lower-casing
return [/\u{10400}/ui.test("\u{10428}"), /[\u{10428}]/ui.test("\u{10400}"), /[\u0390]/ui.test("\u1fd3"), /\ufb06/ui.test("\ufb05"), /\u{10400}/i.test("\u{10428}")]
// result: [true,true,true,true,false]

// case: a lone surrogate never matches inside a pair under u
return [/\udf06/u.exec("\ud834\udf06"), "\ud834\udf06".search(/\udf06/u), "\ud834\udf06".split(/\udf06/u).length, /\udf06/.exec("\ud834\udf06").index]
// result: [null,-1,1,1]

// case: escapes
return [/\x41\u0042\0/.test("AB\0"), /\cJ/.test("\n"), /[\b]/.test("\b"), /\t\n\v\f\r/.test("\t\n\v\f\r"), /\//.test("/"), /\./.test("a")]
// result: [true,true,true,true,true,false]

// case: annex b leniencies
return [/a{,2}/.test("a{,2}"), /\8/.test("8"), /]/.test("]"), /{/.test("{"), /\c/.test("\\c"), /\k/.test("k")]
// result: [true,true,true,true,true,true]

// case: has indices
const m = /(?<a>x)(y)?/d.exec("zx"); return [m.indices[0], m.indices[1], m.indices[2], m.indices.groups.a]
// result: [[1,2],[1,2],null,[1,2]]

// case: string match
return ["a1b22c333".match(/\d+/g), "abc".match(/x/g), "abc".match(/b/).index, "a.b".match("."), "aXbX".match(/x/gi)]
// result: [["1","22","333"],null,1,["a"],["X","X"]]

// case: string match all
return [..."a1b2c3".matchAll(/[a-z](\d)/g)].map((m) => [m[0], m[1], m.index])
// result: [["a1","1",0],["b2","2",2],["c3","3",4]]

// case: match all named and iterator
const it = "k1=v1;k2=v2".matchAll(/(?<k>\w+)=(?<v>\w+)/g); const first = it.next(); return [first.done, first.value.groups.k, [...it].map((m) => m.groups.v)]
// result: [false,"k1",["v2"]]

// case: match all requires g
"abc".matchAll(/b/)
// error: TypeError: String.prototype.matchAll called with a non-global RegExp argument

// case: string search
return ["hello".search(/l+/), "hello".search(/z/), "a.b".search("."), "abc".search()]
// result: [2,-1,0,0]

// case: replace with patterns
return ["John Smith".replace(/(\w+)\s(\w+)/, "$2, $1"), "abc".replace(/b/, "[$&|$`|$'|$$]"), "x".replace(/x/, "$1$0$9"), "2024-05".replace(/(?<y>\d+)-(?<m>\d+)/, "$<m>/$<y>")]
// result: ["Smith, John","a[b|a|c|$]c","$1$0$9","05/2024"]

// case: replace two digit groups
return ["abcdefghijk".replace(/(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)/, "$11-$10-$1"), "ab".replace(/(a)(b)/, "$12"), "ab".replace(/(a)/, "$<x>")]
// result: ["k-j-a","a2","$<x>b"]

// case: replace global
return ["aaa".replace(/a/g, "b"), "a-b-c".replace(/-/g, "+"), "abc".replace(/(?:)/g, "-"), "😀😀".replace(/(?:)/gu, "-")]
// result: ["bbb","a+b+c","-a-b-c-","-😀-😀-"]

// case: replace with function
return ["a1b2".replace(/\d/g, (d) => d * 2), "x-y".replace(/(\w)-(\w)/, (m, a, b, off, s) => [b, a, off, s].join()), "k=v".replace(/(?<k>\w)=(?<v>\w)/, (...args) => JSON.stringify(args[args.length - 1]))]
// result: ["a2b4","y,x,0,x-y","{\"k\":\"k\",\"v\":\"v\"}"]

// case: replace function receives undefined captures
return "b".replace(/(a)?b/, (m, a) => String(a))
// result: "undefined"

// case: replaceAll with regex
return ["a.b.c".replaceAll(/\./g, "/"), "aaa".replaceAll(/a/g, (m, i) => i), "abc".replaceAll("b", "$&$&")]
// result: ["a/b/c","012","abbc"]

// case: replaceAll requires g
"abc".replaceAll(/b/, "x")
// error: TypeError: String.prototype.replaceAll called with a non-global RegExp argument

// case: split with regex
return ["a, b,c ,d".split(/\s*,\s*/), "A-B_C".split(/([-_])/), "abc".split(/(?:)/), "a1b2c3".split(/\d/, 2), "".split(/x/), "".split(/(?:)/)]
// result: [["a","b","c","d"],["A","-","B","_","C"],["a","b","c"],["a","b"],[""],[]]

// case: split with captures and limit
return ["a1b2c3".split(/(\d)/, 3), "test".split(/(t)?/), "ab".split(/a*?/), "ab".split(/a*/)]
// result: [["a","1","b"],["","t","e",null,"s","t",""],["a","b"],["","b"]]

// case: split unicode
return ["😀😀".split(/(?:)/u), "😀😀".split(/(?:)/).length]
// result: [["😀","😀"],4]

// case: includes refuses a regex
"abc".includes(/b/)
// error: TypeError: First argument to String.prototype.includes must not be a regular expression

// case: startsWith with symbol match false
const re = /a/; re[Symbol.match] = false; return ["/a/".startsWith(re), "/a/".includes(re)]
// result: [true,true]

// case: symbol methods exist
return [typeof RegExp.prototype[Symbol.match], typeof RegExp.prototype[Symbol.replace], typeof RegExp.prototype[Symbol.split], typeof RegExp.prototype[Symbol.search], typeof RegExp.prototype[Symbol.matchAll]]
// result: ["function","function","function","function","function"]

// case: custom exec is used
const re = /x/; let n = 0; re.exec = function (s) { n++; return null }; return [re.test("x"), "x".replace(re, "y"), "x".search(re), n]
// result: [false,"x",-1,3]

// case: object with Symbol.replace
const o = { [Symbol.replace](s, r) { return s + "|" + r } }; return "abc".replace(o, "z")
// result: "abc|z"

// case: literal is fresh each evaluation
const f = () => /a/g; const a = f(), b = f(); a.lastIndex = 2; return [a === b, b.lastIndex, a.lastIndex]
// result: [false,0,2]

// case: lastIndex past end resets
const re = /a/g; re.lastIndex = 10; return [re.test("aaa"), re.lastIndex]
// result: [false,0]

// case: global match with empty matches
return ["abc".match(/x*/g), "aab".match(/a*/g)]
// result: [["","","",""],["aa","",""]]

// case: greedy versus lazy
return ["<a><b>".match(/<.*>/)[0], "<a><b>".match(/<.*?>/)[0], "<a><b>".match(/<.*?>/g)]
// result: ["<a><b>","<a>",["<a>","<b>"]]

// case: common agent patterns
const text = "Contact: joe@example.com, ann@test.org on 2024-05-01"; return [text.match(/[\w.]+@[\w.]+\.\w+/g), text.match(/\d{4}-\d{2}-\d{2}/)[0], "  trim me  ".replace(/^\s+|\s+$/g, ""), "CamelCaseString".replace(/([A-Z])/g, " $1").trim().split(" "), "snake_case_here".replace(/_(\w)/g, (m, c) => c.toUpperCase())]
// result: [["joe@example.com","ann@test.org"],"2024-05-01","trim me",["Camel","Case","String"],"snakeCaseHere"]

// case: parse key value lines
const lines = "a=1\nb = 2\n# c\nd=x=y"; const out = {}; for (const line of lines.split(/\r?\n/)) { const m = /^\s*([^#=\s]+)\s*=\s*(.*)$/.exec(line); if (m) out[m[1]] = m[2] } return out
// result: {"a":"1","b":"2","d":"x=y"}

// case: url parts
const m = /^(\w+):\/\/([^/:]+)(?::(\d+))?(\/[^?#]*)?(?:\?([^#]*))?/.exec("https://example.com:8080/a/b?x=1#top"); return m.slice(1)
// result: ["https","example.com","8080","/a/b","x=1"]

// case: catastrophic pattern small input
return /(a+)+$/.test("aaaaaaaaaab")
// result: false

// case: huge quantifier
return [/(?:ab){3,1000000000}/.test("abababab"), /a{99999999999}/.test("aaa"), /^(?:a|b){2,4}$/.test("abab")]
// result: [true,false,true]

// case: regex in json and string conversion
return [JSON.stringify({ r: /a/ }), `${/a/g}`, /a/ + ""]
// result: ["{\"r\":{}}","/a/g","/a/"]

// case: exec result is an array
const m = /(a)(b)/.exec("ab"); return [Array.isArray(m), m.map((x) => x.toUpperCase()), Object.keys(m)]
// result: [true,["AB","A","B"],["0","1","2","index","input","groups"]]

// case: case insensitive backreference and class
return [/(ab)\1/i.exec("abAB")[0], "ÄÖü".match(/[ä-ü]+/i)?.[0] ?? null, /[^a]/i.test("A")]
// result: ["abAB","ÄÖü",false]

// case: nested quantified groups
return /^((?:\w+\.)*\w+)@((?:[\w-]+\.)+[a-z]{2,})$/.exec("first.last@sub.example.com").slice(1)
// result: ["first.last","sub.example.com"]
