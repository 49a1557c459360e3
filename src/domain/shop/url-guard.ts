/**
 * Where the shopping browser may go: the one decision behind request routing,
 * the navigate tool and the re-check after every navigation and redirect.
 *
 * Where it sits: pure; the Browser's live layer calls `checkRequest` for every
 * request and every main-frame URL it lands on. Blocked paths are matched as
 * runs of *words* anywhere in the path (guard-words.ts): a locale prefix
 * (`/en/checkout`), a deeper route (`/online-grocery/checkout`), a compound
 * segment (`/secure-checkout`, `/guest-check-out`, `/checkoutV2`), a file
 * extension (`/login.aspx`) or percent-encoding does not slip past as it did
 * with the original's prefix check. The operation a query or a request body
 * names (`?op=placeOrder`, `?action=checkout`, a GraphQL mutation) is checked
 * against the same list.
 *
 * Hosts: an allowlist entry `host:port` allows that port, `host:*` every
 * port, and a bare `host` only the start URL's port — the port `baseUrl`
 * names, or the scheme's default (80/443) when it names none. Listing a host
 * never opens every other service that host runs.
 */
import { blockedEntryIn, bodyOperations, decodeFully, queryOperations, textWords } from "./guard-words.js"
import { minimumBlockedPaths } from "./store-profile.js"

export { pathWordsOf as pathWords }

export type UrlVerdict =
  | { readonly _tag: "Allowed" }
  | { readonly _tag: "Blocked"; readonly reason: "scheme" | "host" | "path" | "malformed"; readonly detail: string }

/** What the guard needs of a store profile; `baseUrl` sets the port a bare allowed host may use. */
export interface GuardProfile {
  readonly allowedHosts: ReadonlyArray<string>
  readonly blockedPaths: ReadonlyArray<string>
  readonly baseUrl?: string
}

const allowed: UrlVerdict = { _tag: "Allowed" }
const blocked = (reason: "scheme" | "host" | "path" | "malformed", detail: string): UrlVerdict => ({
  _tag: "Blocked",
  reason,
  detail
})

/** The start URL's port as `URL.port` writes it: "" for the scheme's default port. */
const startPortOf = (baseUrl: string | undefined): string => {
  if (baseUrl === undefined) return ""
  try {
    return new URL(baseUrl).port
  } catch {
    return ""
  }
}

const effectivePort = (url: URL): string =>
  url.port !== "" ? url.port : url.protocol === "https:" || url.protocol === "wss:" ? "443" : "80"

/**
 * Whether an allowlist entry lets this URL's host and port through: `host:port` that port only,
 * `host:*` any port, a bare host the start URL's port only (see the module header).
 */
export const hostAllowed = (patterns: ReadonlyArray<string>, url: URL, baseUrl?: string): boolean =>
  patterns.some((raw) => {
    const pattern = raw.toLowerCase()
    const [hostPattern = "", port] = pattern.split(":")
    const portFits = port === "*" || (port === undefined ? url.port === startPortOf(baseUrl) : port === effectivePort(url))
    if (!portFits) return false
    const host = url.hostname.toLowerCase()
    return hostPattern.startsWith("*.") ? host.endsWith(hostPattern.slice(1)) : host === hostPattern
  })

/**
 * One segment as a server might read it, for comparing two pages: decoded, Unicode-folded, lower
 * case, without a `;param` or file extension, and without `-`, `_` or spaces.
 */
const foldSegment = (segment: string): string =>
  segment
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[;.].*$/, "")
    .replace(/[-_\s]+/g, "")

/**
 * The path's segments, read every way a server could: the whole path decoded
 * first (so an encoded `/` splits segments: `/cart%2Fcheckout`), `\` as `/`,
 * empty segments (trailing or doubled slashes) dropped. Two readings: as
 * written, and with `.`/`..` resolved after decoding (`/a/%2E%2E/checkout`).
 */
const readingsOf = (pathname: string): ReadonlyArray<ReadonlyArray<string>> => {
  const parts = decodeFully(pathname).split(/[/\\]+/)
  const kept = (segments: ReadonlyArray<string>) => segments.filter((s) => foldSegment(s).length > 0)
  const resolved: Array<string> = []
  for (const segment of parts) {
    if (segment === "..") resolved.pop()
    else if (segment !== ".") resolved.push(segment)
  }
  return [kept(parts), kept(resolved)]
}

/** A path's words as the guard reads them (`/guest_Check.Out` → guest, check, out). */
const pathWordsOf = (pathname: string): ReadonlyArray<string> => textWords(decodeFully(pathname))

