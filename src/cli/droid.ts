/**
 * `shoal droid`: a natural-language task carried out on an Android device,
 * DroidRun style (seeds/002).
 *
 *   shoal droid "turn on Wi-Fi" --device sim          CodeAct mode (default)
 *   shoal droid "…" --reasoning --allow-host api.x    Manager/Executor mode
 *   shoal droid --script run.js --device sim          replay a CodeAct script, no model needed
 *   shoal droid "…" --vision --save-run runs/wifi     screenshots to the model; every step saved, run.js replays it
 *
 * This module holds only the command and its options, so `shoal --help`
 * stays cheap: the run (QuickJS, appium-adb, the agent) is imported by
 * droid-run.ts when the command runs.
 */
import { Args, Command, Options } from "@effect/cli"
import { Effect } from "effect"
import { llmOptions } from "./llm-options.js"
import { webOptions } from "./web-options.js"

export const droidPort = 8028

export const droidOptions = {
  goal: Args.text({ name: "GOAL" }).pipe(
    Args.withDescription("What to do on the device, in words, e.g. \"open Settings and turn on Wi-Fi\"."),
    Args.optional
  ),
  reasoning: Options.boolean("reasoning").pipe(
    Options.withDescription("Plan with a Manager and act with an Executor (for longer tasks; can run off-device scripts and rewrite text fields). Default: CodeAct, the model writes JavaScript that drives the device.")
  ),
  maxSteps: Options.integer("max-steps").pipe(
    Options.withDescription("Model steps allowed (CodeAct turns, or Manager turns with --reasoning)."),
    Options.withDefault(15)
  ),
  device: Options.text("device").pipe(
    Options.withDescription("The device: an adb serial, or \"sim\" for the built-in simulated phone (Settings and a MyFitnessPal-like app). Default: the only device attached."),
    Options.optional
  ),
  avd: Options.text("avd").pipe(
    Options.withDescription("An Android emulator (AVD name) to use, started if none is running."),
    Options.optional
  ),
  outputSchema: Options.text("output-schema").pipe(
    Options.withDescription("A JSON Schema file: the final answer is extracted into that shape and printed as JSON (object, array, string, number, integer, boolean, null; enum; required)."),
    Options.optional
  ),
  script: Options.text("script").pipe(
    Options.withDescription("Run this CodeAct script against the device instead of asking a model (JavaScript, or a transcript of ```js blocks run one by one). Works offline."),
    Options.optional
  ),
  vision: Options.boolean("vision").pipe(
    Options.withDescription("Send a screenshot of the screen beside the element list each step, downscaled to 1024 px on its longest side (JPEG). Needs a model that takes images (Claude 3 and later, GPT-4o/4.1/5, o1/o3/o4-mini, or an open model named for vision such as llava or qwen2.5-vl; SHOAL_MODEL_IMAGES=true|false says so for a model these do not know); with any other model it says so and runs with the element list only.")
  ),
  saveRun: Options.text("save-run").pipe(
    Options.withDescription("Save the run in this directory as it goes: per step the screen (step-NN.xml, and step-NN.png with --vision) and step-NN.json (app, screen hash, action, code, outcome), then result.json and a run.js that `--script DIR/run.js` replays. The replay checks each step's screen first (a normalised hash that ignores the status bar, clock times and percentages) and stops at the first step whose screen differs."),
    Options.optional
  ),
  sessions: Options.boolean("sessions").pipe(
    Options.withDescription("List the saved runs (id, when, the task, how it ended or how far it got) and exit.")
  ),
  allowHost: Options.text("allow-host").pipe(
    Options.withDescription("A host the reasoning mode's scripts may fetch from (repeatable). No other host is reachable."),
    Options.repeated
  ),
  ...webOptions(
    "the run",
    droidPort,
    "Watch the run live in a web page on 127.0.0.1 as well as on stderr: each step as it is taken, the step count, the summary at the end, the run's events (RunStarted, StepTaken, RunFinished) under \"Watch events\", and a card for any question the run asks. The address is printed on stderr; the page closes when the run ends. Not with --script."
  )
} as const

export const droid = Command.make("droid", { ...droidOptions, ...llmOptions }, (flags) =>
  Effect.flatMap(Effect.promise(() => import("./droid-run.js")), ({ runDroidCommand }) => runDroidCommand(flags))).pipe(
    Command.withDescription(
      "Carry out a natural-language task on an Android device (\"open Settings and turn on Wi-Fi\"), DroidRun style: the model sees the screen as a numbered element list and acts through adb; its code runs in a QuickJS sandbox with only the device functions, 30 s and 30 device calls per step, 64 MB of memory. The same action on an unchanged screen (or a short cycle of actions that keeps coming back to it) is pointed out to the model after 3 times and stops the run after 5 (exit 1, with a summary line). Each step is a line on stderr as it is taken; the run is saved after every step under SHOAL_DATA_DIR (else $XDG_DATA_HOME/shoal, else ~/.local/share/shoal). Needs a model; --script replays a recorded run offline, and a script that ends without complete() exits 1."
    )
  )
