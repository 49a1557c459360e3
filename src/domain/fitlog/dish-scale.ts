/**
 * How many of a built dish (dishes.ts) a request stands for. Pure.
 */
import { vesselCups } from "./household.js"
import { mass, sizeFactor } from "./portion-table.js"
import type { FoodRequest } from "./types.js"

/** Cups in a cup, bowl or plate of a mixed dish (as for any food: portion-table.ts) and in one main-dish serving of it. */
const mainServing = [1.5, "a main-dish serving of pasta or rice is about 1 1/2 cups"] as const
const cupsOf: Partial<Record<FoodRequest["unit"], readonly [number, string]>> = {
  cup: [1, "a cup"],
  bowl: vesselCups.bowl,
  plate: vesselCups.plate,
  serving: mainServing,
  order: mainServing,
  each: mainServing
}

/** A mixed dish built per cup (pasta or rice with sauce, meat or vegetables): its vessel or serving in cups, by size. */
const cupsOfDish = (request: FoodRequest): { readonly factor: number; readonly assumption?: string } | undefined => {
  const size = sizeFactor[request.unit]
  const [cups, why] = cupsOf[request.unit] ?? (size === undefined ? [undefined, ""] : [1.5 * size, `a main-dish serving is about 1 1/2 cups, ×${size} for ${request.unit}`])
  if (cups === undefined) return undefined
  const factor = request.quantity * cups
  return request.unit === "cup" ? { factor } : { factor, assumption: why }
}

/**
 * How many of a built dish (dishes.ts) `request` stands for: a count, a size
 * (small ×0.75, large ×1.3: portion-table.ts), or grams given for the whole dish. None for a
 * volume ("a cup of sandwich" is no dish amount), except for a dish built per cup (`perCup`): then a cup, bowl, plate or
 * serving of it in cups.
 */
export const dishScale = (request: FoodRequest, dishGrams: number, perCup = false): { readonly factor: number; readonly assumption?: string } | undefined => {
  const perMass = mass[request.unit]
  if (perMass !== undefined) return { factor: (request.quantity * perMass) / dishGrams }
  if (perCup) return cupsOfDish(request)
  const size = sizeFactor[request.unit]
  if (size !== undefined) return size === 1 ? { factor: request.quantity } : { factor: request.quantity * size, assumption: `${request.unit}: ×${size} of a typical one` }
  return request.unit === "serving" || request.unit === "order" || request.unit === "plate" ? { factor: request.quantity } : undefined
}
