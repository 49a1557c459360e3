/** Browser: the port, its errors and the playwright-core live layer (which imports playwright-core only when built); ./internal holds what only that layer uses. */
export { Browser } from "./browser.js"
export type { BlockedRequest, BrowserShape, StoreCredentials } from "./browser.js"
export { BrowserActionFailed, BrowserCrashed, BrowserDriverMissing, BrowserLaunchFailed, NavigationBlocked, SignInFailed, StaleRef } from "./errors.js"
export type { BrowserError } from "./errors.js"
export { layerPlaywright, makePlaywrightBrowser } from "./playwright.js"
export type { PlaywrightBrowserOptions } from "./playwright.js"
