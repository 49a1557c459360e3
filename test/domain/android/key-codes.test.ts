/** The named key codes: Android's own numbers (android.view.KeyEvent), read the same by the simulated phone's shell. */
import { describe, expect, it } from "@effect/vitest"
import { keyCodeOfWord, Keys } from "../../../src/domain/android/key-codes.js"

describe("Keys", () => {
  it("are android.view.KeyEvent's KEYCODE_* values", () => {
    // From KeyEvent.java; a wrong number here presses a different key on a real phone.
    expect({ ...Keys }).toEqual({
      HOME: 3, BACK: 4, DPAD_DOWN: 20, A: 29, TAB: 61, ENTER: 66, DEL: 67, MENU: 82, SEARCH: 84,
      CTRL_LEFT: 113, CTRL_RIGHT: 114, APP_SWITCH: 187
    })
  })

  it("a word of `input keyevent` is a number or a KEYCODE_ name", () => {
    expect(keyCodeOfWord("KEYCODE_BACK")).toBe(Keys.BACK)
    expect(keyCodeOfWord("KEYCODE_CTRL_LEFT")).toBe(Keys.CTRL_LEFT)
    expect(keyCodeOfWord("66")).toBe(Keys.ENTER)
    expect(keyCodeOfWord("BACK")).toBeNaN()
  })
})
