/** The shop domain (seeds/003): list items and outcomes, the summary, store profiles, the URL guard, snapshots. */
export * from "./item.js"
export * from "./page-snapshot.js"
export * from "./similarity.js"
export * from "./store-profile.js"
export * from "./summary.js"
export * from "./time-budget.js"
export * from "./url-guard.js"
export * from "./snapshot-tiles.js"
