/**
 * A store profile: everything the agent knows about one grocery web site, so
 * it is not tied to metro.ca (seeds/003 §4 "Domain Restrictions").
 *
 * Where it sits: the CLI decodes one (built-in name or profile file); the
 * Browser guards every request and navigation with `checkUrl`; the prompts
 * and the rule-based shopper read the search URL template; the orchestrator
 * checks authentication with the profile's selector.
 */
import { Schema } from "effect"

export class StoreAuth extends Schema.Class<StoreAuth>("StoreAuth")({
  /** Present only when signed in (metro.ca: `#authenticatedButton`). */
  authenticatedSelector: Schema.NonEmptyTrimmedString,
  /** The sign-in page: blocked for the model, opened only by the login routine. */
  loginUrl: Schema.NonEmptyTrimmedString,
  usernameSelector: Schema.NonEmptyTrimmedString,
  passwordSelector: Schema.NonEmptyTrimmedString,
  submitSelector: Schema.NonEmptyTrimmedString
}) {}

export class StoreProfile extends Schema.Class<StoreProfile>("StoreProfile")({
  name: Schema.NonEmptyTrimmedString,
  baseUrl: Schema.NonEmptyTrimmedString,
  /** With `{query}` where the URL-encoded search text goes. */
  searchUrl: Schema.NonEmptyTrimmedString.pipe(Schema.filter((s) => s.includes("{query}") || "searchUrl needs a {query} placeholder")),
  cartUrl: Schema.NonEmptyTrimmedString,
  /** Hosts requests may go to: `www.metro.ca`, or `*.a.run.app` for any subdomain. A port, if given, must match too. */
  allowedHosts: Schema.NonEmptyArray(Schema.NonEmptyTrimmedString),
  /** Path segment sequences never loaded, wherever they appear in a path: `checkout`, `account/settings`. */
  blockedPaths: Schema.Array(Schema.NonEmptyTrimmedString),
  auth: Schema.optional(StoreAuth),
  /** For the rule-based shopper: a regular expression a product page's path matches. */
  productPathPattern: Schema.NonEmptyTrimmedString,
  /** For the rule-based shopper: the add-to-cart button's accessible name, as a case-insensitive regular expression. */
  addToCartPattern: Schema.optionalWith(Schema.NonEmptyTrimmedString, { default: () => "add to cart|ajouter au panier" })
}) {}

/** seeds/003's blocked pages: checkout, payment, authentication and account management. */
export const defaultBlockedPaths: ReadonlyArray<string> = [
  "checkout",
  "payment",
  "billing",
  "login",
  "logout",
  "signin",
  "sign-in",
  "signout",
  "sign-out",
  "signup",
  "sign-up",
  "register",
  "account/settings",
  "account/edit",
  "password",
  "password-reset"
]

/**
 * metro.ca as seeds/003 observed it. The core hosts only: analytics, ads and
 * social hosts stay blocked (and logged once) as the seed recommends. The
 * login and cart paths are the site's public routes; tune them with a
 * profile file if the site moves them.
 */
export const metroProfile: StoreProfile = new StoreProfile({
  name: "metro",
  baseUrl: "https://www.metro.ca/en/online-grocery",
  searchUrl: "https://www.metro.ca/en/online-grocery/search?filter={query}",
  cartUrl: "https://www.metro.ca/en/online-grocery/cart",
  allowedHosts: [
    "www.metro.ca",
    "product-images.metro.ca",
    "d94qwxh6czci4.cloudfront.net",
    "static.cloud.coveo.com",
    "use.typekit.net",
    "p.typekit.net",
    "cdn.cookielaw.org",
    "cdn.dialoginsight.com",
    "*.a.run.app",
    "db7q4jg5rkhk8.cloudfront.net",
    "d2o5idwacg3gyw.cloudfront.net"
  ],
  blockedPaths: defaultBlockedPaths,
  auth: new StoreAuth({
    authenticatedSelector: "#authenticatedButton",
    loginUrl: "https://www.metro.ca/en/login",
    usernameSelector: "input[type=email], input[name=username], #username",
    passwordSelector: "input[type=password]",
    submitSelector: "button[type=submit]"
  }),
  productPathPattern: "/p/[0-9A-Za-z-]+$",
  addToCartPattern: "add to cart|ajouter au panier"
})

export const builtInProfiles: Readonly<Record<string, StoreProfile>> = { metro: metroProfile }

/** The search page for a query, from the profile's template. */
export const searchUrlFor = (profile: StoreProfile, query: string): string =>
  profile.searchUrl.replace("{query}", encodeURIComponent(query.trim()))