/** The blocked entry the path spells, if any, in either of its readings. */
export const blockedPathIn = (blockedPaths: ReadonlyArray<string>, pathname: string): string | undefined => {
  for (const segments of readingsOf(pathname)) {
    const found = blockedEntryIn(blockedPaths, segments.flatMap((segment) => textWords(segment)))
    if (found !== undefined) return found
  }
  return undefined
}

/** The blocked entry an operation named in the query or the body spells, with that operation. */
export const blockedOperationIn = (
  blockedPaths: ReadonlyArray<string>,
  search: string,
  body: string | undefined
): { readonly entry: string; readonly operation: string } | undefined => {
  for (const operation of [...queryOperations(search), ...(body === undefined ? [] : bodyOperations(body))]) {
    const entry = blockedEntryIn(blockedPaths, textWords(operation))
    if (entry !== undefined) return { entry, operation }
  }
  return undefined
}

/** Which blocked entry a URL (and body) names, by its path or by the operation it asks for. */
const blockedIn = (blockedPaths: ReadonlyArray<string>, url: URL, body: string | undefined): string | undefined => {
  const path = blockedPathIn(blockedPaths, url.pathname)
  if (path !== undefined) return `/${path}`
  const operation = blockedOperationIn(blockedPaths, url.search, body)
  return operation === undefined ? undefined : `/${operation.entry} (operation ${operation.operation.slice(0, 60)})`
}

/**
 * Whether the browser may load this URL (with this body). Only http(s) and ws(s) leave the page;
 * `data:`, `blob:`, `file:`, `javascript:` never do. The profile's blocked paths are checked
 * together with `minimumBlockedPaths`.
 */
export const checkUrl = (profile: GuardProfile, raw: string, body?: string): UrlVerdict => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return blocked("malformed", raw)
  }
  if (url.protocol !== "https:" && url.protocol !== "http:" && url.protocol !== "wss:" && url.protocol !== "ws:") {
    return blocked("scheme", url.protocol)
  }
  if (url.username !== "" || url.password !== "") return blocked("malformed", "credentials in the URL")
  if (!hostAllowed(profile.allowedHosts, url, profile.baseUrl)) return blocked("host", url.host)
  const found = blockedIn([...minimumBlockedPaths, ...profile.blockedPaths], url, body)
  return found === undefined ? allowed : blocked("path", found)
}

/** The same page: origin and path equal once normalised (`/en/login/` is `/en/login`); the query is ignored. */
export const samePage = (a: string, b: string): boolean => {
  try {
    const x = new URL(a)
    const y = new URL(b)
    const path = (u: URL) => (readingsOf(u.pathname)[1] ?? []).map(foldSegment).join("/")
    return x.origin === y.origin && path(x) === path(y)
  } catch {
    return false
  }
}

/** What is known about one request when the guard decides on it. */
export interface RequestFacts {
  readonly url: string
  readonly method: string
  /** The Referer the browser sent (set by the browser; a page can only drop it, not forge another). */
  readonly referrer: string | undefined
  /** A navigation (top-level or frame), or unknown: treated strictly. */
  readonly isDocument: boolean
  /** The request body as text, when the layer can see it (form posts, JSON and GraphQL calls). */
  readonly body?: string | undefined
}

/**
 * The guard's verdict for one request. While signing in (`signInPage` set), the sign-in page itself
 * and what it loads — its subresources and its form's POST — may use the profile's blocked paths
 * (`/login`, `/account/…`), never the minimum (checkout, payment, passwords); its host must still be
 * allowed, and a navigation away from it (a redirect after the POST included) is checked as usual.
 */
export const checkRequest = (profile: GuardProfile, facts: RequestFacts, signInPage: string | undefined): UrlVerdict => {
  const verdict = checkUrl(profile, facts.url, facts.body)
  if (verdict._tag === "Allowed" || verdict.reason !== "path" || signInPage === undefined) return verdict
  // Checkout, payment and passwords stay blocked even for the sign-in page.
  if (blockedIn(minimumBlockedPaths, new URL(facts.url), facts.body) !== undefined) return verdict
  if (samePage(facts.url, signInPage)) return allowed
  const fromSignIn = facts.referrer !== undefined && samePage(facts.referrer, signInPage)
  return fromSignIn && (!facts.isDocument || facts.method.toUpperCase() === "POST") ? allowed : verdict
}

/** Resolve what the model wrote (absolute, or relative to the current page) to an absolute URL. */
export const resolveUrl = (text: string, base: string): string | undefined => {
  try {
    return new URL(text.trim(), base).href
  } catch {
    return undefined
  }
}
