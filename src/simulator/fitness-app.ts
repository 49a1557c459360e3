/**
 * A MyFitnessPal-like app, `com.myfitnesspal.android`: the diary with its
 * meals, food search, results with verified badges and calories, the food
 * detail with serving unit and number of servings, the add (check mark)
 * button, and a "no foods found" state. Resource ids and layout follow the
 * real app closely enough that a navigator written against this one reads
 * the same kinds of screens.
 *
 * Where it sits: one of the apps of the simulated device (device.ts). The
 * diary survives force-stops (it lives "on the server"); everything else is
 * reset by a cold start. Screens that load (splash, search) show a spinner
 * for one dump, so `waitForIdle` has something to wait for.
 */
import { Keys } from "../domain/android/key-codes.js"
import type { KeyResult, SimApp } from "./app.js"
import { screen } from "./app.js"
import type { Food, ServingUnit } from "./foods.js"
import { calories, searchFoods } from "./foods.js"
import type { View } from "./view.js"
import { box, maxScroll, scrolledRows } from "./view.js"

export const fitnessPackage = "com.myfitnesspal.android"
const id = (name: string) => `${fitnessPackage}:id/${name}`

export const meals = ["Breakfast", "Lunch", "Dinner", "Snacks"] as const
export type Meal = (typeof meals)[number]

export interface DiaryEntry {
  readonly meal: Meal
  readonly food: string
  readonly amount: string
  readonly calories: number
}

type Screen =
  | { readonly _tag: "Splash" }
  | { readonly _tag: "Diary"; readonly scroll: number }
  | { readonly _tag: "Search"; readonly meal: Meal; readonly query: string; readonly results: ReadonlyArray<Food> | undefined; readonly loading: boolean; readonly scroll: number }
  | { readonly _tag: "Detail"; readonly search: Extract<Screen, { _tag: "Search" }>; readonly food: Food; readonly unit: ServingUnit; readonly servings: string; readonly editing: "none" | "fresh" | "typing"; readonly choosingUnit: boolean }

const top = screen.statusBar
const text = (t: string, bounds: View["bounds"], more: Partial<View> = {}): View => ({ className: "android.widget.TextView", text: t, bounds, ...more })

export class FitnessApp implements SimApp {
  readonly packageName = fitnessPackage
  readonly label = "MyFitnessPal"
  readonly launchActivity = ".splash.ui.SplashActivity"
  readonly goal = 2000
  private entries: Array<DiaryEntry> = []
  private current: Screen = { _tag: "Splash" }

  /** The diary as the app's server holds it: what a test asserts after an agent logged food. */
  diary(): ReadonlyArray<DiaryEntry> {
    return [...this.entries]
  }

  activity(): string {
    switch (this.current._tag) {
      case "Splash": return this.launchActivity
      case "Diary": return ".main.ui.MainActivity"
      case "Search": return ".search.ui.FoodSearchActivity"
      case "Detail": return ".addentry.ui.AddFoodSummaryActivity"
    }
  }

  start(): void {
    this.current = { _tag: "Splash" }
  }

  settle(): void {
    const s = this.current
    if (s._tag === "Splash") this.current = { _tag: "Diary", scroll: 0 }
    else if (s._tag === "Search" && s.loading) this.current = { ...s, loading: false }
  }

  commitText(typed: string): boolean {
    const s = this.current
    if (s._tag === "Search") {
      this.current = { ...s, query: s.query + typed }
      return true
    }
    if (s._tag === "Detail" && s.editing !== "none") {
      this.current = { ...s, servings: s.editing === "fresh" ? typed : s.servings + typed, editing: "typing" }
      return true
    }
    return false
  }

  clearText(): boolean {
    const s = this.current
    if (s._tag === "Search") this.current = { ...s, query: "" }
    else if (s._tag === "Detail" && s.editing !== "none") this.current = { ...s, servings: "", editing: "typing" }
    else return false
    return true
  }

