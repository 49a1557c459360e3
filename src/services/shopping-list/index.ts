/** ShoppingListProvider: the port, its errors, the YAML file layer and the in-memory test layer. */
export { ShoppingListItemMissing, ShoppingListMalformed, ShoppingListUnavailable } from "./errors.js"
export type { ShoppingListError } from "./errors.js"
export { layerMemoryList, MemoryShoppingList } from "./memory.js"
export type { MemoryShoppingListShape } from "./memory.js"
export { ShoppingListProvider } from "./shopping-list-provider.js"
export type { ShoppingListProviderShape } from "./shopping-list-provider.js"
export { layerYamlFile, makeYamlFileProvider } from "./yaml-file.js"
export { parseList, patchItem } from "./yaml-list.js"
