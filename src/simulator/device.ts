/**
 * One simulated Android phone: its installed apps, which one is in front,
 * the dialogs on top, its faults, and the input it receives. No sockets here:
 * the ADB server (server.ts) and the in-memory Adb layer both drive a device
 * through `run` (shell.ts), so they behave identically.
 *
 * Tests hold the device to inject faults (`faults`, `showDialog`, `crash`)
 * and to assert the world afterwards (`fitness.diary()`,
 * `settings.wifiEnabled`, `commands` for what actually reached the device).
 */
import { Keys } from "../domain/android/key-codes.js"
import type { Point } from "../domain/android/ui-tree.js"
import type { SimApp } from "./app.js"
import { screen } from "./app.js"
import { FitnessApp } from "./fitness-app.js"
import { Launcher } from "./launcher.js"
import { encodePng, paintViews } from "./png.js"
import { SettingsApp } from "./settings-app.js"
import type { View, Window } from "./view.js"
import { box, flatten, hitTest, renderDump } from "./view.js"

export interface Faults {
  /** Listed as `offline`; every device request fails with `device offline`. */
  offline: boolean
  /** Accepts requests for the device and never answers (a hung adbd). */
  unresponsive: boolean
  /** Extra time every `uiautomator dump` takes. */
  slowDumpMs: number
  /** The next N dumps print `ERROR: could not get idle state.` instead of XML. */
  failingDumps: number
  /** The next N dumps stop halfway through the XML. */
  truncatedDumps: number
  /** The next input event crashes the app in front instead of reaching it. */
  crashOnNextInput: boolean
}

export interface Dialog {
  readonly packageName: string
  readonly title: string
  readonly message: string
  readonly buttons: ReadonlyArray<string>
}

export interface DeviceOptions {
  readonly serial?: string
  /** ADBKeyboard installed (default true): text goes through its base64 broadcast. */
  readonly adbKeyboard?: boolean
  readonly model?: string
}

export class SimulatedDevice {
  readonly serial: string
  readonly model: string
  readonly fitness = new FitnessApp()
  readonly settings = new SettingsApp()
  readonly launcher: Launcher
  readonly faults: Faults = { offline: false, unresponsive: false, slowDumpMs: 0, failingDumps: 0, truncatedDumps: 0, crashOnNextInput: false }
  /** Every command line that reached the device (shell: and exec:), in order. */
  readonly commands: Array<string> = []
  /** Every text the keyboard committed, in order (what arrived, after all quoting). */
  readonly typed: Array<string> = []
  adbKeyboard: boolean
  /** Files written on the device (`uiautomator dump <path>`). */
  readonly files = new Map<string, string>()
  private readonly running = new Set<string>()
  /** Ctrl+A was pressed in the focused field: the next DEL or text replaces everything. */
  private allSelected = false
  private front: SimApp
  private dialog: Dialog | undefined

  constructor(options: DeviceOptions = {}) {
    this.serial = options.serial ?? "emulator-5554"
    this.model = options.model ?? "sdk_gphone64_x86_64"
    this.adbKeyboard = options.adbKeyboard ?? true
    this.launcher = new Launcher(() => this.apps().map((app) => ({ label: app.label, open: () => this.launch(app.packageName, false) })))
    this.front = this.launcher
  }

  /** Installed user-visible apps (the launcher itself is not listed on its home screen). */
  apps(): ReadonlyArray<SimApp> {
    return [this.fitness, this.settings]
  }

  app(packageName: string): SimApp | undefined {
    return [...this.apps(), this.launcher].find((a) => a.packageName === packageName)
  }

  packages(): ReadonlyArray<string> {
    return [...this.apps().map((a) => a.packageName), this.launcher.packageName, "com.android.systemui", "com.google.android.gms", ...(this.adbKeyboard ? ["com.android.adbkeyboard"] : [])]
  }

  foreground(): SimApp {
    return this.front
  }

  currentDialog(): Dialog | undefined {
    return this.dialog
  }

  isRunning(packageName: string): boolean {
    return this.running.has(packageName)
  }

  /** Bring an app to front; `cold` (or not running) restarts it at its launch screen. */
  launch(packageName: string, cold: boolean): boolean {
    const app = this.app(packageName)
    if (app === undefined) return false
    if (cold || !this.running.has(packageName)) app.start()
    this.running.add(packageName)
    this.front = app
    return true
  }

  forceStop(packageName: string): void {
    this.running.delete(packageName)
    if (this.front.packageName === packageName) this.front = this.launcher
  }

