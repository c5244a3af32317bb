/**
 * Vitest global setup: one PostgreSQL server for the whole run, shared by every state test file
 * (each test makes its own database on it), or the developer's own when `CODEMODE_TEST_PG_URL`
 * names one.
 */

import type { TestProject } from "vitest/node"
import { startPostgres } from "../../perf/postgres-server.js"

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.CODEMODE_TEST_PG_URL
  if (given !== undefined && given !== "") {
    project.provide("postgresUrl", given)
    return undefined
  }
  const server = await startPostgres()
  project.provide("postgresUrl", server.url)
  return () => server.remove()
}
