/**
 * The device as droid's agents see and move it (DroidRun's tools): observe
 * the screen as an indexed element list plus the app in front, and carry
 * out atomic actions — click, long_press, type, swipe, scroll, open_app,
 * back, home, enter, wait — through the `Adb` service.
 *
 * Where it sits: CodeAct's sandbox functions (codeact-functions.ts) and the
 * Executor (executor.ts) both act through here. Indices refer to the element
 * list last shown to the model, which is what the model chose from. Typing
 * checks focus and reads the field back (typing.ts). Every failure is an
 * `ActionFailed` with words the model can act on.
 */
import { Duration, Effect, Either, Option, Ref } from "effect"
import type { AtomicAction, Direction } from "../../domain/droid/actions.js"
import { parsePackageList, resolveApp } from "../../domain/droid/apps.js"
import type { ElementList, UiElement } from "../../domain/android/elements.js"
import { describeElement, describeElements, elementAt, elementList, findByLabel, focusedField } from "../../domain/android/elements.js"
import { PackageName } from "../../domain/android/ids.js"
import { Keys } from "../../domain/android/key-codes.js"
import type { Point } from "../../domain/android/ui-tree.js"
import { parseUiDump } from "../../domain/android/ui-tree.js"
import { screenHash } from "../../domain/droid/screen-hash.js"
import type { AdbError, UiDumpError } from "../../domain/android/errors.js"
import { Adb } from "../../services/adb/adb.js"
import { ActionFailed } from "./errors.js"
import { fieldText, makeTyping } from "./typing.js"

export { ActionFailed }

export interface Observation {
  /** The package in front, or "unknown". */
  readonly app: string
  readonly elements: ElementList
  /** What the model reads: the app, then one line per element. */
  readonly text: string
  /** The uiautomator XML the screen was read from. */
  readonly xml: string
  /** The screen's normalised hash (domain/droid/screen-hash.ts): equal for screens a user could not tell apart. */
  readonly hash: string
}

export interface DeviceTools {
  readonly observe: Effect.Effect<Observation, AdbError | UiDumpError>
  /** Carry out one action; the result says what happened, in a line. */
  readonly act: (action: AtomicAction) => Effect.Effect<string, ActionFailed>
  /** The text of the focused field on the last observed screen, if a field has focus; a password field's is never read. */
  readonly focusedText: Effect.Effect<Option.Option<string>, ActionFailed>
  /** Whether the action types into a password field on the last observed screen: its text is then never repeated. */
  readonly typesSecret: (action: AtomicAction) => Effect.Effect<boolean>
  /** Replace the focused field's text (the TextManipulator's result). */
  readonly replaceFocusedText: (text: string) => Effect.Effect<string, ActionFailed>
}

const fallbackSize = { width: 1080, height: 2400 }

/** Whether `action` types into a password field of `list`: the indexed one, or the focused one. */
export const typesIntoPassword = (list: ElementList, action: AtomicAction): boolean =>
  action.action === "type" && (action.index === undefined ? focusedField(list) : elementAt(list, action.index))?.node.password === true

/** How an action is named in messages, with a password's text left out. */
export const actionLabel = (action: AtomicAction, secret: boolean): string => {
  const shown = secret && action.action === "type" ? { ...action, text: `(${Array.from(action.text).length} characters)` } : action
  return `${action.action}(${JSON.stringify({ ...shown, action: undefined }).slice(1, -1)})`
}

const failed = (action: string) => (e: { readonly message: string }) => new ActionFailed({ action, reason: e.message })

