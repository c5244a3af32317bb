/**
 * `runtime.instructions({ inlineBudget })`: the text a host puts in its `execute` tool's
 * description, so the model knows how to write a program, which globals it has, and which tools
 * there are, within a budget of estimated tokens (the second reference's `inline_budget`).
 *
 * The fixed part (`instructions-text.ts`) says how to write a program in the runtime's language
 * and lists the discovery and output globals (and the model ones when the runtime has a provider).
 * Then come tool declarations, as many as the budget holds, which is the part that grows with the
 * catalog: a host with two thousand tools cannot inline them all, and need not, since
 * `searchTools` finds the rest. The budget is spent on this tools section alone (its headers,
 * declarations and closing line), so a larger budget means more tools, never less guidance.
 * Tokens are estimated at four characters each, the rule of thumb the reference uses for its
 * budgets too; it is an estimate, not a tokenizer.
 *
 * Filling is fair across namespaces: every top-level namespace is named, with its description and
 * how many of its tools are shown, whatever the budget (a model that knows `github` exists can
 * search it), and declarations are then taken round-robin, one per namespace per round, each
 * namespace's tools in the order the host declared them (hosts and MCP servers list their main
 * tools first). A namespace whose next declaration does not fit takes no more, so no namespace
 * shows a later tool while an earlier one is missing; the others go on filling. A line says how
 * many tools were left out and how to find them. The result depends only on the catalog, the
 * language and the budget: the same inputs give the same text, byte for byte.
 */

import type { Catalog } from "./catalog.js"
import { guideText, type GuideText } from "./instructions-text.js"
import type { Language, ToolEntry } from "./paths.js"

export interface InstructionsOptions {
  /**
   * Estimated tokens (about 4 characters each) for the tool declarations. Default
   * `DEFAULT_INLINE_BUDGET`; 0 names the namespaces and inlines no tool.
   */
  readonly inlineBudget?: number
}

/** The reference's default `inline_budget`: about 3,000 estimated tokens of tool documentation. */
export const DEFAULT_INLINE_BUDGET = 3_000

/** Characters per estimated token. */
export const CHARS_PER_TOKEN = 4

/** Longest description (characters) shown for a tool or namespace; `describeTool` has the rest. */
const MAX_INLINE_DESCRIPTION = 160

export const estimateTokens = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN)

export const InstructionsMessages = {
  notAnObject: (got: string) => `instructions expects an options object { inlineBudget }, got ${got}`,
  unknownOption: (key: string) => `instructions: unknown option '${key}'; the only option is inlineBudget`,
  badBudget: (got: unknown) => `instructions: inlineBudget must be a non-negative integer (estimated tokens), got ${String(got)}`,
  omitted: (left: number, total: number, findMore: string) =>
    `${left} of ${total} tools are not shown here: find them with ${findMore}.`,
  noTools: () => "This runtime has no tools.",
} as const

/** One top-level namespace (or the tools outside any, named ""), its tools in declaration order. */
interface Group {
  readonly name: string
  readonly description: string | undefined
  readonly tools: ReadonlyArray<ToolEntry>
  /** How many of `tools` are shown, from the first. */
  shown: number
}

/**
 * The instructions for a program in `language` over `catalog`. The models section is there only
 * when the runtime has a models provider (`withModels`): describing calls that can only fail
 * would cost the model tokens and invite the calls.
 */
export const renderInstructions = (catalog: Catalog, language: Language, options: InstructionsOptions = {}, withModels = false): string => {
  const budget = readBudget(options)
  const text = guideText(language)
  const bullets = (lines: ReadonlyArray<string>) => lines.map((line) => `- ${line}`).join("\n")
  return [
    text.intro,
    `## Writing the program\n${bullets(text.writing)}`,
    `## Finding tools\n${bullets(text.discovery)}`,
    `## Output\n${bullets(text.output)}`,
    ...(withModels ? [`## Models\n${bullets(text.models)}`] : []),
    `## ${text.toolsHeading}\n${renderTools(catalog, language, text, budget)}`,
  ].join("\n\n")
}

