/**
 * Where the shopping browser may go: the one decision behind request routing,
 * the navigate tool and the re-check after every navigation and redirect.
 *
 * Where it sits: pure; the Browser's live layer calls `checkUrl` for every
 * request and every main-frame URL it lands on. Blocked paths are matched as
 * whole path *segments* anywhere in the path, so a locale prefix
 * (`/en/checkout`, `/fr-ca/login`), a deeper route (`/online-grocery/checkout`),
 * a file extension (`/login.aspx`) or percent-encoding does not slip past a
 * prefix check as it did in the original.
 */
import { minimumBlockedPaths } from "./store-profile.js"

export type UrlVerdict =
  | { readonly _tag: "Allowed" }
  | { readonly _tag: "Blocked"; readonly reason: "scheme" | "host" | "path" | "malformed"; readonly detail: string }

const allowed: UrlVerdict = { _tag: "Allowed" }
const blocked = (reason: "scheme" | "host" | "path" | "malformed", detail: string): UrlVerdict => ({
  _tag: "Blocked",
  reason,
  detail
})

export const hostAllowed = (patterns: ReadonlyArray<string>, url: URL): boolean =>
  patterns.some((raw) => {
    const pattern = raw.toLowerCase()
    const [hostPattern = "", port] = pattern.split(":")
    if (port !== undefined && port !== url.port) return false
    const host = url.hostname.toLowerCase()
    return hostPattern.startsWith("*.") ? host.endsWith(hostPattern.slice(1)) : host === hostPattern
  })

/** Decode percent-escapes until nothing changes (bounded), so `%252F` and `%2F` both become `/`. */
const decodeFully = (text: string): string => {
  let current = text
  for (let round = 0; round < 5; round++) {
    let next = current
    try {
      next = decodeURIComponent(current)
    } catch {
      // A malformed escape: decode the well-formed ones and keep the rest as written.
      next = current.replace(/%[0-9a-f]{2}/gi, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)))
    }
    if (next === current) return current
    current = next
  }
  return current
}

/**
 * One segment as a server might read it: decoded, Unicode-folded (`ｃｈｅｃｋｏｕｔ`,
 * `déconnexion`), lower case, without a `;param` or file extension (`login.aspx`,
 * `checkout;jsessionid=…`), and without `-`, `_` or spaces (`check_out`, `sign-in`).
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

/**
 * Whether one path segment is the blocked (folded) segment `wanted`: equal to it or its plural
 * (`/checkouts/<token>`, as Shopify writes its checkout). A segment that merely contains a
 * blocked word names something else (`checkout-lane-snacks` is an aisle of snacks).
 */
const segmentIs = (segment: string, wanted: string): boolean => {
  const folded = foldSegment(segment)
  return folded === wanted || folded === `${wanted}s` || folded === `${wanted}es`
}

const containsSequence = (segments: ReadonlyArray<string>, wanted: ReadonlyArray<string>): boolean => {
  for (let start = 0; start + wanted.length <= segments.length; start++) {
    if (wanted.every((w, i) => segmentIs(segments[start + i] ?? "", w))) return true
  }
  return false
}

/** The blocked segment sequence found in the path, if any. */
export const blockedPathIn = (blockedPaths: ReadonlyArray<string>, pathname: string): string | undefined => {
  const readings = readingsOf(pathname)
  return blockedPaths.find((entry) => {
    const wanted = (readingsOf(entry)[0] ?? []).map(foldSegment)
    return wanted.length > 0 && readings.some((segments) => containsSequence(segments, wanted))
  })
}

/**
 * Whether the browser may load this URL. Only http(s) leaves the page; `data:`, `blob:`, `file:`,
 * `javascript:` never do. The profile's blocked paths are checked together with `minimumBlockedPaths`.
 */
export const checkUrl = (
  profile: { readonly allowedHosts: ReadonlyArray<string>; readonly blockedPaths: ReadonlyArray<string> },
  raw: string
): UrlVerdict => {
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
  if (!hostAllowed(profile.allowedHosts, url)) return blocked("host", url.host)
  const path = blockedPathIn([...minimumBlockedPaths, ...profile.blockedPaths], url.pathname)
  return path === undefined ? allowed : blocked("path", `/${path}`)
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
}

/**
 * The guard's verdict for one request. While signing in (`signInPage` set), the sign-in page itself
 * and what it loads — its subresources and its form's POST — may use the profile's blocked paths
 * (`/login`, `/account/…`), never the minimum (checkout, payment, passwords); its host must still be
 * allowed, and a navigation away from it (a redirect after the POST included) is checked as usual.
 */
export const checkRequest = (
  profile: { readonly allowedHosts: ReadonlyArray<string>; readonly blockedPaths: ReadonlyArray<string> },
  facts: RequestFacts,
  signInPage: string | undefined
): UrlVerdict => {
  const verdict = checkUrl(profile, facts.url)
  if (verdict._tag === "Allowed" || verdict.reason !== "path" || signInPage === undefined) return verdict
  // Checkout, payment and passwords stay blocked even for the sign-in page.
  if (blockedPathIn(minimumBlockedPaths, new URL(facts.url).pathname) !== undefined) return verdict
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
