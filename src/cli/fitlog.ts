/**
 * `shoal fitlog`: food logging with Propose → Confirm → Commit (seeds/000, seeds/004).
 *
 *   shoal fitlog log "113g fried minced beef, 135g white rice cooked, 50g greek yogurt for lunch" [--yes] [--again] [--to android]
 *   shoal fitlog estimate "2 eggs" [--json]      nutrition without logging
 *   shoal fitlog today | day DATE                the diary and totals against goals
 *   shoal fitlog goals set calories 2200
 *   shoal fitlog export --csv
 *   shoal fitlog pending | confirm ID [--drop]   proposals waiting for a yes
 *   shoal fitlog chat                            talk: "log 2 eggs", "yes", "remove the almonds", "how am I doing?"
 *   shoal fitlog chat --gui [--port 8026] [--open]   the same chat as a web page on 127.0.0.1
 *
 * Only the command definitions live here; what runs is imported when it runs
 * (fitlog-run.ts), so `shoal --help` loads no agent, driver or data file.
 */
import { Args, Command, Options } from "@effect/cli"
import { Effect, Option } from "effect"
import { meals, nutritionCredit } from "../domain/fitlog/types.js"
import { llmOptions } from "./llm-options.js"
import { webOptions } from "./web-options.js"

const run = Effect.promise(() => import("./fitlog-run.js"))

// Checked when the diary opens (fitlog-run.ts diaryLayer): a folder passed here gets one line saying which file to pass.
const db = Options.text("db").pipe(Options.withDescription("The diary's SQLite file, not its folder (default: <data dir>/fitlog/diary.sqlite; data dir: SHOAL_DATA_DIR, else XDG). Its folder must exist; a read-only file can still be read."), Options.optional)
const text = Args.text({ name: "TEXT" }).pipe(Args.withDescription("What you ate, e.g. \"2 slices of toast, 1 medium banana for breakfast\"."))

const logCommand = Command.make("log", {
  ...llmOptions,
  db,
  text,
  to: Options.choice("to", ["local", "android"]).pipe(
    Options.withDescription("Where to log: the built-in local diary (default), or the MyFitnessPal Android app over adb."),
    Options.withDefault("local" as const)
  ),
  yes: Options.boolean("yes").pipe(Options.withDescription("Confirm the proposal without asking (non-interactive). A meal over 5000 kcal or 60 foods is then refused, with the reason, and a food that is only the closest match to the one named (less than half the words said in its names) is reported unmatched rather than logged. Without it you are asked: y, yes, ok, sure or 👍 logs it; n, no, nope or 👎 logs nothing.")),
  again: Options.boolean("again").pipe(Options.withDescription("Log it even if the same meal is already logged today (you ate it again); without it a repeat is asked about, or skipped under --yes.")),
  meal: Options.choice("meal", meals).pipe(Options.withDescription("The meal, when the text does not say (else you are asked)."), Options.optional),
  device: Options.text("device").pipe(Options.withDescription("With --to android: the device serial, or \"sim\" for the built-in simulated phone."), Options.optional),
  avd: Options.text("avd").pipe(Options.withDescription("With --to android: an emulator AVD to start when no device is online."), Options.optional)
}, (flags) => Effect.flatMap(run, (m) => m.runLog(flags))).pipe(
  Command.withDescription("Parse, match, validate and propose the food list; log it once you confirm (or --yes). Text with no words (empty, emoji or punctuation only) is refused (exit 2). With --to android, run it again to retry lines that failed; an app entry that is not the proposed food is asked about.")
)

const estimateCommand = Command.make("estimate", {
  ...llmOptions,
  text,
  json: Options.boolean("json").pipe(Options.withDescription("Print stable JSON: { meal, items: [{ text, food, grams, kcal, protein_g, carbs_g, fat_g, source, match: { named, confidence } }], total }; match.named is false when the food is only the closest the tables have, confidence the share of the words said in its names."))
}, (flags) => Effect.flatMap(run, (m) => m.runEstimate(flags))).pipe(
  Command.withDescription("Show the matched foods, grams, nutrients and totals; logs nothing. Text with no words (empty, emoji or punctuation only) is refused (exit 2). TEXT may be a list (\"2 eggs, 1 slice toast\") or narrative (\"For lunch I had a tasty 200g chicken sandwich and a 250g glass of milk\"). Offline the rules read amounts mid-sentence, household amounts (a cup, a bag, a large order, a slice of cake, half a melon, a whole fish, a fun-size bar, a cubic inch of cheese, an 11 oz frozen dinner as a whole mixed dish: a typical weight, each assumption shown), \"made with\" ingredients as the dish itself (an omelette made with 3 eggs), dishes USDA lacks built from typical parts (a PB&J sandwich, a burrito) and chain items (\"a big mac\"), matching foods as eaten (cooked rice, brewed coffee, plain over flavoured); a food after \"and/with/on\" is its own item (\"toast with butter\"); a few foods USDA lacks are counted as what makes them up, said so (\"a latte\" as ~4/5 of the cup in steamed milk). Every amount assumed is shown under the table, and so is a food that is only the closest match to the one named, with how sure the match is. Offline cannot read dishes no table (USDA FNDDS, USDA SR28, CoFID) has a record or built form for (reported unmatched, never swapped for another food) or a food named only by an adjective; with a model key, text read with low confidence goes to the model.")
)

