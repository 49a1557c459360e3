/**
 * The login routine's page work: open the store's sign-in page, type the
 * credentials into the sign-in form and nowhere else, submit, and wait for
 * the signed-in marker.
 *
 * Where it sits: called by the live Browser's `signIn` while the guard lets
 * the sign-in page (and what it loads) through; everything else stays
 * blocked. The credentials are typed only when the page really is the
 * profile's sign-in page, and only into fields inside the one sign-in form
 * (`formSelector`, or the one form holding both a username and a password
 * field): a newsletter box or a second form on the same page never gets them.
 */
import type { Page } from "playwright-core"
import type { StoreAuth } from "../../domain/shop/store-profile.js"
import { samePage } from "../../domain/shop/url-guard.js"

const signInForm = async (page: Page, auth: StoreAuth) => {
  const forms = auth.formSelector === undefined
    ? page.locator("form").filter({ has: page.locator(auth.usernameSelector) }).filter({ has: page.locator(auth.passwordSelector) })
    : page.locator(auth.formSelector)
  const count = await forms.count()
  if (count !== 1) {
    throw new Error(
      count === 0
        ? "no sign-in form on the sign-in page (set auth.formSelector in the store profile)"
        : `${count} forms look like a sign-in form; set auth.formSelector in the store profile to say which`
    )
  }
  return forms
}

/** Resolves when signed in; throws a message without any credential in it otherwise. */
export const fillSignInForm = async (
  page: Page,
  auth: StoreAuth,
  credentials: { readonly username: string; readonly password: string },
  options: { readonly baseUrl: string; readonly timeout: number }
): Promise<void> => {
  await page.goto(auth.loginUrl, { waitUntil: "domcontentloaded" })
  const marker = page.locator(auth.authenticatedSelector).first()
  if (!samePage(page.url(), auth.loginUrl)) {
    // The store sent us elsewhere: already signed in, or its sign-in page moved. Never type into another page.
    if ((await marker.count()) > 0) return
    throw new Error("the sign-in page redirected elsewhere; check auth.loginUrl in the store profile")
  }
  const form = await signInForm(page, auth)
  await form.locator(auth.usernameSelector).first().fill(credentials.username)
  await form.locator(auth.passwordSelector).first().fill(credentials.password)
  // The submit posts the form: the store's answer is a page load, bounded like one, not like waiting for the button.
  await form.locator(auth.submitSelector).first().click({ timeout: options.timeout })
  await page.waitForLoadState("domcontentloaded")
  const quick = await marker.waitFor({ state: "attached", timeout: Math.min(2000, options.timeout) }).then(() => true, () => false)
  if (quick) return
  // The form shown again means the store refused the credentials: no point waiting the full timeout.
  if (samePage(page.url(), auth.loginUrl) && (await page.locator(auth.passwordSelector).count()) > 0) {
    throw new Error("the store showed the sign-in form again (wrong username or password?)")
  }
  // Landed somewhere else (perhaps a page the guard keeps blocked): the session cookie is set by now.
  await page.goto(options.baseUrl, { waitUntil: "domcontentloaded" })
  await marker.waitFor({ state: "attached", timeout: options.timeout })
}
