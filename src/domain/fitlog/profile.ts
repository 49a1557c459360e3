/**
 * The user's body profile and the daily goals it recommends. Pure.
 *
 * Energy: Mifflin–St Jeor resting energy (1990), the equation the Academy of
 * Nutrition and Dietetics recommends for healthy adults —
 * 10·kg + 6.25·cm − 5·years, +5 for men, −161 for women — times a physical
 * activity factor (low 1.375, moderate 1.55, high 1.725). Protein 1.6 g per
 * kg of body weight, fat 30 % of energy, carbohydrate the rest.
 *
 * Nothing here assumes a value the user did not give: a profile with a field
 * missing recommends nothing and says which fields are missing.
 */
import { Either, Schema } from "effect"

export const Sex = Schema.Literal("female", "male")
export type Sex = typeof Sex.Type

export const Activity = Schema.Literal("low", "moderate", "high")
export type Activity = typeof Activity.Type

export const Profile = Schema.Struct({
  ageYears: Schema.Int.pipe(Schema.between(18, 110)),
  sex: Sex,
  heightCm: Schema.Number.pipe(Schema.between(120, 230)),
  weightKg: Schema.Number.pipe(Schema.between(30, 300)),
  activity: Activity
})
export type Profile = typeof Profile.Type

/** What the diary holds: any of the fields the user has told us so far. */
export const PartialProfile = Schema.partialWith(Profile, { exact: true })
export type PartialProfile = typeof PartialProfile.Type

export const profileFields = ["ageYears", "sex", "heightCm", "weightKg", "activity"] as const satisfies ReadonlyArray<keyof Profile>

export interface RecommendedGoals {
  readonly calories: number
  readonly protein: number
  readonly carbs: number
  readonly fat: number
}

const activityFactor: Record<Activity, number> = { low: 1.375, moderate: 1.55, high: 1.725 }

/** Resting energy by Mifflin–St Jeor, kcal per day. */
export const restingEnergy = (p: Profile): number =>
  10 * p.weightKg + 6.25 * p.heightCm - 5 * p.ageYears + (p.sex === "male" ? 5 : -161)

export const recommendedGoals = (p: Profile): RecommendedGoals => {
  const calories = Math.round(restingEnergy(p) * activityFactor[p.activity])
  const protein = Math.round(1.6 * p.weightKg)
  const fat = Math.round((0.3 * calories) / 9)
  const carbs = Math.max(0, Math.round((calories - protein * 4 - fat * 9) / 4))
  return { calories, protein, carbs, fat }
}

/** The fields of `later` override `earlier`'s (what the user just said wins over what the diary holds). */
export const mergeProfiles = (earlier: PartialProfile, later: PartialProfile): PartialProfile => ({ ...earlier, ...later })

/** The complete profile, or the fields still missing (in a fixed order). */
export const completeProfile = (p: PartialProfile): Either.Either<Profile, ReadonlyArray<keyof Profile>> => {
  const { activity, ageYears, heightCm, sex, weightKg } = p
  if (ageYears === undefined || sex === undefined || heightCm === undefined || weightKg === undefined || activity === undefined) {
    return Either.left(profileFields.filter((field) => p[field] === undefined))
  }
  return Either.right({ ageYears, sex, heightCm, weightKg, activity })
}

const activityWords: Record<Activity, string> = { low: "lightly active", moderate: "moderately active", high: "very active" }

/** The given fields in words, e.g. "34 years, female, 165 cm, 62 kg, moderately active". */
export const describeProfile = (p: PartialProfile): string =>
  [
    p.ageYears === undefined ? undefined : `${p.ageYears} years`,
    p.sex,
    p.heightCm === undefined ? undefined : `${p.heightCm} cm`,
    p.weightKg === undefined ? undefined : `${p.weightKg} kg`,
    p.activity === undefined ? undefined : activityWords[p.activity]
  ].filter((part) => part !== undefined).join(", ")
