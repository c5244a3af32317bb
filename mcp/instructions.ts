/**
 * What `codemode serve` tells the model: how to write a program, and what the tools are.
 *
 * Two texts. The server's `instructions` (read once per session by most clients) say what Code
 * Mode is and what each namespace is for, from the namespaces' descriptions and instructions. The
 * `execute` tool's description (read with every tools/list) says how to call it and lists tool
 * declarations. Both must stay within a token budget, because a server with forty namespaces must
 * not drown the model's context, and the budget is shared fairly: every namespace gets an equal
 * share, and what a short one leaves over goes to the longer ones (`shareFairly`). What does not
 * fit is cut with a note pointing at `search`, which finds every tool whatever the budget.
 *
 * Tokens are estimated at four characters each, the usual rule of thumb for English and code;
 * the budget is a ceiling on context use, not an exact count.
 */

import { CodeMode } from "../pool/codemode.js"
import type { Language } from "../protocol/language.js"

export const CHARS_PER_TOKEN = 4
export const DEFAULT_INSTRUCTION_TOKENS = 3_000

export interface NamespaceSummary {
  readonly name: string
  readonly description?: string | undefined
  readonly instructions?: string | undefined
}

export interface ToolSummary {
  readonly path: string
  readonly signature: string
  readonly description: string
}

/**
 * Splits `budget` characters among texts: each gets at most its length, and no text gets less
 * than an equal share of what the others leave (max-min fairness, shortest first).
 */
export const shareFairly = (lengths: ReadonlyArray<number>, budget: number): number[] => {
  const shares = new Array<number>(lengths.length).fill(0)
  const order = lengths.map((length, index) => ({ length, index })).sort((a, b) => a.length - b.length)
  let remaining = Math.max(0, budget)
  for (let i = 0; i < order.length; i++) {
    const fair = Math.floor(remaining / (order.length - i))
    const share = Math.min(order[i]!.length, fair)
    shares[order[i]!.index] = share
    remaining -= share
  }
  return shares
}

const cut = (text: string, chars: number): string => {
  if (text.length <= chars) return text
  if (chars < 40) return ""
  return `${text.slice(0, chars - 30).trimEnd()}\n… (cut; use search for more)`
}

const languageName = (language: Language): string => (language === "lua" ? "Lua 5.4" : "JavaScript (the body of an async function)")

export const guide = (language: Language): string => {
  const search = language === "lua" ? CodeMode.luaSearchSignature : CodeMode.searchSignature
  const example =
    language === "lua"
      ? 'local hits = search("what you need")\nreturn tools.ns.tool({ key = "value" })'
      : 'const hits = await search("what you need")\nreturn await tools.ns.tool({ key: "value" })'
  return [
    `Write one ${languageName(language)} program that calls the tools below and returns only what you need.`,
    "Tools are under `tools.<namespace>.<name>`; a failed call is a catchable error. Return a value; print/console.log go to the logs.",
    `Find tools with: ${search}`,
    `Example:\n${example}`,
  ].join("\n")
}

/** The server's instructions: the guide, then each namespace's description and instructions. */
export const serverInstructions = (language: Language, namespaces: ReadonlyArray<NamespaceSummary>, budgetTokens = DEFAULT_INSTRUCTION_TOKENS): string => {
  const head = `Code Mode: ${guide(language)}`
  const texts = namespaces.map((ns) => [ns.description, ns.instructions].filter((part) => part !== undefined && part !== "").join("\n"))
  // Each section costs its heading and separators too: those come off the budget first.
  const overhead = head.length + namespaces.reduce((sum, ns) => sum + ns.name.length + 6, 0)
  const shares = shareFairly(texts.map((text) => text.length), budgetTokens * CHARS_PER_TOKEN - overhead)
  const sections = namespaces.map((ns, i) => {
    const body = cut(texts[i]!, shares[i]!)
    return body === "" ? `## ${ns.name}` : `## ${ns.name}\n${body}`
  })
  return [head, ...sections].join("\n\n")
}

/** The `execute` tool's description: the guide, then tool declarations grouped by namespace. */
export const executeDescription = (language: Language, tools: ReadonlyArray<ToolSummary>, budgetTokens = DEFAULT_INSTRUCTION_TOKENS): string => {
  const head = guide(language)
  const comment = language === "lua" ? "--" : "//"
  const groups = new Map<string, string[]>()
  for (const tool of tools) {
    const namespace = tool.path.split(".")[0]!
    const declaration = `${comment} ${tool.description.split("\n")[0]}\n${tool.signature}`
    groups.set(namespace, [...(groups.get(namespace) ?? []), declaration])
  }
  const names = [...groups.keys()]
  // A namespace's need counts each declaration with its newline, as the loop below spends it;
  // headings and the "more tools" note come off the budget first.
  const needs = names.map((name) => groups.get(name)!.reduce((sum, declaration) => sum + declaration.length + 1, 0))
  const overhead = head.length + names.reduce((sum, name) => sum + 2 * name.length + 80, 0)
  const shares = shareFairly(needs, budgetTokens * CHARS_PER_TOKEN - overhead)
  const sections = names.map((name, i) => {
    const declarations = groups.get(name)!
    const kept: string[] = []
    let used = 0
    for (const declaration of declarations) {
      if (used + declaration.length + 1 > shares[i]!) break
      kept.push(declaration)
      used += declaration.length + 1
    }
    const omitted = declarations.length - kept.length
    const note = omitted === 0 ? [] : [`${comment} … ${omitted} more tool(s) in ${name}: use search({ namespace = "${name}" })`.replace(" = ", language === "lua" ? " = " : ": ")]
    return [`${comment} ${name}`, ...kept, ...note].join("\n")
  })
  return [head, ...sections].join("\n\n")
}