const readBudget = (options: InstructionsOptions): number => {
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(InstructionsMessages.notAnObject(options === null ? "null" : Array.isArray(options) ? "an array" : typeof options))
  }
  for (const key of Object.keys(options)) if (key !== "inlineBudget") throw new TypeError(InstructionsMessages.unknownOption(key))
  const budget = options.inlineBudget ?? DEFAULT_INLINE_BUDGET
  if (typeof budget !== "number" || !Number.isSafeInteger(budget) || budget < 0) throw new RangeError(InstructionsMessages.badBudget(budget))
  return budget
}

/** The tools section: every namespace's header, the declarations that fit, the closing line. */
const renderTools = (catalog: Catalog, language: Language, text: GuideText, budget: number): string => {
  const groups = groupsOf(catalog)
  if (groups.length === 0) return InstructionsMessages.noTools()
  const total = catalog.entries.length
  const declarations = new Map<ToolEntry, string>()
  const declaration = (entry: ToolEntry): string => {
    let known = declarations.get(entry)
    if (known === undefined) declarations.set(entry, (known = renderDeclaration(catalog, entry, language, text)))
    return known
  }
  // Headers and the closing line are paid first, at their longest ("n of n tools shown", every
  // tool left out), so what the declarations are given can only be too little, never too much.
  const fixed = groups.reduce((sum, group) => sum + header(group, group.tools.length, text, true).length + 2, 0)
  let room = budget * CHARS_PER_TOKEN - fixed - InstructionsMessages.omitted(total, total, text.findMore).length - 1
  const open = new Set(groups.filter((group) => group.tools.length > 0))
  while (open.size > 0) {
    for (const group of [...open]) {
      const cost = declaration(group.tools[group.shown]).length + 1
      if (cost > room) {
        open.delete(group)
        continue
      }
      room -= cost
      group.shown++
      if (group.shown === group.tools.length) open.delete(group)
    }
  }
  const sections = groups.map((group) =>
    [header(group, group.shown, text), ...group.tools.slice(0, group.shown).map(declaration)].join("\n"),
  )
  const left = total - groups.reduce((sum, group) => sum + group.shown, 0)
  if (left > 0) sections.push(InstructionsMessages.omitted(left, total, text.findMore))
  return sections.join("\n\n")
}

const groupsOf = (catalog: Catalog): Array<Group> => {
  const byName = new Map<string, Array<ToolEntry>>()
  for (const entry of catalog.entries) {
    const name = entry.segments.length > 1 ? entry.segments[0] : ""
    let tools = byName.get(name)
    if (tools === undefined) byName.set(name, (tools = []))
    tools.push(entry)
  }
  return [...byName].map(([name, tools]) => ({
    name,
    description: name === "" ? undefined : tools[0].namespaces[0]?.description,
    tools,
    shown: 0,
  }))
}

const header = (group: Group, shown: number, text: GuideText, partial = shown < group.tools.length): string => {
  const name = group.name === "" ? "(top level)" : group.name
  const description = group.description === undefined || group.description.trim() === "" ? "" : `: ${shorten(group.description)}`
  const count = group.tools.length === 1 ? "1 tool" : `${group.tools.length} tools`
  const shownPart = partial ? `${shown} of ${count} shown` : count
  return `${text.comment} ${name}${description} (${shownPart})`
}

/** A tool's description (its first line, shortened) as a comment, then its signature. */
const renderDeclaration = (catalog: Catalog, entry: ToolEntry, language: Language, text: GuideText): string => {
  const signature = catalog.signature(entry, language)
  const description = shorten(entry.tool.description)
  return description === "" ? signature : `${text.comment} ${description}\n${signature}`
}

const shorten = (description: string): string => {
  const line = description.trim().split(/\r?\n/, 1)[0]?.trim() ?? ""
  return line.length <= MAX_INLINE_DESCRIPTION ? line : `${line.slice(0, MAX_INLINE_DESCRIPTION - 1).trimEnd()}…`
}
