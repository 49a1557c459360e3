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
  /** Looked up inside the sign-in form only, never elsewhere on the page. */
  usernameSelector: Schema.NonEmptyTrimmedString,
  passwordSelector: Schema.NonEmptyTrimmedString,
  submitSelector: Schema.NonEmptyTrimmedString,
  /**
   * The sign-in form. Without it, the one form on the sign-in page that holds both a username and a
   * password field; when there is not exactly one, sign-in fails rather than guess.
   */
  formSelector: Schema.optional(Schema.NonEmptyTrimmedString)
}) {}

/**
 * The add control's label, as stores write it: "Add to cart", "Add to basket", "Add to bag",
 * "Add to trolley", a bare "Add" or "+ Add", "Ajouter au panier", "Ajouter" — never
 * "Add to list" or "Add to favourites".
 */
export const defaultAddToCartPattern =
  String.raw`^\W*add\W*$|\badd (?:\d+ )?(?:to )?(?:my |your |the )?(?:cart|basket|bag|trolley)\b|ajouter au panier|^\W*ajouter\W*$`

export class StoreProfile extends Schema.Class<StoreProfile>("StoreProfile")({
  name: Schema.NonEmptyTrimmedString,
  baseUrl: Schema.NonEmptyTrimmedString,
  /** With `{query}` where the URL-encoded search text goes. */
  searchUrl: Schema.NonEmptyTrimmedString.pipe(Schema.filter((s) => s.includes("{query}") || "searchUrl needs a {query} placeholder")),
  cartUrl: Schema.NonEmptyTrimmedString,
  /** Hosts requests may go to: `www.metro.ca`, or `*.a.run.app` for any subdomain. A port, if given, must match too. */
  allowedHosts: Schema.NonEmptyArray(Schema.NonEmptyTrimmedString),
  /**
   * Path segment sequences never loaded, wherever they appear in a path: `checkout`, `account/settings`.
   * Added to `minimumBlockedPaths`, never instead of it: an empty list still blocks checkout.
   */
  blockedPaths: Schema.Array(Schema.NonEmptyTrimmedString),
  auth: Schema.optional(StoreAuth),
  /** For the rule-based shopper: a regular expression a product page's path matches. */
  productPathPattern: Schema.NonEmptyTrimmedString,
  /** For the rule-based shopper: the add-to-cart button's accessible name, as a case-insensitive regular expression. */
  addToCartPattern: Schema.optionalWith(Schema.NonEmptyTrimmedString, { default: () => defaultAddToCartPattern })
}) {}

/**
 * Pages no profile can unblock: checkout, payment and order placement, and
 * passwords, in English and French (metro.ca is bilingual). `checkUrl`
 * always adds these to a profile's own list, so `blockedPaths: []` cannot
 * switch checkout blocking off. Each entry is a word or a run of words,
 * found anywhere among a path's words (guard-words.ts): decoded, case- and
 * accent-folded, split on `-`, `_`, `.`, `/` and camelCase, in the singular
 * or plural — `checkout` catches `/secure-checkout`, `/guest-check-out`,
 * `/checkoutV2` and `?action=checkout`; `place-order` catches `placeOrder`.
 */
export const minimumBlockedPaths: ReadonlyArray<string> = [
  // checkout / payment / placing the order
  "checkout",
  "payment",
  "payments",
  "pay",
  "billing",
  "purchase",
  "place-order",
  "submit-order",
  "confirm-order",
  "order/place",
  "order/submit",
  "order/confirm",
  "paiement",
  "paiements",
  "payer",
  "facturation",
  "caisse",
  "commander",
  "commande",
  "passer-commande",
  "passer-la-commande",
  "finaliser-commande",
  "finaliser-la-commande",
  "valider-commande",
  "confirmer-commande",
  // express pay and one-step buying: a wallet or "buy now" skips the cart and pays at once
  "buy-now",
  "buy-it-now",
  "order-now",
  "quick-buy",
  "instant-buy",
  "one-click",
  "applepay",
  "gpay",
  "googlepay",
  "shoppay",
  "amazonpay",
  "samsungpay",
  "paypal",
  "acheter-maintenant",
  "achat-rapide",
  "achat-express",
  // passwords
  "password",
  "password-reset",
  "reset-password",
  "forgot-password",
  "change-password",
  "mot-de-passe",
  "mot-de-passe-oublie"
]

/**
 * seeds/003's blocked pages plus their synonyms and French forms: the
 * minimum above, sign-in and registration, and account management. A
 * profile's `blockedPaths` usually starts from this list; whatever it
 * lists, the minimum still applies.
 */
export const defaultBlockedPaths: ReadonlyArray<string> = [
  ...minimumBlockedPaths,
  // signing in and out, registering
  "login",
  "logon",
  "logout",
  "logoff",
  "signin",
  "signout",
  "signup",
  "register",
  "registration",
  "create-account",
  "connexion",
  "se-connecter",
  "deconnexion",
  "se-deconnecter",
  "inscription",
  "s-inscrire",
  "creer-un-compte",
  "creer-compte",
  // account management
  "account",
  "my-account",
  "myaccount",
  "account/settings",
  "account/edit",
  "account/profile",
  "account/security",
  "account/payment-methods",
  "mon-compte",
  "compte/parametres",
  "compte/modifier",
  "compte/profil",
  "profile/edit"
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
