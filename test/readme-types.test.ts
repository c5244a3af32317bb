/**
 * The README's TypeScript blocks type-check: an example that runs but does not compile misleads a
 * reader as much as one that fails. They are checked with the project's own compiler options
 * (`tsconfig.json`: strict, NodeNext) against the declarations in `dist/`, which `import ... from
 * "codemode"` reaches through the package's `exports`, as a user's copy would. A block that draws
 * a type the package exports (`type Result = ...`) is held to the real one (`readme/modules.ts`).
 *
 * This sits in a file of its own, apart from `readme.test.ts`, so the checker (seconds of CPU over
 * effect's types) runs beside the examples rather than after them. Each block is its own module,
 * so a name one example declares cannot satisfy another; failures name the README line.
 */

import { readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { describe, expect, it } from "vitest"
import { codeBlocks, isRunnable } from "./readme/blocks.js"
import { writeModules } from "./readme/modules.js"

const root = fileURLToPath(new URL("..", import.meta.url))
const modules = codeBlocks(readFileSync(join(root, "README.md"), "utf8")).filter((block) => isRunnable(block) && block.language === "ts")

describe("README.md", () => {
  it("TypeScript blocks type-check with the project's compiler options", { timeout: 120_000 }, () => {
    const files = writeModules(join(root, ".scratch", "readme", "types"), modules, readFileSync(join(root, "dist", "index.d.ts"), "utf8"))
    const blockOf = new Map([...files].map(([block, file]) => [file.replaceAll("\\", "/"), block]))
    const config = ts.readConfigFile(join(root, "tsconfig.json"), ts.sys.readFile)
    const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root)
    const program = ts.createProgram([...files.values()], { ...options, noEmit: true, declaration: false, sourceMap: false })
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")
      const block = diagnostic.file === undefined ? undefined : blockOf.get(diagnostic.file.fileName)
      if (block === undefined || diagnostic.file === undefined || diagnostic.start === undefined) return message
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
      return `README.md:${block.line + line + 1}: ${message}`
    })
    expect(problems).toEqual([])
  })
})
