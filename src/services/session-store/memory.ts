/**
 * `layerMemory`: the in-memory SessionStore for tests and embedders that do
 * not persist. It keeps the same envelope text as the file layer, so the
 * encoding a test exercises is the one that reaches disk.
 */
import { Effect, HashMap, Layer, Option, Ref } from "effect"
import { SessionStore } from "./session-store.js"
import type { SessionId } from "./session-kind.js"
import { makeSessionStore } from "./store.js"

const key = (kind: string, id: SessionId): string => `${kind}/${id}`

export const layerMemory: Layer.Layer<SessionStore> = Layer.effect(
  SessionStore,
  Effect.flatMap(
    Effect.all([Ref.make(HashMap.empty<string, { readonly kind: string; readonly id: SessionId; readonly text: string }>()), Effect.makeSemaphore(1)]),
    ([store, writers]) =>
    makeSessionStore({
      exclusive: (_kind, _id, body) => writers.withPermits(1)(body),
      locate: (kind, id) => `memory:${key(kind, id)}`,
      read: (kind, id) => Effect.map(Ref.get(store), (m) => Option.map(HashMap.get(m, key(kind, id)), (entry) => entry.text)),
      write: (kind, id, text) => Ref.update(store, HashMap.set(key(kind, id), { kind, id, text })),
      ids: (kind) =>
        Effect.map(Ref.get(store), (m) => Array.from(HashMap.values(m)).filter((entry) => entry.kind === kind).map((entry) => entry.id)),
      remove: (kind, id) =>
        Ref.modify(store, (m) => [HashMap.has(m, key(kind, id)), HashMap.remove(m, key(kind, id))])
    }))
)
