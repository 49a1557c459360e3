/**
 * The simulated devices' ADB server: a TCP server on 127.0.0.1 speaking the
 * adb host ("smart socket") protocol as the real 29.x client speaks it
 * (notes/adb-protocol.md), so the Debian `adb` binary and appium-adb talk to
 * it unchanged. It plays the server and the devices at once: `host:*`
 * requests are answered here, `shell:`/`exec:` after a transport switch go to
 * the device's shell (shell.ts). `shell_v2` is not advertised, so every shell
 * is v1: raw output, then close.
 *
 * Where it sits: tests start it inside a scope on port 0; `--device sim`
 * starts it for demos. `host:kill` is acknowledged but the server stays up,
 * or the client's next call would spawn a real server.
 */
import { Effect } from "effect"
import type { Scope } from "effect"
import { createServer } from "node:net"
import type { Socket } from "node:net"
import type { SimulatedDevice } from "./device.js"
import { runCommand } from "./shell.js"

export interface AdbServer {
  readonly host: "127.0.0.1"
  readonly port: number
  readonly devices: ReadonlyArray<SimulatedDevice>
  /** Every request received, in order (host requests and device services). */
  readonly requests: ReadonlyArray<string>
  /** Environment that points an `adb` client here and forbids it to start a real server. */
  readonly env: Readonly<Record<string, string>>
}

const features = "cmd,stat_v2,ls_v2,fixed_push_mkdir,apex,abb,fixed_push_symlink_timestamp,abb_exec,remount_shell"

const hex4 = (n: number) => n.toString(16).padStart(4, "0")
const okay = (payload?: string): Buffer => {
  if (payload === undefined) return Buffer.from("OKAY")
  const body = Buffer.from(payload, "utf8")
  return Buffer.concat([Buffer.from(`OKAY${hex4(body.length)}`), body])
}
const fail = (message: string): Buffer => {
  const body = Buffer.from(message, "utf8")
  return Buffer.concat([Buffer.from(`FAIL${hex4(body.length)}`), body])
}

