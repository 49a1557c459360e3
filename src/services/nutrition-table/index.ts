/** NutritionTable: the port, the SR28 layer and the in-memory layer. */
export { layerFromRecords, makeNutritionTable, NutritionTable } from "./nutrition-table.js"
export type { NutritionTableShape } from "./nutrition-table.js"
export { layerSr28, NutritionDataUnavailable } from "./sr28-file.js"
export { layerFoodSearch, makeSearchTable } from "./food-search-table.js"