  key(code: number): KeyResult {
    const s = this.current
    if (code === Keys.BACK) return this.back()
    if (code === Keys.ENTER || code === Keys.SEARCH) {
      if (s._tag === "Search") return this.submitSearch(s), "handled"
      if (s._tag === "Detail" && s.editing !== "none") return (this.current = { ...s, editing: "none" }), "handled"
      return "ignored"
    }
    if (code === Keys.DEL) {
      if (s._tag === "Search") this.current = { ...s, query: s.query.slice(0, -1) }
      else if (s._tag === "Detail" && s.editing !== "none") this.current = { ...s, servings: s.editing === "fresh" ? "" : s.servings.slice(0, -1), editing: "typing" }
      else return "ignored"
      return "handled"
    }
    return "ignored"
  }

  scroll(_x: number, _y: number, dy: number): void {
    const s = this.current
    if (s._tag === "Diary") this.current = { ...s, scroll: clamp(s.scroll - dy, 0, maxScroll(diaryViewport, 150, this.diaryRows().length)) }
    if (s._tag === "Search" && s.results !== undefined) {
      this.current = { ...s, scroll: clamp(s.scroll - dy, 0, maxScroll(resultsViewport, resultHeight, s.results.length)) }
    }
  }

  render(): View {
    const s = this.current
    const content = s._tag === "Splash" ? this.splash() : s._tag === "Diary" ? this.diaryScreen(s.scroll) : s._tag === "Search" ? this.searchScreen(s) : this.detailScreen(s)
    return { className: "android.widget.FrameLayout", bounds: box(0, 0, screen.width, screen.height), children: [content] }
  }

  private back(): KeyResult {
    const s = this.current
    switch (s._tag) {
      case "Splash":
      case "Diary": return "leave-app"
      case "Search": this.current = { _tag: "Diary", scroll: 0 }; return "handled"
      case "Detail": this.current = s.choosingUnit ? { ...s, choosingUnit: false } : s.editing !== "none" ? { ...s, editing: "none" } : s.search; return "handled"
    }
  }

  private submitSearch(s: Extract<Screen, { _tag: "Search" }>): void {
    this.current = { ...s, results: searchFoods(s.query), loading: true, scroll: 0 }
  }

  private openSearch(meal: Meal): void {
    this.current = { _tag: "Search", meal, query: "", results: undefined, loading: false, scroll: 0 }
  }

  private add(s: Extract<Screen, { _tag: "Detail" }>): void {
    const servings = Number.parseFloat(s.servings)
    if (!Number.isFinite(servings) || servings <= 0) return // the real app keeps the screen and marks the field
    this.entries.push({
      meal: s.search.meal,
      food: s.food.name,
      amount: `${formatServings(servings)} x ${s.unit.label}`,
      calories: calories(s.food, s.unit, servings)
    })
    this.current = { _tag: "Diary", scroll: 0 }
  }

  private toolbar(title: string, up: boolean, extra: ReadonlyArray<View> = []): View {
    return {
      className: "android.view.ViewGroup", id: id("toolbar"), bounds: box(0, top, screen.width, top + 147),
      children: [
        ...(up ? [{ className: "android.widget.ImageButton", desc: "Navigate up", bounds: box(0, top, 147, top + 147), onTap: () => void this.back() }] : []),
        text(title, box(up ? 189 : 42, top + 40, 700, top + 107), { id: id("toolbar_title") }),
        ...extra
      ]
    }
  }

  private splash(): View {
    return { className: "android.widget.ImageView", id: id("splash_logo"), desc: "MyFitnessPal", bounds: box(340, 1000, 740, 1400) }
  }

