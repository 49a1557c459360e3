/**
 * `shoal serve` on Postgres, measured over HTTP against real runner processes
 * (test/serve/child-runner.ts: the echo agent with a zero-latency counting
 * model) on a throwaway PostgreSQL (test/serve/postgres.ts): sessions per
 * second (create + one turn, `concurrency` at a time, spread over the nodes)
 * and sequential turn latency, for one runner and for two sharing the
 * database; then the failover time: `kill -9` of one of two runners until
 * every session (half of them were its) answers a turn on the other.
 * bench/serve-postgres.mjs bundles this and the runner script.
 */
import { spawn } from "node:child_process"
import type { ChildProcess } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import { createInterface } from "node:readline"
import { join } from "node:path"
import { freePort, postgresSkipReason, startPostgres } from "../test/serve/postgres.js"

export interface PgMeasured {
  readonly sessionsPerSecond: number
  readonly p50: number
  readonly p99: number
  /** CPU time per session of the throughput phase (ms): the runners together, PostgreSQL's processes, this client. */
  readonly cpu: { readonly runners: number; readonly postgres: number; readonly client: number }
  /** Wall time of the throughput phase per session (ms), to set the CPU against: above 2 × this on 2 cores is saturated. */
  readonly wallPerSession: number
}

/** CPU time (ms) a process has used so far, from /proc (0 where there is no /proc). */
const cpuOf = (pid: number | undefined): number => {
  if (pid === undefined) return 0
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /s, "").split(" ")
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return 0
  }
}

/** The postmaster listening on `port` (its command line carries `-p <port>`). */
const postmasterOf = (port: number): number | undefined => {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0")
      if (args.some((a) => a.endsWith("/postgres")) && args.join(" ").includes(`-p ${port}`)) return Number(entry)
    } catch {
      // gone meanwhile
    }
  }
  return undefined
}

/** The PostgreSQL server's processes: the postmaster and its children (one backend per connection). */
const postgresCpu = (postmaster: number | undefined): number => {
  if (postmaster === undefined) return 0
  let total = cpuOf(postmaster)
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").replace(/^.*\) /s, "").split(" ")
      if (Number(fields[1]) === postmaster) total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
    } catch {
      // gone meanwhile
    }
  }
  return total
}

interface Node {
  readonly url: string
  readonly child: ChildProcess
}

const percentile = (xs: ReadonlyArray<number>, p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? 0
}

const startNode = (script: string, env: Record<string, string>): Promise<Node> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { env: { PATH: process.env["PATH"] ?? "", ...env }, stdio: ["ignore", "pipe", "ignore"] })
    createInterface({ input: child.stdout }).on("line", (line) => {
      const url = /^\{"url":"([^"]*)"\}$/.exec(line)?.[1]
      if (url !== undefined) resolve({ url, child })
    })
  })

const kill9 = (node: Node) =>
  new Promise<void>((resolve) => {
    if (node.child.exitCode !== null || node.child.signalCode !== null) return resolve()
    node.child.once("exit", () => resolve())
    node.child.kill("SIGKILL")
  })

const post = async (url: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
  const response = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  const text = await response.text()
  return { status: response.status, json: JSON.parse(text === "" ? "null" : text) as unknown }
}

const idOf = (json: unknown) => (typeof json === "object" && json !== null && "id" in json && typeof json.id === "string" ? json.id : "")

const create = async (node: Node) => idOf((await post(node.url, "/api/agents/echo/sessions")).json)
const turn = async (node: Node, id: string, text: string) => {
  const r = await post(node.url, `/api/agents/echo/sessions/${id}/input`, { text })
  if (r.status !== 200) throw new Error(`turn answered ${r.status}: ${JSON.stringify(r.json)}`)
}

/** Until `attempt` succeeds (every 50 ms), up to `ms`. */
const until = async (attempt: () => Promise<void>, ms: number) => {
  const end = performance.now() + ms
  for (;;) {
    try {
      return await attempt()
    } catch (e) {
      if (performance.now() > end) throw e
      await new Promise((r) => setTimeout(r, 50))
    }
  }
}

/**
 * Until the runners have settled their shards: a batch of sessions, `concurrency` at a time over every node,
 * is repeated until one finishes with no turn slower than a second (a shard still moving stalls its turns for
 * seconds), or 60 s pass. Every node has then taken turns of its own and of the others'.
 */
