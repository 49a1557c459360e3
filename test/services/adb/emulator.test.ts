/** ensureEmulator: an emulator already online is used as is; without an SDK the error says what to do. */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ensureEmulator } from "../../../src/services/adb/emulator.js"
import { adbBinary, serveAdb, SimulatedDevice } from "../../fakes/android/index.js"

const haveAdb = existsSync(adbBinary)

describe.skipIf(!haveAdb)("ensureEmulator", () => {
  it.scopedLive("uses an emulator that is already online without starting one", () =>
    Effect.gen(function*() {
      const server = yield* serveAdb([new SimulatedDevice({ serial: "emulator-5556" })])
      const serial = yield* ensureEmulator({ avd: "Pixel_6_API_34", host: server.host, port: server.port, sdkRoot: "/nonexistent" })
      expect(serial).toBe("emulator-5556")
    }))

  it.scopedLive("fails with EmulatorUnavailable naming what to install when the SDK has no emulator", () =>
    Effect.gen(function*() {
      const server = yield* serveAdb([]) // nothing attached
      const sdk = mkdtempSync(join(tmpdir(), "shoal-sdk-"))
      yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(sdk, { recursive: true, force: true })))
      const error = yield* Effect.flip(ensureEmulator({ avd: "Pixel_6_API_34", host: server.host, port: server.port, sdkRoot: sdk }))
      expect(error._tag).toBe("EmulatorUnavailable")
      expect(error.message).toContain(`no emulator at ${join(sdk, "emulator", "emulator")}`)
      expect(error.message).toContain("sdkmanager")
    }))
})
