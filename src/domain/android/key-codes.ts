/**
 * Android key codes by name, one table for both sides of the wire: what the
 * agents and the Android tools send with `input keyevent`, and what the
 * simulated phone (src/simulator) understands. The numbers are Android's own,
 * `android.view.KeyEvent.KEYCODE_*` (frameworks/base/core/java/android/view/KeyEvent.java,
 * https://developer.android.com/reference/android/view/KeyEvent); a name here is
 * that constant without its `KEYCODE_` prefix.
 */
import { Schema } from "effect"

/** An Android `KeyEvent` key code (0…400 covers every code `input keyevent` knows). */
export const KeyCode = Schema.Int.pipe(Schema.between(0, 400), Schema.brand("KeyCode"))
export type KeyCode = typeof KeyCode.Type

/** The key codes Shoal sends or simulates, named as in android.view.KeyEvent (`Keys.BACK` is `KEYCODE_BACK`). */
export const Keys = {
  HOME: KeyCode.make(3),
  BACK: KeyCode.make(4),
  DPAD_DOWN: KeyCode.make(20),
  A: KeyCode.make(29),
  TAB: KeyCode.make(61),
  ENTER: KeyCode.make(66),
  DEL: KeyCode.make(67),
  MENU: KeyCode.make(82),
  SEARCH: KeyCode.make(84),
  CTRL_LEFT: KeyCode.make(113),
  CTRL_RIGHT: KeyCode.make(114),
  APP_SWITCH: KeyCode.make(187)
} as const

const byConstantName: ReadonlyMap<string, KeyCode> = new Map(Object.entries(Keys).map(([name, code]) => [`KEYCODE_${name}`, code]))

/**
 * The code a word of `input keyevent` / `input keycombination` stands for: a
 * number, or a constant's name (`KEYCODE_BACK`) from the table above.
 */
export const keyCodeOfWord = (word: string): number => byConstantName.get(word) ?? Number.parseInt(word, 10)
