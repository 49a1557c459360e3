/**
 * Chromium profile preferences the shopping browser needs off: autofill
 * (addresses, cards) and the password manager (saving, offering, signing in
 * by itself). Written into the persistent profile before Chromium starts, so
 * the store's sign-in form is filled by the login routine only and a typed
 * password is never stored by the browser.
 *
 * Where it sits: called by the live Browser before launch; keeps every other
 * preference in an existing profile.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const offPrefs: Record<string, Record<string, boolean> | boolean> = {
  credentials_enable_service: false,
  credentials_enable_autosignin: false,
  profile: { password_manager_enabled: false, password_manager_leak_detection: false },
  autofill: { enabled: false, profile_enabled: false, credit_card_enabled: false }
}

/** Merge the "off" preferences into `<profileDir>/Default/Preferences`. */
export const disableAutofillAndPasswords = (profileDir: string): void => {
  const dir = join(profileDir, "Default")
  const file = join(dir, "Preferences")
  mkdirSync(dir, { recursive: true })
  let prefs: Record<string, unknown> = {}
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"))
    if (isRecord(parsed)) prefs = parsed
  } catch {
    // No profile yet (or an unreadable one Chromium would reset anyway): start from the "off" preferences.
  }
  for (const [key, value] of Object.entries(offPrefs)) {
    const existing = prefs[key]
    prefs[key] = isRecord(value) && isRecord(existing) ? { ...existing, ...value } : value
  }
  writeFileSync(file, JSON.stringify(prefs))
}

/**
 * Switches that keep the same features off where a preference alone is not enough. No
 * `--disable-features` here: Chromium keeps only the last one, and Playwright's own list must stay.
 */
export const noAutofillArgs: ReadonlyArray<string> = ["--disable-save-password-bubble"]
