/**
 * Loading an optional peer (an SDK, sharp, SQLite, the browser, ADB) when the
 * layer that needs it is built. An embedder who has not installed it gets a
 * `MissingOptionalPeer` defect naming the package and the command that
 * installs it, instead of Node's bare "Cannot find package".
 */
import { Data, Effect } from "effect"

export class MissingOptionalPeer extends Data.TaggedError("MissingOptionalPeer")<{
  /** The package, e.g. `@anthropic-ai/sdk`. */
  readonly name: string
  /** What needed it, e.g. `layerAnthropic`. */
  readonly neededBy: string
}> {
  override get message(): string {
    return `${this.neededBy} needs ${this.name}, an optional peer of shoal that is not installed: npm install ${this.name}`
  }
}

const isNotFound = (error: unknown, name: string): boolean =>
  typeof error === "object" && error !== null && "code" in error &&
  (error.code === "ERR_MODULE_NOT_FOUND" || error.code === "MODULE_NOT_FOUND") &&
  "message" in error && String(error.message).includes(`'${name}`)

/**
 * `importPeer("sharp", "Photos.layerSharp", () => import("sharp"))`: the
 * module, or a `MissingOptionalPeer` defect when the package is absent (any
 * other load failure stays the defect it was).
 */
export const importPeer = <A>(name: string, neededBy: string, load: () => Promise<A>): Effect.Effect<A> =>
  Effect.tryPromise({ try: load, catch: (error) => error }).pipe(
    Effect.catchAll((error) => Effect.die(isNotFound(error, name) ? new MissingOptionalPeer({ name, neededBy }) : error))
  )