export const makeDeviceTools: Effect.Effect<DeviceTools, never, Adb> = Effect.gen(function*() {
  const adb = yield* Adb
  const shown = yield* Ref.make<ElementList>({ elements: [] })
  const typing = makeTyping(adb)

  const observe = Effect.gen(function*() {
    const xml = yield* adb.dumpXml
    const tree = yield* Either.match(parseUiDump(xml), { onLeft: Effect.fail, onRight: Effect.succeed })
    const elements = elementList(tree)
    yield* Ref.set(shown, elements)
    const focus = yield* Effect.orElseSucceed(adb.focused, () => Option.none())
    const app = Option.match(focus, { onNone: () => "unknown", onSome: (f) => f.packageName })
    return { app, elements, text: `Focused app: ${app}\nUI elements:\n${describeElements(elements)}`, xml, hash: screenHash(tree) }
  })

  const target = (action: string, index: number | undefined, text: string | undefined) =>
    Effect.flatMap(Ref.get(shown), (list): Effect.Effect<UiElement, ActionFailed> => {
      if (index !== undefined) {
        const found = elementAt(list, index)
        return found === undefined
          ? Effect.fail(new ActionFailed({ action, reason: `there is no element [${index}]; the screen lists ${list.elements.length}` }))
          : Effect.succeed(found)
      }
      const label = text ?? ""
      const exact = findByLabel(list, label)
      const matches = exact.length > 0 ? exact : findByLabel(list, label, { exact: false })
      const best = matches.find((e) => e.node.clickable) ?? matches[0]
      return best === undefined
        ? Effect.fail(new ActionFailed({ action, reason: `no element shows "${label}"` }))
        : Effect.succeed(best)
    })

  const screenSize = Effect.map(Ref.get(shown), (list) => {
    // The dump's own screen when it has one (ui-tree.ts screenOf), else the box around what is listed.
    if (list.screen !== undefined && list.screen.right > list.screen.left && list.screen.bottom > list.screen.top) {
      return { width: list.screen.right, height: list.screen.bottom }
    }
    const right = Math.max(0, ...list.elements.map((e) => e.node.bounds.right))
    const bottom = Math.max(0, ...list.elements.map((e) => e.node.bounds.bottom))
    return right > 0 && bottom > 0 ? { width: right, height: bottom } : fallbackSize
  })

  /** `direction` is where the finger moves. */
  const swipe = (direction: Direction) =>
    Effect.flatMap(screenSize, ({ width, height }) => {
      const c: Point = { x: Math.round(width / 2), y: Math.round(height / 2) }
      const dx = Math.round(width * 0.3)
      const dy = Math.round(height * 0.25)
      const to: Point = direction === "up" ? { x: c.x, y: c.y - dy } : direction === "down" ? { x: c.x, y: c.y + dy } : direction === "left" ? { x: c.x - dx, y: c.y } : { x: c.x + dx, y: c.y }
      return adb.swipe(c, to, 300)
    })

  const openApp = (name: string) =>
    Effect.gen(function*() {
      const installed = parsePackageList(yield* adb.shell("pm list packages"))
      const pkg = resolveApp(name, installed)
      if (Option.isNone(pkg)) return yield* new ActionFailed({ action: `open_app(${JSON.stringify(name)})`, reason: `no installed app is called "${name}"` })
      yield* adb.launch(PackageName.make(pkg.value))
      return `opened ${pkg.value}`
    })

  const typesSecret = (action: AtomicAction) => Effect.map(Ref.get(shown), (list) => typesIntoPassword(list, action))

  const act = (action: AtomicAction): Effect.Effect<string, ActionFailed> => Effect.flatMap(typesSecret(action), (secret) => {
    const label = actionLabel(action, secret)
    const run: Effect.Effect<string, ActionFailed | AdbError | { readonly _tag: string; readonly message: string }> = (() => {
      switch (action.action) {
        case "click":
          return Effect.flatMap(target(label, action.index, action.text), (e) => Effect.as(adb.tap(e.centre), `tapped ${describeElement(e)}`))
        case "long_press":
          return Effect.flatMap(target(label, action.index, action.text), (e) => Effect.as(adb.swipe(e.centre, e.centre, 1000), `long-pressed ${describeElement(e)}`))
        case "type":
          return Effect.flatMap(Ref.get(shown), (list) => typing.typeInto(label, list, action.index, action.text))
        case "swipe":
          return Effect.as(swipe(action.direction), `swiped ${action.direction}`)
        case "scroll":
          // Scrolling down shows what is below: the finger moves up.
          return Effect.as(swipe(action.direction === "down" ? "up" : action.direction === "up" ? "down" : action.direction), `scrolled ${action.direction}`)
        case "open_app":
          return openApp(action.text)
        case "back":
          return Effect.as(adb.keyevent(Keys.BACK), "pressed back")
        case "home":
          return Effect.as(adb.keyevent(Keys.HOME), "pressed home")
        case "enter":
          return Effect.as(adb.keyevent(Keys.ENTER), "pressed enter")
        case "wait":
          return Effect.as(Effect.sleep(Duration.millis(action.ms)), `waited ${action.ms} ms`)
      }
    })()
    return run.pipe(Effect.mapError((e) => (e instanceof ActionFailed ? e : failed(label)(e))))
  })

  const focusedText = Effect.flatMap(Ref.get(shown), (list) => {
    const field = focusedField(list)
    if (field === undefined) return Effect.succeed(Option.none<string>())
    return field.node.password
      ? Effect.fail(new ActionFailed({ action: "input_text", reason: "the focused field is a password field: its text is never read; type the new text with type()" }))
      : Effect.succeed(Option.some(fieldText(field)))
  })

  // Cleared in one step and read back (typing.ts), never a DEL per character.
  const replaceFocusedText = (text: string) =>
    typing.replaceText(text).pipe(Effect.mapError((e) => (e instanceof ActionFailed ? e : failed("input_text")(e))))

  return { observe, act, focusedText, typesSecret, replaceFocusedText }
})
