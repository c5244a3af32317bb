import { runLua } from "./dist/worker/lua/index.js"
console.log(JSON.stringify(runLua(`local function open()\n  error({ code = "NOT_OPEN", n = 1 })\nend\nlocal x = 1\nopen()`)))
console.log(JSON.stringify(runLua(`error({ f = print })`)))
console.log(JSON.stringify(runLua(`local ok, e = pcall(error, { code = 7 }) return e`)))
