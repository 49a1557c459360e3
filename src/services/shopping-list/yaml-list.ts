/**
 * The YAML shopping list as text: read its items, and rewrite one item while
 * leaving every other byte of the file as the user wrote it.
 *
 * Where it sits: under `layerYamlFile`, which does the file IO. Accepted
 * shapes: a top-level `items:` sequence (other top-level fields are the
 * user's and are kept) or a bare sequence; each item a map with `name`
 * (`id`, `status`, `tags`, `explanation` and any field of the user's own
 * optional) or just a string. An item without an `id` is keyed by its name
 * (`milk`, then `milk (2)` for a second milk).
 *
 * Updates splice: only the changed item's source range is re-rendered
 * (through the `yaml` library, so its own comments survive), re-indented to
 * where it stood; comments, blank lines and fields outside it are untouched
 * byte for byte.
 */
import { Either, Schema } from "effect"
import type { Node } from "yaml"
import { Document, isMap, isScalar, isSeq, LineCounter, parseDocument, Scalar, YAMLMap } from "yaml"
import { failedTag, ItemStatus, notFoundTag, ShoppingListItem } from "../../domain/shop/item.js"
import type { ItemId } from "../../domain/shop/item.js"
import { ShoppingListItemMissing, ShoppingListMalformed } from "./errors.js"

interface Entry {
  readonly item: ShoppingListItem
  readonly node: YAMLMap | Scalar
}

interface ParsedList {
  readonly entries: ReadonlyArray<Entry>
}

const decodeItem = Schema.decodeUnknownEither(ShoppingListItem)
const isStatus = Schema.is(ItemStatus)

export const parseList = (text: string, location: string): Either.Either<ParsedList, ShoppingListMalformed> => {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, prettyErrors: false })
  const malformed = (reason: string, offset?: number) =>
    new ShoppingListMalformed({
      location,
      reason,
      ...(offset === undefined ? {} : { line: lineCounter.linePos(offset).line })
    })
  const firstError = doc.errors[0]
  if (firstError !== undefined) {
    return Either.left(malformed(firstError.message.split("\n")[0] ?? firstError.code, firstError.pos[0]))
  }
  const root = doc.contents
  const seq: unknown = root === null ? null : isSeq(root) ? root : isMap(root) ? root.get("items", true) : root
  if (seq === null || seq === undefined) return Either.right({ entries: [] })
  if (!isSeq(seq)) {
    return Either.left(malformed("expected an `items:` list (or a top-level list) of shopping items", offsetOf(seq)))
  }
  const entries: Array<Entry> = []
  const seen = new Map<string, number>()
  for (const node of seq.items) {
    const offset = offsetOf(node)
    if (isScalar(node) && typeof node.value === "string") {
      const item = decodeFields({ name: node.value }, seen)
      if (Either.isLeft(item)) return Either.left(malformed(item.left, offset))
      entries.push({ item: item.right, node })
      continue
    }
    if (!isMap(node)) return Either.left(malformed("each item must be a name or a map with a `name`", offset))
    const raw: unknown = node.toJSON()
    const item = decodeFields(raw, seen)
    if (Either.isLeft(item)) return Either.left(malformed(item.left, offset))
    entries.push({ item: item.right, node })
  }
  return Either.right({ entries })
}

const offsetOf = (node: unknown): number | undefined =>
  typeof node === "object" && node !== null && "range" in node && Array.isArray(node.range) && typeof node.range[0] === "number"
    ? node.range[0]
    : undefined