  private diaryRows(): ReadonlyArray<(b: View["bounds"]) => View> {
    return meals.flatMap((meal) => {
      const mine = this.entries.filter((e) => e.meal === meal)
      const total = mine.reduce((sum, e) => sum + e.calories, 0)
      return [
        (b: View["bounds"]) => ({
          className: "android.widget.LinearLayout", id: id("meal_header"), bounds: b,
          children: [text(meal, box(42, b.top, 700, b.bottom), { id: id("meal_name") }), text(String(total), box(800, b.top, 1038, b.bottom), { id: id("meal_calories") })]
        }),
        ...mine.map((e) => (b: View["bounds"]) => ({
          className: "android.widget.LinearLayout", id: id("diary_entry"), bounds: b, onTap: () => undefined,
          children: [text(e.food, box(42, b.top, 800, b.top + 75), { id: id("food_name") }), text(e.amount, box(42, b.top + 75, 800, b.bottom), { id: id("food_description") }), text(String(e.calories), box(800, b.top, 1038, b.bottom), { id: id("food_calories") })]
        })),
        (b: View["bounds"]) => text("ADD FOOD", b, { id: id("add_food_button"), desc: `Add food to ${meal}`, className: "android.widget.Button", onTap: () => this.openSearch(meal) })
      ]
    })
  }

  private diaryScreen(scroll: number): View {
    const food = this.entries.reduce((sum, e) => sum + e.calories, 0)
    return {
      className: "android.widget.LinearLayout", bounds: box(0, top, screen.width, screen.navBar), children: [
        this.toolbar("Diary", false),
        text("Today", box(0, 210, screen.width, 300), { id: id("date_text") }),
        {
          className: "android.widget.LinearLayout", id: id("calories_remaining"), bounds: box(0, 300, screen.width, 420), children: [
            text(String(this.goal), box(42, 300, 340, 420), { id: id("goal_calories"), desc: "Goal" }),
            text(String(food), box(390, 300, 690, 420), { id: id("food_calories"), desc: "Food" }),
            text(String(this.goal - food), box(740, 300, 1038, 420), { id: id("remaining_calories"), desc: "Remaining" })
          ]
        },
        { className: "androidx.recyclerview.widget.RecyclerView", id: id("diary_list"), scrollable: true, bounds: diaryViewport, children: scrolledRows(diaryViewport, 150, scroll, this.diaryRows()) },
        {
          className: "android.widget.LinearLayout", id: id("bottom_navigation"), bounds: box(0, 2100, screen.width, screen.navBar),
          children: ["Dashboard", "Diary", "Plans", "More"].map((label, i) =>
            text(label, box(i * 270, 2100, (i + 1) * 270, screen.navBar), { desc: label, selected: label === "Diary", onTap: () => undefined }))
        }
      ]
    }
  }

  private searchScreen(s: Extract<Screen, { _tag: "Search" }>): View {
    const body: ReadonlyArray<View> = s.loading
      ? [{ className: "android.widget.ProgressBar", id: id("progress"), desc: "Searching", bounds: box(465, 900, 615, 1050) }]
      : s.results === undefined
      ? [text("Search for a food to log it", box(42, 500, 1038, 580), { id: id("search_hint") })]
      : s.results.length === 0
      ? [
        text(`No matching foods found for "${s.query}"`, box(42, 500, 1038, 600), { id: id("empty_state_text") }),
        text("CREATE A FOOD", box(300, 650, 780, 780), { className: "android.widget.Button", id: id("create_food_button"), onTap: () => undefined })
      ]
      : [{ className: "androidx.recyclerview.widget.RecyclerView", id: id("search_results"), scrollable: true, bounds: resultsViewport, children: scrolledRows(resultsViewport, resultHeight, s.scroll, s.results.map((f) => this.resultRow(s, f))) }]
    return {
      className: "android.widget.LinearLayout", bounds: box(0, top, screen.width, screen.navBar), children: [
        this.toolbar("", true, [{
          className: "android.widget.EditText", id: id("search_edit_text"), text: s.query, hint: "Search for a food", focused: true, focusable: true,
          bounds: box(189, top + 20, 1038, top + 127), onTap: () => undefined
        }]),
        text(s.meal, box(42, 230, 1038, 330), { id: id("meal_selector"), onTap: () => undefined }),
        ...body
      ]
    }
  }