const settle = async (nodes: ReadonlyArray<Node>, concurrency: number) => {
  for (const node of nodes) await until(async () => turn(node, await create(node), "warm"), 60_000)
  const end = performance.now() + 60_000
  for (let round = 0; performance.now() < end; round++) {
    const slowest = await Promise.all(Array.from({ length: Math.max(concurrency, 2 * nodes.length) }, async (_, i) => {
      const node = nodes[i % nodes.length] ?? nodes[0]
      if (node === undefined) return 0
      const t = performance.now()
      await turn(node, await create(node), `warm ${round}`)
      return performance.now() - t
    }))
    if (Math.max(...slowest) < 1000) return
  }
}

const measure = async (nodes: ReadonlyArray<Node>, postmaster: number | undefined, sessions: number, turns: number, concurrency: number): Promise<PgMeasured> => {
  await settle(nodes, concurrency)
  const runnersCpu = () => nodes.reduce((sum, n) => sum + cpuOf(n.child.pid), 0)
  const clientCpu = () => {
    const used = process.cpuUsage()
    return (used.user + used.system) / 1000
  }
  const before = { runners: runnersCpu(), postgres: postgresCpu(postmaster), client: clientCpu() }
  let next = 0
  const start = performance.now()
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < sessions) {
      const i = next++
      const node = nodes[i % nodes.length] ?? nodes[0]
      if (node === undefined) return
      await turn(node, await create(node), `s${i}`)
    }
  }))
  const wall = performance.now() - start
  const cpu = {
    runners: (runnersCpu() - before.runners) / sessions,
    postgres: (postgresCpu(postmaster) - before.postgres) / sessions,
    client: (clientCpu() - before.client) / sessions
  }
  const sessionsPerSecond = sessions / (wall / 1000)
  const first = nodes[0]
  if (first === undefined) throw new Error("no node")
  const id = await create(first)
  const latencies: Array<number> = []
  for (let n = 0; n < turns; n++) {
    const t = performance.now()
    await turn(first, id, `t${n}`)
    latencies.push(performance.now() - t)
  }
  return { sessionsPerSecond, p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpu, wallPerSession: wall / sessions }
}

export type PostgresBench =
  | { readonly _tag: "Skipped"; readonly reason: string }
  | { readonly _tag: "Measured"; readonly one: PgMeasured; readonly two: PgMeasured; readonly failoverMs: number }

/** `script` is the bundled child runner; `dir` a scratch dir for its call counts. */
export const measurePostgres = async (script: string, dir: string, sessions: number, turns: number, concurrency: number): Promise<PostgresBench> => {
  const reason = postgresSkipReason()
  if (reason !== undefined) return { _tag: "Skipped", reason }
  const pg = await startPostgres()
  const nodes: Array<Node> = []
  const runner = async (db: string, name: string, many: boolean) => {
    const node = await startNode(script, {
      SHOAL_TEST_DB: db,
      SHOAL_TEST_CALLS: join(dir, `${name}.calls`),
      ...(many ? { SHOAL_TEST_RUNNER_PORT: String(await freePort()) } : {})
    })
    nodes.push(node)
    return node
  }
  const postmaster = postmasterOf(pg.port)
  try {
    for (const name of ["one", "two", "failover"]) pg.createDatabase(name)
    const one = await measure([await runner(pg.url("one"), "one", true)], postmaster, sessions, turns, concurrency)
    await Promise.all(nodes.splice(0).map(kill9))
    const two = await measure([await runner(pg.url("two"), "two-a", true), await runner(pg.url("two"), "two-b", true)], postmaster, sessions, turns, concurrency)
    await Promise.all(nodes.splice(0).map(kill9))

    const a = await runner(pg.url("failover"), "fail-a", true)
    const b = await runner(pg.url("failover"), "fail-b", true)
    await settle([a, b], 2)
    const ids = await Promise.all(Array.from({ length: 20 }, () => create(b)))
    await Promise.all(ids.map((id) => turn(b, id, "before")))
    const killedAt = performance.now()
    await kill9(a)
    await Promise.all(ids.map((id) => until(() => turn(b, id, "after"), 60_000)))
    return { _tag: "Measured", one, two, failoverMs: performance.now() - killedAt }
  } finally {
    await Promise.all(nodes.map(kill9))
    pg.destroy()
  }
}