  /** An unexpected dialog pops up over whatever is showing (a system update prompt, an ANR…). */
  showDialog(dialog: Dialog = { packageName: "com.google.android.gms", title: "Update Google Play services", message: "This app won't run without Google Play services, which are missing from your phone.", buttons: ["Later", "Update"] }): void {
    this.dialog = dialog
  }

  /** The app in front dies: the launcher shows, under a "keeps stopping" dialog. */
  crash(): void {
    const app = this.front
    this.forceStop(app.packageName)
    this.dialog = { packageName: "android", title: `${app.label} keeps stopping`, message: "", buttons: ["App info", "Close app"] }
  }

  private beforeInput(): boolean {
    if (!this.faults.crashOnNextInput) return true
    this.faults.crashOnNextInput = false
    this.crash()
    return false
  }

  tap(point: Point): void {
    if (!this.beforeInput()) return
    this.allSelected = false
    this.front.settle()
    const target = hitTest(this.dialog === undefined ? this.front.render() : this.dialogView(this.dialog), point)
    target?.onTap?.()
  }

  swipe(from: Point, to: Point): void {
    if (!this.beforeInput()) return
    this.allSelected = false
    if (this.dialog === undefined) this.front.scroll(from.x, from.y, to.y - from.y)
  }

  key(code: number): void {
    if (!this.beforeInput()) return
    this.front.settle()
    // DEL on a select-all empties the field; any other key drops the selection.
    const selected = this.allSelected
    this.allSelected = false
    if (selected && code === Keys.DEL && this.dialog === undefined) {
      this.front.clearText?.()
      return
    }
    if (this.dialog !== undefined) {
      if (code === Keys.BACK) this.dialog = undefined
      return
    }
    if (code === Keys.HOME) this.front = this.launcher
    else if (this.front.key(code) === "leave-app") this.front = this.launcher
  }

  /** `input keycombination`: Ctrl+A selects all of the focused field's text; other combinations do nothing here. */
  keyCombination(codes: ReadonlyArray<number>): void {
    if (!this.beforeInput()) return
    this.allSelected = codes.includes(Keys.A) && (codes.includes(Keys.CTRL_LEFT) || codes.includes(Keys.CTRL_RIGHT))
  }

  /** ADBKeyboard's ADB_CLEAR_TEXT: the focused field becomes empty. */
  clearText(): void {
    if (!this.beforeInput()) return
    this.allSelected = false
    this.front.settle()
    if (this.dialog === undefined) this.front.clearText?.()
  }

  /** Text from the keyboard into the focused field (dropped when nothing has focus, as on a phone); it replaces a select-all. */
  commitText(text: string): void {
    if (!this.beforeInput()) return
    this.front.settle()
    if (this.allSelected && this.dialog === undefined) this.front.clearText?.()
    this.allSelected = false
    if (this.dialog === undefined && this.front.commitText(text)) this.typed.push(text)
  }

  windows(): ReadonlyArray<Window> {
    const app = { packageName: this.front.packageName, root: this.front.render() }
    return this.dialog === undefined ? [app] : [app, { packageName: this.dialog.packageName, root: this.dialogView(this.dialog) }]
  }

  /** The dump as uiautomator writes it; screens that were loading settle afterwards. */
  dump(): string {
    const xml = renderDump(this.windows())
    this.front.settle()
    return xml
  }

  /** `screencap -p`: the screen painted as blocks (png.ts's `paintViews`), a real PNG of the screen's size. */
  screenshot(): Buffer {
    return encodePng(screen.width, screen.height, paintViews(this.windows().flatMap((w) => flatten(w.root))))
  }

  private dialogView(d: Dialog): View {
    const dismiss = () => void (this.dialog = undefined)
    const height = 300 + (d.message.length > 0 ? 200 : 0) + d.buttons.length * 140
    const topY = Math.floor((screen.height - height) / 2)
    return {
      className: "android.widget.FrameLayout", bounds: box(90, topY, 990, topY + height), children: [
        { className: "android.widget.TextView", id: "android:id/alertTitle", text: d.title, bounds: box(150, topY + 60, 930, topY + 200) },
        ...(d.message.length > 0 ? [{ className: "android.widget.TextView", id: "android:id/message", text: d.message, bounds: box(150, topY + 220, 930, topY + 420) }] : []),
        ...d.buttons.map((label, i) => ({
          className: "android.widget.Button", id: `android:id/button${i + 1}`, text: label,
          bounds: box(150, topY + height - 140 * (d.buttons.length - i), 930, topY + height - 140 * (d.buttons.length - i - 1)), onTap: dismiss
        }))
      ]
    }
  }
}
