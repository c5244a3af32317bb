/**
 * The README's fenced code blocks, read the way a renderer reads them, so the README test can run
 * each one. A block's info string is its language and, optionally, the word `fragment` and a reason:
 * "```ts fragment: a signature overview". Renderers highlight by the first word only, so the mark
 * costs the reader nothing, and it lives beside the block it excuses, where a maintainer editing
 * the block sees it.
 *
 * Only three languages run: `ts` (a module importing the package by name), `lua` and `js`
 * (programs for a runtime). A configuration file shown whole, "```json codemode.config.json", does
 * not run but is checked: the CLI's own parser must accept it. Every other block must carry the
 * mark; an unmarked shell or JSON block is an error rather than something skipped quietly, so a new
 * block is either run, checked or excused on purpose. Fences may be indented (a block inside a list item); the indentation is removed from
 * the content as Markdown does.
 */

export type RunnableLanguage = "ts" | "lua" | "js"

export interface CodeBlock {
  /** 1-based line of the opening fence in README.md, the name a failure is reported by. */
  readonly line: number
  /** The info string's first word (`ts`, `lua`, `sh`, ...). */
  readonly language: string
  /** Set when the block is marked `fragment`: the reason written after it, or "" when none is. */
  readonly fragment: string | undefined
  /** The info string after the language and any mark: `codemode.config.json` names a configuration file. */
  readonly label: string
  readonly code: string
}

const OPENING = /^(\s*)(`{3,}|~{3,})\s*([^`]*)$/
const FRAGMENT = /^fragment\b[:\s]*(.*)$/

export const runnableLanguages: ReadonlyArray<RunnableLanguage> = ["ts", "lua", "js"]

export const isRunnable = (block: CodeBlock): block is CodeBlock & { readonly language: RunnableLanguage } =>
  block.fragment === undefined && (runnableLanguages as ReadonlyArray<string>).includes(block.language)

export const Messages = {
  unclosedFence: (line: number) => `README.md:${line}: a code fence opened here is never closed`,
  unmarkedBlock: (block: CodeBlock) =>
    `README.md:${block.line}: a \`${block.language || "(no language)"}\` block cannot run; ` +
    `mark it \`${block.language || "text"} fragment: <why>\`, make it a ts, lua or js block, or label a whole configuration file \`json ${CONFIG_FILE}\``,
}

/** Every fenced block of a Markdown document, in order. */
export const codeBlocks = (markdown: string): ReadonlyArray<CodeBlock> => {
  const lines = markdown.split("\n")
  const blocks: Array<CodeBlock> = []
  for (let index = 0; index < lines.length; index++) {
    const opening = OPENING.exec(lines[index])
    if (opening === null) continue
    const [, indent, fence, info] = opening
    const closing = new RegExp(`^\\s*${fence[0]}{${fence.length},}\\s*$`)
    const body: Array<string> = []
    let end = index + 1
    while (end < lines.length && !closing.test(lines[end])) {
      body.push(lines[end].startsWith(indent) ? lines[end].slice(indent.length) : lines[end].trimStart())
      end++
    }
    if (end === lines.length) throw new Error(Messages.unclosedFence(index + 1))
    const [language = "", ...rest] = info.trim().split(/\s+/)
    const mark = FRAGMENT.exec(rest.join(" "))
    blocks.push({
      line: index + 1,
      language,
      fragment: mark === null ? undefined : mark[1].trim(),
      label: mark === null ? rest.join(" ") : "",
      code: body.join("\n") + "\n",
    })
    index = end
  }
  return blocks
}

export const CONFIG_FILE = "codemode.config.json"

export const isConfigFile = (block: CodeBlock): boolean => block.fragment === undefined && block.language === "json" && block.label === CONFIG_FILE

/** The blocks that neither run, nor are checked, nor carry the mark: each is a README error. */
export const unmarkedBlocks = (blocks: ReadonlyArray<CodeBlock>): ReadonlyArray<CodeBlock> =>
  blocks.filter((block) => block.fragment === undefined && !isRunnable(block) && !isConfigFile(block))
