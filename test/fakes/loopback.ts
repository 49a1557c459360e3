/**
 * A fake server's life in a test's scope: listening on a free port of a
 * loopback address, its connections closed when the scope closes. Shared by
 * the fixture stores and the guard probe.
 */
import { Effect } from "effect"
import type { Scope } from "effect"
import type { Server } from "node:http"
import type { AddressInfo } from "node:net"

/** Listen on `host` (default 127.0.0.1) at a free port; the port, once listening. */
export const listenOnLoopback = (server: Server, host = "127.0.0.1"): Effect.Effect<number, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.async<number>((resume) => void server.listen(0, host, () => resume(Effect.succeed((server.address() as AddressInfo).port)))),
    () =>
      Effect.async<void>((resume) => {
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  )
