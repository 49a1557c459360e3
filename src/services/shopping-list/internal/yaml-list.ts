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
import { Document, isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, Scalar, visit, YAMLMap } from "yaml"
import { failedTag, inProgressTag, ItemStatus, notFoundTag, shoppingTags, ShoppingListItem } from "../../../domain/shop/item.js"
import type { ItemId } from "../../../domain/shop/item.js"
import { ShoppingListItemMissing, ShoppingListMalformed } from "../errors.js"

interface Entry {
  readonly item: ShoppingListItem
  readonly node: YAMLMap | Scalar
  /** In a flow list (`items: [milk, eggs]`): a rewritten item must stay flow (`{name: milk, …}`). */
  readonly inFlow: boolean
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
  if (isMap(root) && !root.has("items")) {
    const keys = root.items.map((pair) => (isScalar(pair.key) ? String(pair.key.value) : "?"))
    // `item:` or `Items:` is a typo, not an empty list: saying "nothing to shop" would hide it.
    return Either.left(malformed(
      `no \`items:\` list here (top-level ${keys.length === 1 ? "key" : "keys"}: ${keys.map((k) => `\`${k}:\``).join(", ")}); put the shopping items under \`items:\``,
      offsetOf(root)
    ))
  }
  const seq: unknown = root === null ? null : isSeq(root) ? root : isMap(root) ? root.get("items", true) : root
  if (seq === null || seq === undefined || (isScalar(seq) && seq.value === null)) return Either.right({ entries: [] })
  if (!isSeq(seq)) {
    return Either.left(malformed("expected an `items:` list (or a top-level list) of shopping items", offsetOf(seq)))
  }
  const entries: Array<Entry> = []
  const seen = new Map<string, number>()
  const inFlow = seq.flow === true
  const ids = new Set<string>()
  const add = (item: ShoppingListItem, node: YAMLMap | Scalar, offset: number | undefined): Either.Either<void, ShoppingListMalformed> => {
    // Two items with one id: a result would be written into the wrong one.
    if (ids.has(item.id)) return Either.left(malformed(`two items have the id ${JSON.stringify(item.id)}; give one of them its own \`id:\``, offset))
    ids.add(item.id)
    entries.push({ item, node, inFlow })
    return Either.right(undefined)
  }
  for (const node of seq.items) {
    const offset = offsetOf(node)
    // An alias (`- *milk`, `<<: *base`, `tags: *weekly`) cannot be rewritten in place without its anchor.
    if (isAlias(node) || (isMap(node) && containsAlias(node))) {
      return Either.left(malformed("anchors and aliases (`*name`, `<<:`) are not supported inside an item; write the item's fields out", offset))
    }
    if (isScalar(node) && typeof node.value === "string") {
      const item = decodeFields({ name: node.value }, seen)
      if (Either.isLeft(item)) return Either.left(malformed(item.left, offset))
      const added = add(item.right, node, offset)
      if (Either.isLeft(added)) return Either.left(added.left)
      continue
    }
    if (!isMap(node)) return Either.left(malformed("each item must be a name or a map with a `name`", offset))
    const raw: unknown = node.toJSON()
    const item = decodeFields(raw, seen)
    if (Either.isLeft(item)) return Either.left(malformed(item.left, offset))
    const added = add(item.right, node, offset)
    if (Either.isLeft(added)) return Either.left(added.left)
  }
  return Either.right({ entries })
}

const containsAlias = (node: YAMLMap): boolean => {
  let found = false
  visit(node, {
    Alias: () => {
      found = true
      return visit.BREAK
    }
  })
  return found
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
  /** `completed`, or `null` to remove it (the item is open again); absent leaves it as it is. */
  readonly status?: "completed" | null
  readonly addTag?: string
  readonly removeTags: ReadonlyArray<string>
  /** A new explanation, `null` to remove it; absent leaves it as it is. */
  readonly explanation?: string | null
}

