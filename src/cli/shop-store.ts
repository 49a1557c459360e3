/**
 * `--store` and `--profile` resolved at the edge: a built-in store profile
 * or a profile file, and where the browser keeps its profile directory.
 */
import { FileSystem, Path } from "@effect/platform"
import { Config, Data, Effect, Option, ParseResult, Schema } from "effect"
import { parse } from "yaml"
import { builtInProfiles, StoreProfile } from "../domain/shop/store-profile.js"

/** A mistake on the command line or in a file it names: one clear line, exit 1. */
export class ShopUsageError extends Data.TaggedError("ShopUsageError")<{ readonly message: string }> {}

/** The run went through but put nothing in the cart and found nothing missing: exit 1 so scripts notice. */
export class ShopRunFailed extends Data.TaggedError("ShopRunFailed")<{ readonly message: string }> {}

const looksLikeFile = (s: string) => /[/\\]|\.(ya?ml|json)$/i.test(s)

export const resolveStoreProfile = (store: string) =>
  Effect.gen(function*() {
    const builtIn = builtInProfiles[store.toLowerCase()]
    if (builtIn !== undefined) return builtIn
    const fs = yield* FileSystem.FileSystem
    const known = Object.keys(builtInProfiles).join(", ")
    if (!looksLikeFile(store) || !(yield* Effect.orElseSucceed(fs.exists(store), () => false))) {
      return yield* new ShopUsageError({
        message: `unknown store "${store}": use a built-in store (${known}) or the path of a store profile file`
      })
    }
    const text = yield* fs.readFileString(store).pipe(
      Effect.mapError((e) => new ShopUsageError({ message: `cannot read store profile ${store}: ${e.message}` }))
    )
    const raw = yield* Effect.try({
      try: (): unknown => parse(text),
      catch: (e) => new ShopUsageError({ message: `store profile ${store} is not valid YAML/JSON: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}` })
    })
    return yield* Schema.decodeUnknown(StoreProfile)(raw).pipe(
      Effect.mapError((e) =>
        new ShopUsageError({
          message: `store profile ${store} is not valid: ${ParseResult.ArrayFormatter.formatErrorSync(e).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`
        })
      )
    )
  })

/** `--profile`, else `$XDG_CONFIG_HOME/shoal/browser/<store>` (absolute only, per XDG), else `~/.config/shoal/browser/<store>`. */
export const resolveProfileDir = (explicit: Option.Option<string>, storeName: string) =>
  Effect.gen(function*() {
    if (Option.isSome(explicit)) return explicit.value
    const path = yield* Path.Path
    const safeName = storeName.replace(/[^\w.-]+/g, "_")
    const xdg = yield* Config.option(Config.nonEmptyString("XDG_CONFIG_HOME"))
    if (Option.isSome(xdg) && path.isAbsolute(xdg.value)) return path.join(xdg.value, "shoal", "browser", safeName)
    const home = yield* Config.nonEmptyString("HOME")
    return path.join(home, ".config", "shoal", "browser", safeName)
  })
