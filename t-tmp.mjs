import { CodeMode, Tool } from "./dist/index.js"
import { Effect, Schema } from "effect"
const send = Tool.make({ description: "Send", input: Schema.Struct({}), execute: () => Effect.succeed(1) })
const tools = { crm: { send, sendSms: send } }
for (const [language, code] of [["javascript", "const a = 1\nreturn await tools.crm.sendEmail({})"], ["lua", "local a = 1\nreturn tools.crm.sendEmail({})"], ["lua", "error({ code = 'NOT_OPEN' })"], ["javascript", "function f() { await 1 }"], ["javascript", "if (x) {\n  let y = 1\n"], ["javascript", "const x: number = 1"], ["javascript", "local x = 1\nfor i = 1, 3 do end"]]) {
  const r = await Effect.runPromise(CodeMode.execute({ language, tools, code }))
  console.log(language, JSON.stringify(r.error ?? r.value))
}
