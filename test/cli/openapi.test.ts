/**
 * An OpenAPI service as a source of the configuration file: the CLI reads the document (a file
 * beside the configuration), mounts its operations as a namespace, and its tools call a real HTTP
 * service on 127.0.0.1 with the credential the configuration names through an environment variable.
 */

import { spawn } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const cli = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url))
const dir = mkdtempSync(join(tmpdir(), "codemode-cli-openapi-"))

// Asynchronous on purpose: the service runs in this process, so the CLI must not block it.
const runCli = (args: string[], input: string, env: Record<string, string> = {}) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: dir, env: { ...process.env, ...env } })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    child.on("close", (status) => resolve({ status, stdout, stderr }))
    child.stdin.end(input)
  })

const service = createServer((req, res) => {
  const ok = req.headers["x-api-key"] === "the-key"
  res.writeHead(ok ? 200 : 401, { "content-type": "application/json" })
  res.end(JSON.stringify(ok ? { id: req.url!.split("/").pop(), name: "Rex" } : { error: "bad key" }))
})

beforeAll(async () => {
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", () => resolve()))
  const { port } = service.address() as AddressInfo
  writeFileSync(
    join(dir, "pets.yaml"),
    `openapi: 3.1.0
info: { title: Pets, version: "1", description: The pet shop. }
servers: [{ url: "http://127.0.0.1:${port}" }]
components: { securitySchemes: { key: { type: apiKey, in: header, name: X-Api-Key } } }
security: [{ key: [] }]
paths:
  /pets/{petId}:
    get:
      operationId: pets.get
      summary: Get a pet by id
      parameters: [{ name: petId, in: path, required: true, schema: { type: string } }]
      responses:
        "200": { description: A pet, content: { application/json: { schema: { type: object, properties: { id: { type: string }, name: { type: string } } } } } }
`,
  )
  writeFileSync(join(dir, "codemode.config.json"), JSON.stringify({ openapi: { pets: { spec: "pets.yaml", auth: { key: "${PETS_KEY}" } } }, state: "memory" }))
  writeFileSync(join(dir, "missing.json"), JSON.stringify({ openapi: { pets: { spec: "nowhere.yaml" } } }))
})
afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())))

describe("codemode with an OpenAPI source", { timeout: 120_000 }, () => {
  it("runs a program over the service, with the credential from the environment", async () => {
    const out = await runCli(["run", "-"], `return tools.pets.pets.get({ petId = "p1" }).name`, { PETS_KEY: "the-key" })
    expect(out).toMatchObject({ status: 0, stdout: "Rex\n" })
    const refused = await runCli(["run", "-"], `return tools.pets.pets.get({ petId = "p1" }).name`, { PETS_KEY: "wrong" })
    expect(refused.status).toBe(1)
    expect(refused.stderr).toContain("401")
  })

  it("lists its operations in the catalog", async () => {
    const out = await runCli(["catalog"], "", { PETS_KEY: "the-key" })
    expect(out.status).toBe(0)
    expect(out.stdout).toContain("tools.pets.pets.get({ petId = string }) -> { id? = string, name? = string }")
  })

  it("names the variable a credential needs, and a document it cannot read", async () => {
    const unset = await runCli(["catalog"], "", { PETS_KEY: "" })
    expect(unset.status).toBe(0)
    const env = { ...process.env }
    delete env["PETS_KEY"]
    const noVariable = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cli, "catalog"], { cwd: dir, env })
      let stderr = ""
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
      child.on("close", (status) => resolve({ status, stderr }))
    })
    expect(noVariable.status).toBe(3)
    expect(noVariable.stderr).toContain("openapi.pets.auth.key: the environment variable PETS_KEY is not set")
    const missing = await runCli(["catalog", "--config", "missing.json"], "")
    expect(missing.status).toBe(4)
    expect(missing.stderr).toContain("Cannot read the OpenAPI document of 'pets' (nowhere.yaml)")
  })
})