/** A result replaces every tag shopping wrote before (`#404`, `#failed`, `#in-progress`); the user's tags stay. */
export const completedPatch: ItemPatch = { status: "completed", removeTags: shoppingTags, explanation: null }
/** Not found or failed, the item is open: a `status: completed` written earlier in the run goes (the cart at its end did not hold it). */
export const notFoundPatch = (explanation: string): ItemPatch => ({ status: null, addTag: notFoundTag, removeTags: shoppingTags, explanation })
export const failedPatch = (error: string): ItemPatch => ({ status: null, addTag: failedTag, removeTags: shoppingTags, explanation: error })
/** Before the shopper may add anything: the marker a re-run reads as "interrupted". */
export const startedPatch: ItemPatch = { addTag: inProgressTag, removeTags: [] }

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
    const [start, valueEnd, nodeEnd] = entry.node.range ?? [0, 0, 0]
    // `- eggs  # organic`: the comment follows the scalar's value range; take it in and move it onto `name:`.
    const sameLineComment = isScalar(entry.node) ? /^[ \t]*#[^\n]*/.exec(text.slice(valueEnd, nodeEnd))?.[0] : undefined
    const end = valueEnd + (sameLineComment?.length ?? 0)
    const original = text.slice(start, end)
    const cloned = isMap(entry.node) ? entry.node.clone() : toMap(entry.node)
    const map = isMap(cloned) ? cloned : toMap(new Scalar(entry.item.name))
    applyPatch(map, entry.item, patch)
    // Comments and blank lines above the item, and comment lines after its last field, lie outside
    // its value range and stay in place byte for byte; rendering them too would add a copy per write.
    delete map.commentBefore
    delete map.comment
    map.spaceBefore = false
    if (entry.inFlow) map.flow = true
    const lineStart = text.lastIndexOf("\n", start - 1) + 1
    const indent = " ".repeat(start - lineStart)
    const rendered = new Document(map).toString({ lineWidth: 0 }).replace(/\n$/, "")
    const placed = rendered.split("\n").join(`\n${indent}`) + (original.endsWith("\n") ? "\n" : "")
    return Either.right(text.slice(0, start) + placed + text.slice(end))
  })

/** `- eggs` becomes `- name: eggs` so it can hold a status, tags and an explanation. */
const toMap = (scalar: Scalar): YAMLMap => {
  const map = new YAMLMap()
  const name = new Scalar(String(scalar.value))
  if (scalar.comment !== undefined) name.comment = scalar.comment
  map.set("name", name)
  return map
}

const applyPatch = (map: YAMLMap, item: ShoppingListItem, patch: ItemPatch): void => {
  if (patch.status === null) {
    if (map.get("status") === "completed") map.delete("status")
  } else if (patch.status !== undefined) map.set("status", patch.status)
  const tags = item.tags.filter((t) => !patch.removeTags.includes(t))
  if (patch.addTag !== undefined && !tags.includes(patch.addTag)) tags.push(patch.addTag)
  // A tags field that only ever held shopping's tags goes when they do; one the user left empty stays.
  if (tags.length === 0 && item.tags.length > 0 && item.tags.every((t) => patch.removeTags.includes(t))) map.delete("tags")
  else if (tags.length > 0 || map.has("tags")) setList(map, "tags", tags)
  if (patch.explanation === null) map.delete("explanation")
  else if (patch.explanation !== undefined) map.set("explanation", patch.explanation)
}

/** Replace a list field, keeping the user's flow (`[a, b]`) or block style. */
const setList = (map: YAMLMap, key: string, values: ReadonlyArray<string>): void => {
  const existing: Node | unknown = map.get(key, true)
  const flow = isSeq(existing) && existing.flow === true
  const node = new Document([...values]).contents
  if (node !== null && isSeq(node)) {
    node.flow = flow || (!isSeq(existing) && values.length <= 3)
    // `tags: [weekly]  # for Sunday`: the user's comment belongs to the field, whatever its new values.
    if (isSeq(existing) && existing.comment !== undefined) node.comment = existing.comment
    map.set(key, node)
  }
}
