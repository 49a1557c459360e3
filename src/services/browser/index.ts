/** Browser: the port, its errors, the banner script and the playwright-core live layer (which imports playwright-core only when built). */
export { bannerScript } from "./banner.js"
export { Browser } from "./browser.js"
export type { BlockedRequest, BrowserShape, StoreCredentials } from "./browser.js"
export { BrowserActionFailed, BrowserCrashed, BrowserDriverMissing, BrowserLaunchFailed, NavigationBlocked, SignInFailed, StaleRef } from "./errors.js"
export type { BrowserError } from "./errors.js"
export { chromiumArgs, layerPlaywright, makePlaywrightBrowser } from "./playwright.js"
export type { PlaywrightBrowserOptions } from "./playwright.js"
