/** ShoppingListProvider: the port, its errors, the YAML file layer and the in-memory test layer. */
export { ShoppingListItemMissing, ShoppingListMalformed, ShoppingListUnavailable } from "./errors.js"
export type { ShoppingListError } from "./errors.js"
export { layerMemoryList, MemoryShoppingList } from "./memory.js"
export type { MemoryShoppingListShape } from "./memory.js"
export { ShoppingListProvider } from "./shopping-list-provider.js"
export type { HeldBackItem, ShoppingListProviderShape } from "./shopping-list-provider.js"
export { defaultShoppingRules, layerYamlFile, makeYamlFileProvider } from "./yaml-file.js"
