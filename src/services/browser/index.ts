/** Browser: the port, its errors and the playwright-core live layers (which import playwright-core only when built): a Chromium per session, or sessions on one shared Chromium; ./internal holds what only they use. */
export { Browser } from "./browser.js"
export type { BlockedRequest, BrowserShape, StoreCredentials } from "./browser.js"
export { BrowserActionFailed, BrowserCrashed, BrowserDriverMissing, BrowserLaunchFailed, NavigationBlocked, SignInFailed, StaleRef } from "./errors.js"
export type { BrowserError } from "./errors.js"
export { layerPlaywright, makePlaywrightBrowser } from "./playwright.js"
export type { PlaywrightBrowserOptions, PlaywrightSessionOptions } from "./playwright.js"
export { layerPlaywrightSession, layerSharedChromium, makePlaywrightSession, makeSharedChromium, SharedChromium } from "./shared-chromium.js"
export type { SharedChromiumOptions, SharedChromiumShape } from "./shared-chromium.js"
