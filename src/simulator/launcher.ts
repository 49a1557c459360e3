/**
 * The home screen: one icon per installed app. Tapping an icon starts the
 * app, as a person (or a model that pressed HOME) would.
 */
import type { KeyResult, SimApp } from "./app.js"
import { screen } from "./app.js"
import type { View } from "./view.js"
import { box } from "./view.js"

export const launcherPackage = "com.google.android.apps.nexuslauncher"

export class Launcher implements SimApp {
  readonly packageName = launcherPackage
  readonly label = "Pixel Launcher"
  readonly launchActivity = ".NexusLauncherActivity"

  constructor(
    private readonly icons: () => ReadonlyArray<{ readonly label: string; readonly open: () => void }>
  ) {}

  activity(): string {
    return this.launchActivity
  }
  start(): void {}
  settle(): void {}
  commitText(): boolean {
    return false
  }
  key(): KeyResult {
    return "ignored"
  }
  scroll(): void {}

  render(): View {
    return {
      className: "android.widget.FrameLayout", bounds: box(0, 0, screen.width, screen.height), children: [{
        className: "android.view.ViewGroup", id: `${launcherPackage}:id/workspace`, bounds: box(0, screen.statusBar, screen.width, screen.navBar),
        children: this.icons().map((icon, i) => ({
          className: "android.widget.TextView", text: icon.label, desc: icon.label,
          bounds: box(40 + (i % 4) * 250, 1800 + Math.floor(i / 4) * 260, 290 + (i % 4) * 250, 2060 + Math.floor(i / 4) * 260),
          onTap: icon.open
        }))
      }]
    }
  }
}
