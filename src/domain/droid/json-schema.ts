/**
 * A JSON Schema file (`--output-schema FILE`) as an Effect Schema, so the
 * CLI's structured output is decoded exactly like the library's. Covers the
 * subset people write by hand for an answer: object (properties, required),
 * array (items), string (enum), number, integer, boolean, null, and a `type`
 * list. Anything else is refused with its path, rather than silently
 * accepted. Pure.
 */
import { Either, Schema } from "effect"

/** Any JSON value. */
export type JsonValue = null | boolean | number | string | ReadonlyArray<JsonValue> | { readonly [key: string]: JsonValue }

type Built = Schema.Schema<JsonValue, JsonValue>

const isRecord = (u: unknown): u is Readonly<Record<string, unknown>> => typeof u === "object" && u !== null && !Array.isArray(u)

// Schema.make gives a schema its declared type from the AST: the types here are JSON by construction.
const json = (s: Schema.Schema.AnyNoContext): Built => Schema.make<JsonValue, JsonValue, never>(s.ast)

const fromType = (type: string, node: Readonly<Record<string, unknown>>, path: string): Either.Either<Built, string> => {
  switch (type) {
    case "string": {
      const values = node["enum"]
      if (Array.isArray(values) && values.length > 0 && values.every((v): v is string => typeof v === "string")) {
        return Either.right(json(Schema.Literal(...values)))
      }
      return Either.right(json(Schema.String))
    }
    case "number":
      return Either.right(json(Schema.Number))
    case "integer":
      return Either.right(json(Schema.Int))
    case "boolean":
      return Either.right(json(Schema.Boolean))
    case "null":
      return Either.right(json(Schema.Null))
    case "array": {
      const items = node["items"]
      if (items === undefined) return Either.right(json(Schema.Array(Schema.Unknown)))
      return Either.map(convert(items, `${path}[]`), (item) => json(Schema.Array(item)))
    }
    case "object": {
      const properties = isRecord(node["properties"]) ? node["properties"] : {}
      const required = Array.isArray(node["required"]) ? node["required"].filter((r): r is string => typeof r === "string") : []
      const fields: Record<string, Built | Schema.optional<Built>> = {}
      for (const [key, sub] of Object.entries(properties)) {
        const built = convert(sub, path === "" ? key : `${path}.${key}`)
        if (Either.isLeft(built)) return built
        fields[key] = required.includes(key) ? built.right : Schema.optional(built.right)
      }
      return Either.right(json(Schema.Struct(fields)))
    }
    // `type` is a plain string from a user's JSON Schema, not a tag: any other value is reported as unsupported.
    default:
      return Either.left(`${path || "(root)"}: type "${type}" is not supported`)
  }
}

const convert = (node: unknown, path: string): Either.Either<Built, string> => {
  if (!isRecord(node)) return Either.left(`${path || "(root)"}: a schema must be an object`)
  const type = node["type"]
  if (typeof type === "string") return fromType(type, node, path)
  if (Array.isArray(type) && type.length > 0 && type.every((t): t is string => typeof t === "string")) {
    const members: Array<Built> = []
    for (const t of type) {
      const built = fromType(t, node, path)
      if (Either.isLeft(built)) return built
      members.push(built.right)
    }
    return Either.right(json(Schema.Union(...members)))
  }
  if (Array.isArray(node["enum"]) && node["enum"].every((v): v is string => typeof v === "string")) return fromType("string", node, path)
  return Either.left(`${path || "(root)"}: needs a "type" (object, array, string, number, integer, boolean or null)`)
}

/** The Effect Schema for a parsed JSON Schema document, or why it is not supported. */
export const schemaFromJsonSchema = (document: unknown): Either.Either<Schema.Schema<JsonValue, JsonValue>, string> => convert(document, "")
