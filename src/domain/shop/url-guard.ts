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

const segmentsOf = (pathname: string): ReadonlyArray<string> =>
  pathname.split("/").filter((s) => s.length > 0).map((s) => {
    let decoded = s
    try {
      decoded = decodeURIComponent(s)
    } catch {
      // A malformed escape is compared as written.
    }
    // `login.aspx`, `checkout;jsessionid=…` name the same page as `login`, `checkout`.
    return decoded.toLowerCase().replace(/[;.].*$/, "")
  })

/** The blocked segment sequence found in the path, if any. */
export const blockedPathIn = (blockedPaths: ReadonlyArray<string>, pathname: string): string | undefined => {
  const segments = segmentsOf(pathname)
  return blockedPaths.find((entry) => {
    const wanted = segmentsOf(entry)
    if (wanted.length === 0) return false
    for (let start = 0; start + wanted.length <= segments.length; start++) {
      if (wanted.every((w, i) => segments[start + i] === w)) return true
    }
    return false
  })
}

/** Whether the browser may load this URL. Only http(s) leaves the page; `data:`, `blob:`, `file:`, `javascript:` never do. */
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
  if (url.protocol !== "https:" && url.protocol !== "http:") return blocked("scheme", url.protocol)
  if (!hostAllowed(profile.allowedHosts, url)) return blocked("host", url.host)
  const path = blockedPathIn(profile.blockedPaths, url.pathname)
  return path === undefined ? allowed : blocked("path", `/${path}`)
}

/** Resolve what the model wrote (absolute, or relative to the current page) to an absolute URL. */
export const resolveUrl = (text: string, base: string): string | undefined => {
  try {
    return new URL(text.trim(), base).href
  } catch {
    return undefined
  }
}