  private resultRow(s: Extract<Screen, { _tag: "Search" }>, food: Food): (b: View["bounds"]) => View {
    const unit = food.units[0] ?? { label: "100 g", grams: 100 }
    return (b) => ({
      className: "android.widget.LinearLayout", id: id("search_result_item"), bounds: b,
      onTap: () => void (this.current = { _tag: "Detail", search: s, food, unit, servings: "1.0", editing: "none", choosingUnit: false }),
      children: [
        text(food.name, box(42, b.top, 900, Math.min(b.bottom, b.top + 90)), { id: id("food_name") }),
        text(`${food.brand}, ${unit.label}, ${calories(food, unit, 1)} cal`, box(42, Math.min(b.bottom, b.top + 90), 900, b.bottom), { id: id("food_description") }),
        ...(food.verified ? [{ className: "android.widget.ImageView", id: id("verified_badge"), desc: "Verified", bounds: box(930, b.top, 1038, Math.min(b.bottom, b.top + 90)) }] : [])
      ]
    })
  }

  private detailScreen(s: Extract<Screen, { _tag: "Detail" }>): View {
    const servings = Number.parseFloat(s.servings)
    const kcal = Number.isFinite(servings) ? String(calories(s.food, s.unit, servings)) : "-"
    const children: Array<View> = [
      this.toolbar("Add Food", true, [{ className: "android.widget.Button", id: id("action_add"), desc: "Add", bounds: box(933, top, 1080, top + 147), onTap: () => this.add(s) }]),
      text(s.food.name, box(42, 230, 1038, 330), { id: id("food_title") }),
      text(s.food.verified ? `${s.food.brand} ✓` : s.food.brand, box(42, 330, 1038, 400), { id: id("food_brand") }),
      {
        className: "android.widget.LinearLayout", id: id("serving_size_row"), bounds: box(0, 430, screen.width, 560),
        onTap: () => void (this.current = { ...s, choosingUnit: true, editing: "none" }),
        children: [text("Serving Size", box(42, 430, 540, 560)), text(s.unit.label, box(540, 430, 1038, 560), { id: id("serving_size") })]
      },
      {
        className: "android.widget.LinearLayout", bounds: box(0, 560, screen.width, 690),
        children: [
          text("Number of Servings", box(42, 560, 540, 690)),
          {
            className: "android.widget.EditText", id: id("number_of_servings"), text: s.servings, focused: s.editing !== "none", focusable: true,
            bounds: box(540, 560, 1038, 690), onTap: () => void (this.current = { ...s, editing: "fresh", choosingUnit: false })
          }
        ]
      },
      { className: "android.widget.LinearLayout", bounds: box(0, 690, screen.width, 820), children: [text("Meal", box(42, 690, 540, 820)), text(s.search.meal, box(540, 690, 1038, 820), { id: id("meal_name") })] },
      { className: "android.widget.LinearLayout", bounds: box(0, 850, screen.width, 1000), children: [text(kcal, box(42, 850, 540, 1000), { id: id("calories") }), text("cal", box(540, 850, 1038, 1000))] }
    ]
    if (s.choosingUnit) {
      children.push({
        className: "android.widget.FrameLayout", id: id("serving_size_picker"), bounds: box(90, 700, 990, 700 + 140 * (s.food.units.length + 1)),
        children: [
          text("Serving Size", box(90, 700, 990, 840), { id: id("alertTitle") }),
          ...s.food.units.map((u, i) => ({
            className: "android.widget.CheckedTextView", id: id("unit_option"), text: u.label, checkable: true, checked: u.label === s.unit.label,
            bounds: box(90, 840 + 140 * i, 990, 980 + 140 * i), onTap: () => void (this.current = { ...s, unit: u, choosingUnit: false })
          }))
        ]
      })
    }
    return { className: "android.widget.LinearLayout", bounds: box(0, top, screen.width, screen.navBar), children }
  }
}

const diaryViewport = box(0, 420, screen.width, 2100)
const resultsViewport = box(0, 330, screen.width, screen.navBar)
const resultHeight = 180

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))
const formatServings = (n: number) => (Number.isInteger(n) ? n.toFixed(1) : String(n))
