/**
 * How many of a built dish (dishes.ts) a request stands for. Pure.
 */
import { mass, sizeFactor } from "./portion-table.js"
import type { FoodRequest } from "./types.js"

/**
 * How many of a built dish (dishes.ts) `request` stands for: a count, a size
 * (small ×0.75, large ×1.3: portion-table.ts), or grams given for the whole dish. None for a
 * volume ("a cup of sandwich" is no dish amount).
 */
export const dishScale = (request: FoodRequest, dishGrams: number): { readonly factor: number; readonly assumption?: string } | undefined => {
  const perMass = mass[request.unit]
  if (perMass !== undefined) return { factor: (request.quantity * perMass) / dishGrams }
  const size = sizeFactor[request.unit]
  if (size !== undefined) return size === 1 ? { factor: request.quantity } : { factor: request.quantity * size, assumption: `${request.unit}: ×${size} of a typical one` }
  return request.unit === "serving" || request.unit === "order" || request.unit === "plate" ? { factor: request.quantity } : undefined
}
