/**
 * A Settings-like app, `com.android.settings`: the top-level list, "Network &
 * internet" with a Wi-Fi row and its switch, the Wi-Fi page with "Use
 * Wi-Fi", and joining the "CoffeeShop" network with a password typed into a
 * password field (which, like some apps, dumps its text unmasked). The
 * switch state is the world a droid test asserts ("turn on Wi-Fi");
 * `settings get global wifi_on` and `dumpsys wifi` report it too.
 */
import { Keys } from "../domain/android/key-codes.js"
import type { KeyResult, SimApp } from "./app.js"
import { screen } from "./app.js"
import type { View } from "./view.js"
import { box } from "./view.js"

export const settingsPackage = "com.android.settings"
const sid = (name: string) => `${settingsPackage}:id/${name}`
const top = screen.statusBar

type Page = "Main" | "Network" | "WiFi" | "Join"

const text = (t: string, bounds: View["bounds"], more: Partial<View> = {}): View => ({ className: "android.widget.TextView", text: t, bounds, ...more })

export class SettingsApp implements SimApp {
  readonly packageName = settingsPackage
  readonly label = "Settings"
  readonly launchActivity = ".Settings"
  wifiEnabled = false
  airplaneMode = false
  /** The network joined from the Join page, with the password it was joined with. */
  connected: { readonly network: string; readonly password: string } | undefined = undefined
  private password = ""
  private page: Page = "Main"

  activity(): string {
    return this.page === "Main" ? ".Settings" : this.page === "Network" ? ".Settings$NetworkDashboardActivity" : this.page === "WiFi" ? ".Settings$WifiSettingsActivity" : ".wifi.WifiDialogActivity"
  }

  start(): void {
    this.page = "Main"
  }

  settle(): void {}

  commitText(typed: string): boolean {
    if (this.page !== "Join") return false
    this.password += typed
    return true
  }

  clearText(): boolean {
    if (this.page !== "Join") return false
    this.password = ""
    return true
  }

  key(code: number): KeyResult {
    if (code !== Keys.BACK) return "ignored"
    if (this.page === "Main") return "leave-app"
    this.page = this.page === "Join" ? "WiFi" : this.page === "WiFi" ? "Network" : "Main"
    return "handled"
  }

  scroll(): void {}

  render(): View {
    const title = this.page === "Main" ? "Settings" : this.page === "Network" ? "Network & internet" : this.page === "WiFi" ? "Wi-Fi" : "CoffeeShop"
    const rows = this.page === "Main" ? this.mainRows() : this.page === "Network" ? this.networkRows() : this.page === "WiFi" ? this.wifiRows() : this.joinRows()
    return {
      className: "android.widget.FrameLayout", bounds: box(0, 0, screen.width, screen.height), children: [{
        className: "android.widget.LinearLayout", bounds: box(0, top, screen.width, screen.navBar), children: [
          {
            className: "android.view.ViewGroup", id: sid("action_bar"), bounds: box(0, top, screen.width, top + 147), children: [
              ...(this.page === "Main" ? [] : [{ className: "android.widget.ImageButton", desc: "Navigate up", bounds: box(0, top, 147, top + 147), onTap: () => void this.key(4) }]),
              text(title, box(189, top + 40, 900, top + 107))
            ]
          },
          { className: "androidx.recyclerview.widget.RecyclerView", id: sid("recycler_view"), scrollable: false, bounds: box(0, 210, screen.width, screen.navBar), children: rows.map((r, i) => r(box(0, 210 + i * 200, screen.width, 410 + i * 200))) }
        ]
      }]
    }
  }

  private row(title: string, summary: string, onTap: () => void, toggle?: { readonly checked: boolean; readonly onToggle: () => void }): (b: View["bounds"]) => View {
    return (b) => ({
      className: "android.widget.LinearLayout", bounds: b, onTap, children: [
        {
          className: "android.widget.RelativeLayout", bounds: box(42, b.top, 850, b.bottom), children: [
            text(title, box(42, b.top + 40, 850, b.top + 110), { id: "android:id/title" }),
            ...(summary.length > 0 ? [text(summary, box(42, b.top + 110, 850, b.bottom - 30), { id: "android:id/summary" })] : [])
          ]
        },
        ...(toggle === undefined ? [] : [{
          className: "android.widget.Switch", id: "android:id/switch_widget", checkable: true, checked: toggle.checked,
          text: toggle.checked ? "ON" : "OFF", bounds: box(880, b.top + 50, 1038, b.bottom - 50), onTap: toggle.onToggle
        }])
      ]
    })
  }

  private mainRows() {
    const go = (page: Page) => () => void (this.page = page)
    return [
      this.row("Network & internet", "Wi-Fi, mobile, data usage, and hotspot", go("Network")),
      this.row("Connected devices", "Bluetooth, pairing", () => undefined),
      this.row("Apps", "Recent apps, default apps", () => undefined),
      this.row("Battery", "100%", () => undefined),
      this.row("Display", "Dark theme, font size, brightness", () => undefined)
    ]
  }

  private networkRows() {
    const toggleWifi = () => void (this.wifiEnabled = !this.wifiEnabled)
    return [
      this.row("Wi-Fi", this.wifiEnabled ? "HomeNet" : "Off", () => void (this.page = "WiFi"), { checked: this.wifiEnabled, onToggle: toggleWifi }),
      this.row("Mobile network", "T-Mobile", () => undefined),
      this.row("Airplane mode", "", () => void (this.airplaneMode = !this.airplaneMode), { checked: this.airplaneMode, onToggle: () => void (this.airplaneMode = !this.airplaneMode) })
    ]
  }

  private wifiRows() {
    const toggleWifi = () => void (this.wifiEnabled = !this.wifiEnabled)
    return [
      this.row("Use Wi-Fi", "", toggleWifi, { checked: this.wifiEnabled, onToggle: toggleWifi }),
      ...(this.wifiEnabled
        ? [
          this.row("HomeNet", this.connected === undefined ? "Connected" : "Saved", () => undefined),
          this.row("CoffeeShop", this.connected?.network === "CoffeeShop" ? "Connected" : "Secured", () => void ((this.page = "Join"), (this.password = "")))
        ]
        : [])
    ]
  }

  /** The join dialog: a focused password field and Connect. */
  private joinRows(): ReadonlyArray<(b: View["bounds"]) => View> {
    return [
      (b) => ({
        className: "android.widget.EditText", id: sid("password"), text: this.password, hint: "Password", password: true,
        focused: true, focusable: true, clickable: true, bounds: box(42, b.top + 40, 1038, b.bottom - 40)
      }),
      (b) => ({
        className: "android.widget.Button", id: sid("connect"), text: "Connect", bounds: box(540, b.top + 40, 1038, b.bottom - 40),
        onTap: () => {
          if (this.password.length === 0) return
          this.connected = { network: "CoffeeShop", password: this.password }
          this.page = "WiFi"
        }
      })
    ]
  }
}
