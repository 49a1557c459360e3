/**
 * The simulated ADB server's host protocol byte by byte (notes/adb-protocol.md
 * §1–2), spoken over a raw socket: the parts the 29.0.6 client does not
 * exercise in wire.test.ts (legacy transport switch, unknown serials,
 * unknown services, several devices).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { connect } from "node:net"
import type { AdbServer } from "../fakes/android/index.js"
import { serveAdb, SimulatedDevice } from "../fakes/android/index.js"

const frame = (request: string) => {
  const body = Buffer.from(request, "utf8")
  return Buffer.concat([Buffer.from(body.length.toString(16).padStart(4, "0")), body])
}

/** Send requests on one connection and collect everything until the server closes it. */
const exchange = (server: AdbServer, ...requests: ReadonlyArray<string>) =>
  Effect.async<string>((resume) => {
    const socket = connect(server.port, "127.0.0.1", () => socket.write(Buffer.concat(requests.map(frame))))
    const chunks: Array<Buffer> = []
    socket.on("data", (c: Buffer) => chunks.push(c))
    socket.on("close", () => resume(Effect.succeed(Buffer.concat(chunks).toString("latin1"))))
    socket.on("error", () => resume(Effect.succeed("<socket error>")))
    return Effect.sync(() => void socket.destroy())
  }).pipe(Effect.timeout("3 seconds"))

describe("simulated ADB server", () => {
  it.scopedLive("answers host:version with 0029 and counts non-ASCII payloads in bytes", () =>
    Effect.gen(function*() {
      const server = yield* serveAdb([new SimulatedDevice()])
      expect(yield* exchange(server, "host:version")).toBe("OKAY00040029")
      const echoed = yield* exchange(server, "host:transport:emulator-5554", "shell:echo héllo")
      expect(Buffer.from(echoed, "latin1").toString("utf8")).toBe("OKAYOKAYhéllo\n")
    }))

  it.scopedLive("fails unknown serials and services with the real server's messages", () =>
    Effect.gen(function*() {
      const server = yield* serveAdb([new SimulatedDevice()])
      expect(yield* exchange(server, "host-serial:bogus:features")).toBe("FAIL0018device 'bogus' not found")
      expect(yield* exchange(server, "host:frobnicate")).toBe("FAIL0014unknown host service")
    }))

  it.scopedLive("with several devices, 'any' is ambiguous and each serial reaches its own device", () =>
    Effect.gen(function*() {
      const a = new SimulatedDevice({ serial: "emulator-5554" })
      const b = new SimulatedDevice({ serial: "emulator-5556" })
      const server = yield* serveAdb([a, b])
      expect(yield* exchange(server, "host:tport:any")).toContain("more than one device/emulator")
      const reply = yield* exchange(server, "host:tport:serial:emulator-5556", "shell:getprop ro.serialno")
      expect(reply.slice(0, 4)).toBe("OKAY")
      expect(reply.slice(4, 12)).toBe("\x02\x00\x00\x00\x00\x00\x00\x00") // transport id, little-endian
      expect(reply.slice(12)).toBe("OKAYemulator-5556\n")
      expect(b.commands).toEqual(["getprop ro.serialno"])
      expect(a.commands).toEqual([])
    }))

  it.scopedLive("wait-for-device answers twice; kill is acknowledged without stopping the server", () =>
    Effect.gen(function*() {
      const server = yield* serveAdb([new SimulatedDevice()])
      expect(yield* exchange(server, "host-serial:emulator-5554:wait-for-any-device")).toBe("OKAYOKAY")
      expect(yield* exchange(server, "host:kill")).toBe("OKAY")
      expect(yield* exchange(server, "host:devices")).toBe("OKAY0015emulator-5554\tdevice\n")
    }))
})
