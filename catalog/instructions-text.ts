/**
 * The fixed part of the instructions a host gives the model (`instructions.ts`): how a program is
 * written in each language and which globals it has, said once per language in that language's own
 * spelling (`searchTools` / `search_tools`, `console.log` / `print`, `await` / blocking calls).
 *
 * It is prose kept as data, one table per language, like the messages: the wording is tested by
 * snapshot, so a change to it shows in review as a change to what every model reads. Each line is
 * short and says what to do, not how the runtime does it: the model pays for every token of it on
 * every turn. The globals listed are the ones the runtime provides in both languages (discovery,
 * output, per-branch values, models); tool declarations come after this text, within the budget.
 */

import type { Language } from "./paths.js"
import { luaSearchSignature, searchSignature } from "./search.js"

export interface GuideText {
  readonly intro: string
  readonly writing: ReadonlyArray<string>
  readonly discovery: ReadonlyArray<string>
  readonly output: ReadonlyArray<string>
  readonly models: ReadonlyArray<string>
  /** The heading of the tool declarations and the comment mark their namespace headers use. */
  readonly toolsHeading: string
  readonly comment: string
  /** How to find a tool that is not shown: a call the model can copy. */
  readonly findMore: string
}

const JAVASCRIPT: GuideText = {
  intro:
    "Write a JavaScript program to answer with tools. The program is the body of an async function: `await` and `return` work at the top level. Send plain source, no Markdown fences.",
  writing: [
    "Call a tool as `await tools.<namespace>.<tool>(input)`; its input is one object, as its declaration shows. A failed call rejects: use try/catch.",
    "Calls started together run together (`await Promise.all([...])`); sequence the ones that depend on each other. Await every call you start: calls still pending when the program ends are cancelled.",
    "No Node.js, network, file system or timers: only the tools below reach the outside world.",
    'An optional first line sets tighter limits: `// @options: {"max_output_tokens": 2000, "timeout_ms": 30000}`.',
  ],
  discovery: [
    "`ALL_TOOLS`: every tool as `{ name, description }`.",
    "`await searchTools(query, { limit, namespace })`: `[{ name, description, signature }]`, best first (8 by default).",
    "`await describeTool(name)`: a tool's declaration, or `undefined`. `await describeNamespace(name)`: `{ name, description, instructions, tools, namespaces }`, or `undefined`.",
    `\`${searchSignature.split("\n")[0]}\` (a page of results; \`next\` is the offset of the next page).`,
    "Use the exact names found this way; do not guess tool names.",
  ],
  output: [
    "`text(value)`: adds a text block (objects as JSON). Emit the useful parts, not whole responses.",
    "`image(dataURLOrBlock)`: adds a base64 PNG, JPEG, GIF or WebP image; remote URLs are refused.",
    "`console.log(...)` (also `info`, `warn`, `error`): adds diagnostics to a console block.",
    "`return value`: appended as the last text block. `exit()`: ends the program successfully at once.",
    "`store(key, value)` / `load(key)`: keep a small JSON value between programs (`undefined` deletes it).",
  ],
  models: [
    "`await models.getModelsOfType(type, provider?)` lists configured models of a type (`chat`, `image`, `classifier`); `await models.getAvailableOfType(type, provider?)` only those usable now; `await models.getModelOfType(type, provider, id)` one model or `undefined`. A model is `{ provider, id }`.",
    "`await models.classify(model, { state, questions, images? })`: each question has `instructions`, `type` and `criteria` (`choice`: label to meaning, `score`: rising levels, `bool`: meanings of true and false).",
    '`await models.generateImages(model, { input: [{ type: "text", text }] })`: `output` holds image and text parts.',
    'Check `available.length` first; a result with `stopReason` other than `"stop"` failed (see `errorMessage`). At most 4 model operations run at once.',
  ],
  toolsHeading: "Tools",
  comment: "//",
  findMore: 'await searchTools("what you need")',
}

const LUA: GuideText = {
  intro: "Write a Lua 5.4 program to answer with tools. The program is a chunk: `return` its result. Send plain source, no Markdown fences.",
  writing: [
    "Call a tool as `tools.<namespace>.<tool>(input)`; its input is one table, as its declaration shows. Calls block until they return; a failed call raises an error: use `pcall`.",
    "Tables with keys 1..n are arrays, string keys make objects; `json.null` is JSON null, `json.array()` an empty array.",
    "No `io`, `os`, `require`, `load`, metatables or coroutines: only the tools below reach the outside world.",
    'An optional first line sets tighter limits: `-- @options: {"max_output_tokens": 2000, "timeout_ms": 30000}`.',
  ],
  discovery: [
    "`ALL_TOOLS`: every tool as `{ name, description }`.",
    "`search_tools(query, { limit = 8, namespace = \"...\" })`: `{ { name, description, signature }, ... }`, best first (8 by default).",
    "`describe_tool(name)`: a tool's declaration, or `nil`. `describe_namespace(name)`: `{ name, description, instructions, tools, namespaces }`, or `nil`.",
    `\`${luaSearchSignature.split("\n")[0]}\` (a page of results; \`next\` is the offset of the next page).`,
    "Use the exact names found this way; do not guess tool names.",
  ],
  output: [
    "`text(value)`: adds a text block (tables as JSON). Emit the useful parts, not whole responses.",
    "`image(data_url_or_block)`: adds a base64 PNG, JPEG, GIF or WebP image; remote URLs are refused.",
    "`print(...)`: adds diagnostics to a console block.",
    "`return value`: appended as the last text block. `exit()`: ends the program successfully at once.",
    "`store(key, value)` / `load(key)`: keep a small JSON value between programs (`nil` deletes it).",
  ],
  models: [
    "`models.get_models_of_type(type, provider?)` lists configured models of a type (`chat`, `image`, `classifier`); `models.get_available_of_type(type, provider?)` only those usable now; `models.get_model_of_type(type, provider, id)` one model or `nil`. A model is `{ provider, id }`.",
    "`models.classify(model, { state = ..., questions = ..., images? })`: each question has `instructions`, `type` and `criteria` (`choice`: label to meaning, `score`: rising levels, `bool`: meanings of true and false).",
    '`models.generate_images(model, { input = { { type = "text", text = "..." } } })`: `output` holds image and text parts.',
    'Check `#available > 0` first; a result with `stopReason` other than `"stop"` failed (see `errorMessage`). At most 4 model operations run at once.',
  ],
  toolsHeading: "Tools",
  comment: "--",
  findMore: 'search_tools("what you need")',
}

export const guideText = (language: Language): GuideText => (language === "lua" ? LUA : JAVASCRIPT)
