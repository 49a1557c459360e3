/**
 * `--token` for programs and for the web page. A program sends
 * `Authorization: Bearer <token>`. A browser cannot put a header on an
 * EventSource, so the page is opened once as `/?token=<token>` (the address
 * `shoal serve` prints): the server answers with a cookie holding the token
 * (HttpOnly, SameSite=Strict, so no other site's page sends it) and sends the
 * browser on to the same address without the token, which thus stays out of
 * the history. Every later request of the page — fetches and the event
 * stream alike — carries the cookie.
 *
 * Where it sits: server.ts's guard asks `admit` before any route runs.
 */
import { HttpServerResponse } from "@effect/platform"
import type { HttpServerRequest } from "@effect/platform"
import { Redacted } from "effect"
import { timingSafeEqual } from "node:crypto"

export const tokenCookie = "shoal_token"

/** An empty expected token matches nothing: an empty cookie or `/?token=` must not open a server (the CLI refuses a blank --token). */
const same = (given: string, expected: string): boolean => {
  if (expected.length === 0) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

const refused = HttpServerResponse.unsafeJson(
  { error: "This server needs `Authorization: Bearer <token>` (the --token it was started with); a browser opens it once as /?token=<token>." },
  { status: 401 }
)

/** `undefined` when the request may go on; otherwise the response to give instead (401, or the redirect that sets the cookie). */
export const admit = (request: HttpServerRequest.HttpServerRequest, token: Redacted.Redacted<string>): HttpServerResponse.HttpServerResponse | undefined => {
  const expected = Redacted.value(token)
  const url = new URL(request.url, "http://serve.invalid")
  const given = url.searchParams.get("token")
  if (given !== null) {
    if (request.method !== "GET" || !same(given, expected)) return refused
    url.searchParams.delete("token")
    return HttpServerResponse.redirect(`${url.pathname}${url.search}`, { status: 303 }).pipe(
      HttpServerResponse.unsafeSetCookie(tokenCookie, expected, { httpOnly: true, sameSite: "strict", path: "/" })
    )
  }
  // The scheme is case-insensitive (RFC 9110 §11.1); the token is not.
  const bearer = /^bearer +(.*)$/i.exec(request.headers["authorization"] ?? "")?.[1]
  if (bearer !== undefined && same(bearer, expected)) return undefined
  const cookie = request.cookies[tokenCookie]
  if (cookie !== undefined && same(cookie, expected)) return undefined
  return refused
}
