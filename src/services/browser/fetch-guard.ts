/**
 * The guard's in-browser layer: the CDP Fetch domain at the request stage on
 * one page target. Chromium pauses every request of the page, its frames and
 * its dedicated workers here — each hop of a redirect again, marked with
 * `redirectedRequestId` — before it is sent, so the blocked paths are
 * checked even inside https, where the loopback proxy sees only a host.
 *
 * Where it sits: attached by the live Browser to its page (and to any page
 * that opens) next to Playwright's own route handler; Chromium chains both
 * interceptors, so either one blocking is enough. See guard.ts for why all
 * three layers exist.
 */
import type { BrowserContext, Page } from "playwright-core"
import type { Guard } from "./guard.js"

const headerValue = (headers: Readonly<Record<string, string>>, name: string): string | undefined =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1]

/** The request body Chromium hands over (whole, or in base64 entries), for the operation it names. */
const bodyOf = (request: { readonly postData?: string; readonly postDataEntries?: ReadonlyArray<{ readonly bytes?: string }> }): string | undefined =>
  request.postData ??
    (request.postDataEntries === undefined
      ? undefined
      : request.postDataEntries.map((entry) => Buffer.from(entry.bytes ?? "", "base64").toString("utf8")).join(""))

/** Pause, check and continue or fail every request of this page target. Returns once interception is on. */
export const guardPageTarget = async (context: BrowserContext, page: Page, guard: Guard): Promise<void> => {
  const cdp = await context.newCDPSession(page)
  // The main frame's id is the target's and never changes: known before the first request is paused.
  const mainFrameId = (await cdp.send("Page.getFrameTree")).frameTree.frame.id
  cdp.on("Fetch.requestPaused", (event) => {
    const { url, method, headers } = event.request
    // data:/blob: never leave the machine; anything else is decided.
    const local = /^(data|blob|about):/i.test(url)
    const isDocument = event.resourceType === "Document"
    const verdict = local
      ? undefined
      : guard.decide(
        { url, method, referrer: headerValue(headers, "referer"), isDocument, body: bodyOf(event.request) },
        { layer: event.redirectedRequestId === undefined ? "request interceptor" : "redirect interceptor", mainDocument: isDocument && event.frameId === mainFrameId }
      )
    const answer = verdict === undefined || verdict._tag === "Allowed"
      ? cdp.send("Fetch.continueRequest", { requestId: event.requestId })
      : cdp.send("Fetch.failRequest", { requestId: event.requestId, errorReason: "BlockedByClient" })
    // The page may close while a request is paused: nothing left to answer.
    answer.catch(() => undefined)
  })
  await cdp.send("Fetch.enable", { patterns: [{ urlPattern: "*", requestStage: "Request" }] })
}
