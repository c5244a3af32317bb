/**
 * The public search-evaluation collection, read from its data files: tool catalogs taken from real
 * MCP servers and OpenAPI descriptions (`test/catalog/quality/public/catalogs.json`, each namespace
 * naming its source) and the queries written against them, split once into a tuning half and a
 * held-out half (`queries.tuning.json`, `queries.heldout.json`).
 *
 * The files are data, not code, so both the quality test (vitest, from source) and the evaluation
 * script (`npm run search:eval`, from `dist/`) read them the same way: found by walking up from this
 * module to the project root. Each tool becomes a real `Tool` whose input is a JSON Schema document
 * with the parameter names of its source, so parameter names reach the ranker exactly as a host's
 * own tools would bring them.
 */

import { existsSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effect } from "effect"
import { Catalog, Namespace, Tool, type ToolTree } from "../../catalog/index.js"

export interface PublicNamespace {
  /** Where its facts come from: `github:owner/name@commit path`. */
  readonly source: string
  readonly description: string
  readonly tools: Readonly<Record<string, { readonly description: string; readonly parameters: ReadonlyArray<string> }>>
}

export interface EvaluationQuery {
  readonly query: string
  /** Tool paths that answer the query; the first is the canonical one, any of them counts. */
  readonly expected: ReadonlyArray<string>
  /** How it is written: para, plural, typo, multi, cross, fr, es, de, ident. */
  readonly kind: string
}

export type Half = "tuning" | "heldout"

const DATA = join("test", "catalog", "quality", "public")

/** The project root: the nearest folder above this module holding the data folder. */
const projectRoot = (): string => {
  let folder = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    if (existsSync(join(folder, DATA))) return folder
    const parent = dirname(folder)
    if (parent === folder) throw new Error(`search evaluation: no ${DATA} above ${fileURLToPath(import.meta.url)}`)
    folder = parent
  }
}

const readJson = (file: string): any => JSON.parse(readFileSync(join(projectRoot(), DATA, file), "utf8"))

export const publicNamespaces = (): Readonly<Record<string, PublicNamespace>> => readJson("catalogs.json").namespaces

export const evaluationQueries = (half: Half): ReadonlyArray<EvaluationQuery> => readJson(`queries.${half}.json`).queries

const inputOf = (parameters: ReadonlyArray<string>) => ({
  type: "object",
  properties: Object.fromEntries(parameters.map((name) => [name, { type: "string" }])),
})

/** The tools tree of the public catalogs, every tool callable (it does nothing). */
export const publicTools = (namespaces: Readonly<Record<string, PublicNamespace>> = publicNamespaces()): ToolTree =>
  Object.fromEntries(
    Object.entries(namespaces).map(([name, info]) => [
      name,
      Namespace.make({
        description: info.description,
        tools: Object.fromEntries(
          Object.entries(info.tools).map(([key, tool]) => [
            key,
            Tool.make({ description: tool.description, input: inputOf(tool.parameters), execute: () => Effect.void }),
          ]),
        ),
      }),
    ]),
  )

export const publicCatalog = (): Catalog => Catalog.make(publicTools())