const decodeFields = (raw: unknown, seen: Map<string, number>): Either.Either<ShoppingListItem, string> => {
  if (typeof raw !== "object" || raw === null) return Either.left("an item must be a map")
  const fields: Record<string, unknown> = { ...raw }
  if (typeof fields["name"] !== "string" || fields["name"].trim() === "") return Either.left("an item needs a non-empty `name`")
  const status = fields["status"] ?? "needs_action"
  if (!isStatus(status)) return Either.left(`status must be needs_action or completed, not ${JSON.stringify(status)}`)
  const name = fields["name"].trim()
  const explicitId = typeof fields["id"] === "number" ? String(fields["id"]) : fields["id"]
  let id = explicitId
  if (id === undefined || id === null) {
    const count = (seen.get(name) ?? 0) + 1
    seen.set(name, count)
    id = count === 1 ? name : `${name} (${count})`
  }
  const tags = fields["tags"] ?? []
  const decoded = decodeItem({
    id,
    name,
    status,
    tags: typeof tags === "string" ? [tags] : tags,
    ...(typeof fields["explanation"] === "string" ? { explanation: fields["explanation"] } : {}),
    ...(fields["quantity"] === undefined ? {} : { quantity: fields["quantity"] })
  })
  return Either.mapLeft(decoded, () => "an item's `id` must be text, its `tags` a list of text and its `quantity` a whole number from 1 to 99")
}

/** What shopping writes into one item. */
export interface ItemPatch {
  readonly status?: "completed"
  readonly addTag?: string
  readonly removeTags: ReadonlyArray<string>
  /** A new explanation, or `null` to remove it. */
  readonly explanation: string | null
}

export const completedPatch: ItemPatch = { status: "completed", removeTags: [notFoundTag, failedTag], explanation: null }
export const notFoundPatch = (explanation: string): ItemPatch => ({ addTag: notFoundTag, removeTags: [failedTag], explanation })
export const failedPatch = (error: string): ItemPatch => ({ addTag: failedTag, removeTags: [notFoundTag], explanation: error })

/** The file's new text with one item patched; every byte outside that item is kept. */
export const patchItem = (
  text: string,
  location: string,
  id: ItemId,
  patch: ItemPatch
): Either.Either<string, ShoppingListMalformed | ShoppingListItemMissing> =>
  Either.flatMap(parseList(text, location), ({ entries }) => {
    const entry = entries.find((e) => e.item.id === id)
    if (entry === undefined) return Either.left(new ShoppingListItemMissing({ location, itemId: id }))
    const [start, end] = entry.node.range ?? [0, 0]
    const original = text.slice(start, end)
    const cloned = isMap(entry.node) ? entry.node.clone() : toMap(entry.node)
    const map = isMap(cloned) ? cloned : toMap(new Scalar(entry.item.name))
    applyPatch(map, entry.item, patch)
    // A comment or blank line above the item lies outside its range and stays in place; do not render it twice.
    delete map.commentBefore
    map.spaceBefore = false
    const lineStart = text.lastIndexOf("\n", start - 1) + 1
    const indent = " ".repeat(start - lineStart)
    const rendered = new Document(map).toString({ lineWidth: 0 }).replace(/\n$/, "")
    const placed = rendered.split("\n").join(`\n${indent}`) + (original.endsWith("\n") ? "\n" : "")
    return Either.right(text.slice(0, start) + placed + text.slice(end))
  })

/** `- eggs` becomes `- name: eggs` so it can hold a status, tags and an explanation. */
const toMap = (scalar: Scalar): YAMLMap => {
  const map = new YAMLMap()
  map.set("name", String(scalar.value))
  return map
}

const applyPatch = (map: YAMLMap, item: ShoppingListItem, patch: ItemPatch): void => {
  if (patch.status !== undefined) map.set("status", patch.status)
  const tags = item.tags.filter((t) => !patch.removeTags.includes(t))
  if (patch.addTag !== undefined && !tags.includes(patch.addTag)) tags.push(patch.addTag)
  if (tags.length > 0 || map.has("tags")) setList(map, "tags", tags)
  if (patch.explanation === null) map.delete("explanation")
  else map.set("explanation", patch.explanation)
}

/** Replace a list field, keeping the user's flow (`[a, b]`) or block style. */
const setList = (map: YAMLMap, key: string, values: ReadonlyArray<string>): void => {
  const existing: Node | unknown = map.get(key, true)
  const flow = isSeq(existing) && existing.flow === true
  const node = new Document([...values]).contents
  if (node !== null && isSeq(node)) {
    node.flow = flow || (!isSeq(existing) && values.length <= 3)
    map.set(key, node)
  }
}
