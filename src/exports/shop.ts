/**
 * `shoal/shop`: the shopping agent (`shop`, the rule and model shoppers, add
 * verification), with `Shop` (its domain: items, prices, store profiles, the
 * URL guard) and the services as namespaces: `Browser` (install the optional
 * peer `playwright-core` to build `Browser.layerPlaywright`),
 * `ShoppingList` (the YAML list and an in-memory one) and `Events`.
 */
export * from "../agents/shop/index.js"
export * as Browser from "../services/browser/index.js"
export * as Events from "../services/events/index.js"
export * as Shop from "../domain/shop/index.js"
export * as ShoppingList from "../services/shopping-list/index.js"