/** One connection: read length-prefixed requests; `host:` ones end it, a transport switch keeps it for the next. */
const serveConnection = (socket: Socket, devices: ReadonlyArray<SimulatedDevice>, log: Array<string>, timers: Set<NodeJS.Timeout>) => {
  let buffered = Buffer.alloc(0)
  let transport: SimulatedDevice | undefined
  let streaming = false
  const end = (bytes: Buffer) => void socket.end(bytes)

  const find = (serial: string | undefined): SimulatedDevice | string => {
    if (serial === undefined) {
      if (devices.length === 0) return "no devices/emulators found"
      if (devices.length > 1) return "more than one device/emulator"
      return devices[0] ?? "no devices/emulators found"
    }
    return devices.find((d) => d.serial === serial) ?? `device '${serial}' not found`
  }
  const reachable = (serial: string | undefined): SimulatedDevice | string => {
    const d = find(serial)
    return typeof d !== "string" && d.faults.offline ? "device offline" : d
  }

  const handle = (request: string) => {
    log.push(request)
    if (transport !== undefined) return device(transport, request)
    if (request === "host:version") return end(okay("0029"))
    if (request === "host:kill") return end(okay())
    if (request === "host:devices" || request === "host:devices-l") {
      const long = request.endsWith("-l")
      return end(okay(devices.map((d) => {
        const state = d.faults.offline ? "offline" : "device"
        return long ? `${d.serial.padEnd(22)} ${state} product:${d.model} model:${d.model} device:emu64x transport_id:${devices.indexOf(d) + 1}\n` : `${d.serial}\t${state}\n`
      }).join("")))
    }
    if (request === "host:reconnect-offline") return end(okay(""))
    if (request === "host:host-features") return end(okay("shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir,apex,abb,fixed_push_symlink_timestamp,abb_exec,remount_shell,track_app,sendrecv_v2,sendrecv_v2_brotli"))
    const serialized = /^host(?:-serial:(.+?))?:(features|get-state|get-serialno|wait-for-[a-z-]+)$/.exec(request)
    if (serialized !== null) {
      const [, serial, what] = serialized
      if (what?.startsWith("wait-for-") === true) {
        const d = find(serial)
        return end(typeof d === "string" ? fail(d) : Buffer.from("OKAYOKAY"))
      }
      const d = what === "features" ? reachable(serial) : find(serial)
      if (typeof d === "string") return end(fail(d))
      return end(okay(what === "features" ? features : what === "get-state" ? (d.faults.offline ? "offline" : "device") : d.serial))
    }
    const tport = /^host:(tport:(?:serial:(.+)|any|usb|local)|transport(?::(.+)|-any|-usb|-local))$/.exec(request)
    if (tport !== null) {
      const serial = tport[2] ?? tport[3]
      const d = reachable(serial)
      if (typeof d === "string") return end(fail(d))
      transport = d
      const id = Buffer.alloc(8)
      id.writeBigUInt64LE(BigInt(devices.indexOf(d) + 1))
      socket.write(request.startsWith("host:tport:") ? Buffer.concat([Buffer.from("OKAY"), id]) : Buffer.from("OKAY"))
      return
    }
    return end(fail("unknown host service"))
  }

  const device = (d: SimulatedDevice, request: string) => {
    streaming = true // from here on the client only sends its stdin, which is ignored
    if (d.faults.unresponsive) return // hold the socket open and say nothing, like a hung adbd
    const service = /^(shell|exec)(?:,[^:]*)?:(.*)$/s.exec(request)
    if (service === null) return end(fail(`unsupported device service: ${request.slice(0, 40)}`))
    const answer = runCommand(d, service[2] ?? "")
    const send = () => end(Buffer.concat([Buffer.from("OKAY"), Buffer.from(answer.output)]))
    if (answer.delayMs <= 0) return send()
    const timer = setTimeout(() => {
      timers.delete(timer)
      if (!socket.destroyed) send()
    }, answer.delayMs)
    timers.add(timer)
  }

  socket.on("data", (chunk: Buffer) => {
    if (streaming) return
    buffered = Buffer.concat([buffered, chunk])
    while (!streaming && buffered.length >= 4) {
      const length = Number.parseInt(buffered.subarray(0, 4).toString("latin1"), 16)
      if (Number.isNaN(length)) return end(fail("bad request length"))
      if (buffered.length < 4 + length) return
      const request = buffered.subarray(4, 4 + length).toString("utf8")
      buffered = buffered.subarray(4 + length)
      handle(request)
    }
  })
  socket.on("error", () => undefined) // a client killed mid-request is not the server's problem
}

/** Start serving `devices` on 127.0.0.1:`port` (0: a free port); everything is closed when the scope closes. */
export const serveAdb = (
  devices: ReadonlyArray<SimulatedDevice>,
  options: { readonly port?: number } = {}
): Effect.Effect<AdbServer, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.async<{ readonly server: AdbServer; readonly close: () => Promise<void> }>((resume) => {
      const log: Array<string> = []
      const sockets = new Set<Socket>()
      const timers = new Set<NodeJS.Timeout>()
      const server = createServer((socket) => {
        sockets.add(socket)
        socket.on("close", () => sockets.delete(socket))
        serveConnection(socket, devices, log, timers)
      })
      server.listen(options.port ?? 0, "127.0.0.1", () => {
        const address = server.address()
        // listen() on a TCP host always yields an AddressInfo; a string is a pipe path.
        const port = typeof address === "object" && address !== null ? address.port : 0
        resume(Effect.succeed({
          server: {
            host: "127.0.0.1",
            port,
            devices,
            get requests() {
              return [...log]
            },
            env: { ANDROID_ADB_SERVER_ADDRESS: "127.0.0.1", ANDROID_ADB_SERVER_PORT: String(port) }
          },
          close: () =>
            new Promise<void>((done) => {
              for (const t of timers) clearTimeout(t)
              for (const s of sockets) s.destroy()
              server.close(() => done())
            })
        }))
      })
    }),
    ({ close }) => Effect.promise(close)
  ).pipe(Effect.map(({ server }) => server))
