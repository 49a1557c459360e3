/**
 * The contract between the simulated device and a fake app: how it starts
 * and stops, what it draws, and how it takes text and keys.
 *
 * Where it sits: device.ts keeps the apps and routes input to the one in
 * front; fitness-app.ts, settings-app.ts and launcher.ts implement it.
 */
import type { View } from "./view.js"

export const screen = { width: 1080, height: 2400, statusBar: 63, navBar: 2274 } as const

export type KeyResult = "handled" | "leave-app" | "ignored"

export interface SimApp {
  readonly packageName: string
  readonly label: string
  /** The launcher activity, relative (`.MainActivity`). */
  readonly launchActivity: string
  /** The activity currently in front, relative to the package. */
  readonly activity: () => string
  /** Cold start: the launch screen, transient state cleared (stored data such as the diary is kept). */
  readonly start: () => void
  /** What the app draws below the status bar. */
  readonly render: () => View
  /** Text committed by the keyboard into the focused field; false when no field has focus. */
  readonly commitText: (text: string) => boolean
  /** Empty the focused field (select-all + DEL, or ADBKeyboard's clear); false when no field has focus. */
  readonly clearText?: () => boolean
  readonly key: (code: number) => KeyResult
  /** A vertical swipe by `dy` pixels (negative: finger moved up, content scrolls down) at `x, y`. */
  readonly scroll: (x: number, y: number, dy: number) => void
  /** Called before each dump: screens that are still loading settle one step. */
  readonly settle: () => void
}
