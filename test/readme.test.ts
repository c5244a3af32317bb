/**
 * Every code block of README.md runs here, so the README cannot drift from the code.
 *
 * - ```lua and ```js blocks are programs: each runs through `CodeMode.make` over the fixture tools
 *   they call (`test/readme/tools.ts`) and must end `ok: true`, with the value and the printed
 *   lines its `-- result:` / `-- prints:` comments promise (`test/readme/programs.ts`).
 * - ```ts blocks are modules: each is written, as it stands, to a git-ignored folder of its own
 *   under `.scratch/readme/` and imported with that folder as the working directory (files an
 *   example makes, `state.db`, land there and are gone before the next run). `import ... from
 *   "codemode"` resolves through the package's own `exports` to `dist/`, as Node lets a package
 *   import itself by name, so an example runs exactly as a user's copy of it would. Every Result it
 *   leaves in a top-level binding or logs must be `ok: true`, and the values its comments show are
 *   compared with what it produced (`test/readme/modules.ts`, `test/readme/patterns.ts`).
 *   `readme-types.test.ts` type-checks the same blocks, in a file of its own so that the two run
 *   side by side.
 * - A ```json codemode.config.json block must be a configuration the CLI's parser accepts.
 * - Any other block is marked `fragment` in its info string, with the reason (`blocks.ts`); an
 *   unmarked one fails the first test. The summary at the end counts what ran and what did not.
 *
 * Blocks that need a server start their own (the OpenAPI example its HTTP service on a free port)
 * or a child process the repo has (`npx codemode serve`, the MCP memory server, a devDependency);
 * none reaches the network.
 */

import { readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CodeMode, type Result } from "../dist/index.js"
import { parseConfig } from "../dist/cli/config.js"
import { CONFIG_FILE, codeBlocks, isConfigFile, isRunnable, Messages, unmarkedBlocks, type CodeBlock } from "./readme/blocks.js"
import { expectations, writeModules, type Expectation } from "./readme/modules.js"
import { mismatch } from "./readme/patterns.js"
import { literalProgram, printedInOrder, programPromises } from "./readme/programs.js"
import { readmeTools } from "./readme/tools.js"

const root = fileURLToPath(new URL("..", import.meta.url))
const blocks = codeBlocks(readFileSync(join(root, "README.md"), "utf8"))
const programs = blocks.filter((block) => isRunnable(block) && block.language !== "ts")
const modules = blocks.filter((block) => isRunnable(block) && block.language === "ts")

const isResult = (value: unknown): value is Result =>
  typeof value === "object" && value !== null && typeof (value as Result).ok === "boolean" && Array.isArray((value as Result).toolCalls)

/** Comments that show a value in words rather than as a pattern, listed in the summary. */
const unchecked: Array<string> = []
let checked = 0

