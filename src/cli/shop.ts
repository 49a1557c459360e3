/**
 * `shoal shop`: every open item of a YAML shopping list added to a grocery
 * web cart by a guarded browser agent, then a summary (seeds/003).
 *
 * This module holds only the command and its options, so `shoal --help`
 * stays cheap: the run itself (YAML, the agent, playwright-core) is
 * imported by shop-run.ts when the command runs.
 */
import { Args, Command, Options } from "@effect/cli"
import { Effect } from "effect"
import { llmOptions } from "./llm-options.js"
import { webOptions } from "./web-options.js"

export const shopPort = 8029

export const shopOptions = {
  list: Options.text("list").pipe(
    Options.withAlias("l"),
    Options.withDescription(
      "The shopping list: a UTF-8 YAML file with `items:` (each a name, or a map with name, and optionally id, status, tags, quantity — or write the count: \"2 bread\", \"bread x2\", \"two avocados\", \"a dozen eggs\"). Open items (status needs_action) are shopped, except #404 ones (see --retry-not-found) and #in-progress ones (a run stopped mid-item: check the cart, then remove the tag). An add counts only once the store's cart shows it with that quantity. Results are written back as you go, merged with any edit you save meanwhile, keeping your comments and fields. The list's directory must be writable."
    )
  ),
  store: Options.text("store").pipe(
    Options.withDescription(
      "The store: a built-in profile name (metro) or a store profile file (YAML/JSON: name, baseUrl, searchUrl with {query}, cartUrl, allowedHosts, blockedPaths, productPathPattern, optional addToCartPattern and auth). addToCartPattern is the add control's label as a regular expression; the default knows \"Add to cart/basket/bag/trolley\", a bare \"Add\" and \"Ajouter (au panier)\", on a button or a link. blockedPaths adds to a built-in minimum (checkout, payment, passwords) it cannot remove; paths are matched as words, inside compounds too (/secure-checkout, /guest-check-out, ?op=placeOrder). In allowedHosts, host:port allows that port, host:* every port, and a bare host only baseUrl's port (80/443 when it names none); auth (loginUrl, authenticatedSelector, username/password/submit selectors, optional formSelector) opts into sign-in with SHOAL_STORE_USERNAME / SHOAL_STORE_PASSWORD."
    ),
    Options.withDefault("metro")
  ),
  profile: Options.text("profile").pipe(
    Options.withDescription(
      "Browser profile directory (cookies, the signed-in session). Default: $XDG_CONFIG_HOME/shoal/browser/<store> (else ~/.config/shoal/browser/<store>)."
    ),
    Options.optional
  ),
  timeBudget: Options.text("time-budget").pipe(
    Options.withDescription("Time allowed per item, e.g. 5m, 300s, 1h. An item that runs out is marked #failed."),
    Options.withDefault("5m")
  ),
  maxTurns: Options.integer("max-turns").pipe(
    Options.withDescription("Model turns allowed per item. An item that runs out is marked #failed."),
    Options.withDefault(40)
  ),
  headed: Options.boolean("headed").pipe(
    Options.withDescription("Show the browser window instead of running headless.")
  ),
  resume: Options.boolean("resume").pipe(
    Options.withDescription(
      "Go on with a run of this list that was stopped (Ctrl-C, a crash): the one named by RUN, else the newest. What it did stays done and counts in its summary; the item it stopped in (#in-progress) is named, not shopped again; the rest is shopped. Runs are saved after every item under SHOAL_DATA_DIR (else $XDG_DATA_HOME/shoal, else ~/.local/share/shoal)."
    )
  ),
  sessions: Options.boolean("sessions").pipe(Options.withDescription("List the saved runs of this list (id, when, how far it got) and exit.")),
  run: Args.text({ name: "RUN" }).pipe(Args.withDescription("A saved run's id (with --resume)."), Args.optional),
  retryNotFound: Options.boolean("retry-not-found").pipe(
    Options.withDescription(
      "Shop items tagged #404 again. By default an item the store did not have is left alone until you remove its #404 tag or pass this flag."
    )
  ),
  ...webOptions(
    "the run",
    shopPort,
    "Watch the run live in a web page on 127.0.0.1 as well as on stderr: each item as it is shopped (added, not found, failed), how many are done, the summary at the end, the run's events (ItemStarted, ItemFinished, RunFinished…) under \"Watch events\", and a card for any question the run asks. The address is printed on stderr; the page closes when the run ends, and Ctrl-C still writes the summary of what was done."
  )
} as const

export const shop = Command.make("shop", { ...shopOptions, ...llmOptions }, (flags) =>
  Effect.flatMap(Effect.promise(() => import("./shop-run.js")), ({ runShop }) => runShop(flags))).pipe(
    Command.withDescription(
      "Add every open item of a YAML shopping list to a grocery web cart with a guarded browser (Debian Chromium), then write a summary beside the list. Sign-in credentials come only from SHOAL_STORE_USERNAME / SHOAL_STORE_PASSWORD and are typed by code, never shown to the model. Checkout is never opened: you review the cart and pay yourself. The summary's total is the cart's own, in the store's currency, differences from the list explained. A store that does not answer stops the run once, the items not tried left open. Exit status 1 when every item failed, or when Chromium cannot start or stops mid-run (the list keeps every result so far; run again to go on); an empty list says so and exits 0. Each run is saved after every item: --resume goes on with a stopped one, --sessions lists them."
    )
  )
