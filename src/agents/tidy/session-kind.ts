/**
 * How tidy sessions are stored: the `SessionStore` kind for `SessionState`,
 * so `shoal tidy --resume` continues exactly where the last completed turn
 * left off. Bump the version when the state's encoded shape changes.
 */
import type { SessionKind } from "../../services/session-store/session-kind.js"
import { SessionState } from "../../domain/tidy/state.js"

export const tidySessions: SessionKind<typeof SessionState.Type, typeof SessionState.Encoded> = {
  name: "tidy",
  version: 1,
  schema: SessionState
}