describe("README.md", () => {
  it("marks every block that cannot run as a fragment", () => {
    expect(unmarkedBlocks(blocks).map(Messages.unmarkedBlock)).toEqual([])
  })

  describe("Lua and JavaScript programs", () => {
    const runtimes = {
      lua: CodeMode.make({ language: "lua", tools: readmeTools }),
      js: CodeMode.make({ language: "javascript", tools: readmeTools }),
    }
    afterAll(() => Promise.all([runtimes.lua.close(), runtimes.js.close()]))

    for (const block of programs) {
      const language = block.language as "lua" | "js"
      it(`${language} at line ${block.line}`, async () => {
        const runtime = runtimes[language]
        const promises = programPromises(language, block.code)
        const result = await Effect.runPromise(runtime.execute(block.code))
        expect(result, `README.md:${block.line}`).toMatchObject({ ok: true })
        if (!result.ok) return
        if (promises.result !== undefined) {
          const expected = await Effect.runPromise(runtime.execute(literalProgram(language, promises.result)))
          expect(expected, `README.md:${block.line}: the promised result ${promises.result}`).toMatchObject({ ok: true })
          if (expected.ok) expect(result.value, `README.md:${block.line}: result`).toEqual(expected.value)
        }
        const logs = result.logs ?? []
        expect(printedInOrder(logs, promises.prints), `README.md:${block.line}: printed ${JSON.stringify(logs)}`).toBe(true)
      })
    }
  })

  describe("configuration files", () => {
    for (const block of blocks.filter(isConfigFile)) {
      it(`${CONFIG_FILE} at line ${block.line} is one the CLI accepts`, () => {
        // `${GITHUB_TOKEN}` and `${PETSTORE_KEY}` in the example are substituted when the file is read; any value will do.
        const config = parseConfig(`README.md:${block.line}`, JSON.parse(block.code), { GITHUB_TOKEN: "token", PETSTORE_KEY: "key" })
        expect(config).toMatchObject({ language: JSON.parse(block.code).language })
      })
    }
  })

  describe("TypeScript examples", () => {
    let files: ReadonlyMap<CodeBlock, string> = new Map()
    beforeAll(() => {
      files = writeModules(join(root, ".scratch", "readme", "run"), modules, readFileSync(join(root, "dist", "index.d.ts"), "utf8"))
    })

    for (const block of modules) {
      it(`ts at line ${block.line}`, { timeout: 60_000 }, async () => {
        const file = files.get(block)!
        const { exports, logged } = await importIn(file)
        const produced = [...Object.entries(exports), ...logged.map((value, index) => [`console.log #${index + 1}`, value] as const)]
        for (const [name, value] of produced) {
          if (isResult(value)) expect(value, `README.md:${block.line}: ${name}`).toMatchObject({ ok: true })
        }
        for (const expectation of expectations(block.code)) checkExpectation(block, expectation, exports, logged)
      })
    }
  })

  afterAll(() => {
    const count = (language: string) => blocks.filter((block) => isRunnable(block) && block.language === language).length
    const fragments = blocks.filter((block) => block.fragment !== undefined)
    console.info(
      [
        `README.md: ${count("ts")} TypeScript, ${count("lua")} Lua and ${count("js")} JavaScript blocks run, ` +
          `${blocks.filter(isConfigFile).length} configuration file checked, ${fragments.length} fragments:`,
        ...fragments.map((block) => `  line ${block.line} (${block.language}): ${block.fragment || "no reason given"}`),
        `${checked} comments' values compared with what the examples produced; ${unchecked.length} show one in words, not checked:`,
        ...unchecked.map((line) => `  ${line}`),
      ].join("\n"),
    )
  })
})

/**
 * Imports a module with its own folder as the working directory, keeping what it logs (its first
 * argument per call) instead of printing it.
 */
const importIn = async (file: string): Promise<{ exports: Record<string, unknown>; logged: Array<unknown> }> => {
  const logged: Array<unknown> = []
  const log = console.log
  const cwd = process.cwd()
  console.log = (...args: Array<unknown>) => void logged.push(args[0])
  process.chdir(join(file, ".."))
  try {
    return { exports: await import(pathToFileURL(file).href), logged }
  } finally {
    console.log = log
    process.chdir(cwd)
  }
}

const checkExpectation = (block: CodeBlock, expectation: Expectation, exports: Record<string, unknown>, logged: ReadonlyArray<unknown>) => {
  const where = `README.md:${block.line + expectation.line}`
  const { subject } = expectation
  if (subject.kind === "log" && subject.index >= logged.length) {
    expect.fail(`${where}: console.log #${subject.index + 1} never ran (${logged.length} did)`)
  }
  const actual =
    subject.kind === "log"
      ? logged[subject.index]
      : subject.path.slice(1).reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], exports[subject.path[0]])
  if (expectation.pattern !== undefined || typeof actual === "string") checked++
  if (expectation.pattern !== undefined) {
    expect(mismatch(expectation.pattern, actual, subject.kind === "log" ? `console.log #${subject.index + 1}` : subject.path.join(".")), `${where}: ${expectation.text}`).toBeUndefined()
  } else if (typeof actual === "string") {
    expect(actual, where).toBe(expectation.text)
  } else {
    unchecked.push(`line ${block.line + expectation.line}: ${expectation.text}`)
  }
}