const todayCommand = Command.make("today", { db }, (flags) => Effect.flatMap(run, (m) => m.runDay({ ...flags, date: Option.none() }))).pipe(
  Command.withDescription("Today's meals and totals against your goals, then fibre, sugars, sodium, saturated fat, vitamins and minerals (\"unknown\" where USDA has no value). Works on a read-only diary.")
)

const dayCommand = Command.make("day", { db, date: Args.text({ name: "DATE" }).pipe(Args.withDescription("YYYY-MM-DD, a day the calendar has")) }, (flags) =>
  Effect.flatMap(run, (m) => m.runDay({ db: flags.db, date: Option.some(flags.date) }))).pipe(Command.withDescription("One day's meals, totals against your goals, and its nutrients (as `today`)."))

const goalsSet = Command.make("set", {
  db,
  name: Args.choice([["calories", "calories"], ["protein", "protein"], ["carbs", "carbs"], ["fat", "fat"]] as const, { name: "GOAL" }),
  value: Args.float({ name: "VALUE" })
}, (flags) => Effect.flatMap(run, (m) => m.runSetGoal(flags))).pipe(Command.withDescription("Set a daily goal: calories (kcal), protein, carbs or fat (g)."))

const goalsCommand = Command.make("goals").pipe(Command.withDescription("Daily goals."), Command.withSubcommands([goalsSet]))

const exportCommand = Command.make("export", {
  db,
  csv: Options.boolean("csv").pipe(Options.withDescription("CSV on stdout (the only format): one row per food with its table (source), a column per nutrient (empty when unknown).")),
  from: Options.text("from").pipe(Options.withDescription("First day, YYYY-MM-DD."), Options.optional),
  to: Options.text("to").pipe(Options.withDescription("Last day, YYYY-MM-DD."), Options.optional)
}, (flags) => Effect.flatMap(run, (m) => m.runExport(flags))).pipe(Command.withDescription("Export the diary."))

const pendingCommand = Command.make("pending", {}, () => Effect.flatMap(run, (m) => m.runPending)).pipe(
  Command.withDescription("Proposals still waiting for your confirmation (they survive a restart).")
)

const confirmCommand = Command.make("confirm", {
  db,
  id: Args.text({ name: "ID" }).pipe(Args.withDescription("A pending proposal's id (p-…), from `shoal fitlog pending`.")),
  drop: Options.boolean("drop").pipe(Options.withDescription("Drop the proposal instead of logging it."))
}, (flags) => Effect.flatMap(run, (m) => m.runConfirm(flags))).pipe(Command.withDescription("Log a pending proposal to the local diary (or --drop it)."))

const chatCommand = Command.make("chat", { ...llmOptions, db, ...webOptions("the chat", 8026) }, (flags) =>
  Effect.flatMap(Effect.promise(() => import("./fitlog-chat.js")), (m) => Effect.if(flags.gui, { onTrue: () => m.runChatWeb(flags), onFalse: () => m.runChatCli(flags) }))).pipe(
  Command.withDescription("Talk to your food log: \"log 2 eggs\" (then yes/no), \"remove the almonds\" or \"make the rice 200 g\" (by name, then yes/no), \"how am I doing today?\" or \"this week?\", \"set my calories to 2200\", or paste a recipe (its lines are read as one message). In the terminal, or as a web page with --gui (its sessions listed to resume, each one's events live at /watch). Works offline.")
)

export const fitlog = Command.make("fitlog").pipe(
  Command.withDescription(
    "Log food: \"113g fried minced beef, 135g white rice cooked, 50g greek yogurt for lunch\" becomes a validated, confirmed diary entry — " +
      `in the local diary by default, or in the MyFitnessPal Android app (--to android). ${nutritionCredit}`
  ),
  Command.withSubcommands([logCommand, estimateCommand, todayCommand, dayCommand, goalsCommand, exportCommand, pendingCommand, confirmCommand, chatCommand])
)
