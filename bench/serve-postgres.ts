/**
 * `shoal serve` on Postgres, measured over HTTP against real runner processes
 * (test/serve/child-runner.ts: the echo agent with a zero-latency counting
 * model) on a throwaway PostgreSQL (test/serve/postgres.ts): sessions per
 * second (create + one turn, `concurrency` at a time, spread over the nodes),
 * the CPU each session costs, and sequential turn latency, for one runner and
 * for two sharing a database — both configurations up at once, each on a
 * database of its own in the same server, measured in alternating rounds so
 * drift in a busy machine's load hits them alike, after a round each not
 * counted (the JIT's warm-up), and the median round taken;
 * then the failover time: `kill -9` of one of two runners until every session
 * (half of them were its) answers a turn on the other.
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
  /**
   * CPU time per session of the throughput phase (ms): the runners together, PostgreSQL's processes (its shared
   * ones and the backends of this configuration's database), this client. The round with the median
   * runners + PostgreSQL.
   */
  readonly cpu: { readonly runners: number; readonly postgres: number; readonly client: number }
  /** Wall time of the throughput phase per session (ms), to set the CPU against: above 2 × this on 2 cores is saturated. */
  readonly wallPerSession: number
  /** Runners + PostgreSQL CPU per session (ms) of every round, in order: how much the rounds agree. */
  readonly servedByRound: ReadonlyArray<number>
  /** 503s tried again in the counted rounds (0 but on a machine loaded far past its cores). */
  readonly retried: number
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

/**
 * The PostgreSQL server's processes: the postmaster and its children (one backend per connection), leaving out
 * the backends connected to one of `others` — another configuration's database, whose runners keep polling
 * while this one is measured. A backend's title is `postgres: <user> <database> <client> <activity>`.
 */
const postgresCpu = (postmaster: number | undefined, others: ReadonlyArray<string>): number => {
  if (postmaster === undefined) return 0
  let total = cpuOf(postmaster)
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").replace(/^.*\) /s, "").split(" ")
      if (Number(fields[1]) !== postmaster) continue
      const database = readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0+$/, "").split(" ")[2]
      if (database !== undefined && others.includes(database)) continue
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
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

/**
 * 503s answered and tried again. On a machine loaded far past its cores a runner can miss its database for a
 * moment (no pooled connection within 3 s, no answer to the health probe within 2 s) and answers 503 with
 * `Retry-After`, as it is made to; the client does what serve asks of clients — waits that long and tries
 * again, up to 10 times — and the rows say how often it had to.
 */
let retried = 0

const post = async (url: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
    const text = await response.text()
    if (response.status === 503 && attempt < 10) {
      retried++
      await new Promise((r) => setTimeout(r, 1000 * Number(response.headers.get("retry-after") ?? "1")))
      continue
    }
    return { status: response.status, json: JSON.parse(text === "" ? "null" : text) as unknown }
  }
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

interface Round {
  readonly sessionsPerSecond: number
  readonly cpu: PgMeasured["cpu"]
  readonly wallPerSession: number
  readonly retried: number
}

/** One round of the throughput phase: `sessions` new sessions of one turn each, `concurrency` at a time over the nodes (settled). */
const throughput = async (nodes: ReadonlyArray<Node>, postgres: () => number, sessions: number, concurrency: number): Promise<Round> => {
  const runnersCpu = () => nodes.reduce((sum, n) => sum + cpuOf(n.child.pid), 0)
  const clientCpu = () => {
    const used = process.cpuUsage()
    return (used.user + used.system) / 1000
  }
  const before = { runners: runnersCpu(), postgres: postgres(), client: clientCpu(), retried }
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
    postgres: (postgres() - before.postgres) / sessions,
    client: (clientCpu() - before.client) / sessions
  }
  return { sessionsPerSecond: sessions / (wall / 1000), cpu, wallPerSession: wall / sessions, retried: retried - before.retried }
}

/** `turns` turns in a row on session `id` of the first node, each timed. */
const sequential = async (nodes: ReadonlyArray<Node>, id: string, turns: number, into: Array<number>) => {
  const first = nodes[0]
  if (first === undefined) throw new Error("no node")
  for (let n = 0; n < turns; n++) {
    const t = performance.now()
    await turn(first, id, `t${into.length}`)
    into.push(performance.now() - t)
  }
}

const median = (xs: ReadonlyArray<number>) => percentile(xs, 50)

/** The rounds of one configuration: the median round by runners + PostgreSQL CPU, the median rate, the pooled latencies. */
const summary = (rounds: ReadonlyArray<Round>, latencies: ReadonlyArray<number>): PgMeasured => {
  const byCpu = [...rounds].sort((a, b) => a.cpu.runners + a.cpu.postgres - (b.cpu.runners + b.cpu.postgres))
  const mid = byCpu[Math.floor((byCpu.length - 1) / 2)]
  if (mid === undefined) throw new Error("no round")
  return {
    sessionsPerSecond: median(rounds.map((r) => r.sessionsPerSecond)),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpu: mid.cpu,
    wallPerSession: mid.wallPerSession,
    servedByRound: rounds.map((r) => r.cpu.runners + r.cpu.postgres),
    retried: rounds.reduce((sum, r) => sum + r.retried, 0)
  }
}

export type PostgresBench =
  | { readonly _tag: "Skipped"; readonly reason: string }
  | { readonly _tag: "Measured"; readonly one: PgMeasured; readonly two: PgMeasured; readonly failoverMs: number }

/**
 * `script` is the bundled child runner; `dir` a scratch dir for its call counts. Each of `rounds` rounds runs
 * the throughput phase (`sessions` sessions) and `turns / rounds` sequential turns, one runner then two.
 */
export const measurePostgres = async (script: string, dir: string, sessions: number, turns: number, concurrency: number, rounds = 5): Promise<PostgresBench> => {
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
    const databases = ["one", "two"]
    for (const name of [...databases, "failover"]) pg.createDatabase(name)
    const configurations = [
      { db: "one", nodes: [await runner(pg.url("one"), "one", true)] },
      { db: "two", nodes: [await runner(pg.url("two"), "two-a", true), await runner(pg.url("two"), "two-b", true)] }
    ].map((c) => ({ ...c, postgres: () => postgresCpu(postmaster, databases.filter((d) => d !== c.db)), rounds: new Array<Round>(), latencies: new Array<number>(), id: "" }))
    // Settled once: the shards stay put while every runner lives (settling again each round would wait out
    // any turn slower than a second, which a loaded machine has plenty of).
    for (const c of configurations) {
      await settle(c.nodes, concurrency)
      const first = c.nodes[0]
      if (first !== undefined) c.id = await create(first)
    }
    // A round each first, not counted, so neither configuration pays the JIT's warm-up inside the figures (a
    // second runner's own paths — forwarding, replies read back from the database — are barely run by settling).
    for (const c of configurations) await throughput(c.nodes, c.postgres, sessions, concurrency)
    for (let round = 0; round < rounds; round++) {
      for (const c of configurations) {
        c.rounds.push(await throughput(c.nodes, c.postgres, sessions, concurrency))
        await sequential(c.nodes, c.id, Math.ceil(turns / rounds), c.latencies)
      }
    }
    const [one, two] = configurations.map((c) => summary(c.rounds, c.latencies))
    if (one === undefined || two === undefined) throw new Error("two configurations were measured")
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
