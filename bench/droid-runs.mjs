// droid per-step overheads of --vision and loop detection / --save-run, each
// against the work a step does anyway, measured in the same run on the
// simulated phone's Settings screen:
// - the normalised screen hash, against parsing the same dump;
// - the vision frame (screencap PNG → sharp → JPEG ≤ 1024 px), against the dump.
import { Effect } from "effect"
// The sharp ScreenImages builder itself (the root entry exports its layer, not the builder).
import { makeSharpScreenImages } from "../dist/lib/services/vision/index.js"

const timeIt = async (n, f) => {
  for (let i = 0; i < Math.min(5, n); i++) await f()
  const t0 = performance.now()
  for (let i = 0; i < n; i++) await f()
  return (performance.now() - t0) / n
}

export const droidRunRows = async (lib) => {
  const device = new lib.SimulatedDevice()
  device.launch("com.android.settings", true)
  const xml = device.dump()
  const parse = () => {
    const r = lib.parseUiDump(xml)
    if (r._tag !== "Right") throw new Error("dump did not parse")
    return r.right
  }
  const tree = parse()
  const parseMs = await timeIt(2000, () => void parse())
  const hashMs = await timeIt(2000, () => void lib.Droid.screenHash(tree))
  const images = await Effect.runPromise(makeSharpScreenImages)
  const dumpMs = await timeIt(200, () => void device.dump())
  const png = device.screenshot()
  const shotMs = await timeIt(20, () => void device.screenshot())
  const frameMs = await timeIt(20, () => Effect.runPromise(images.frame(png)))
  const frame = await Effect.runPromise(images.frame(png))
  const kb = Math.round(Buffer.from(frame.image.source.data, "base64").length / 1024)
  return [
    { name: "droid: screen hash per step", value: `${(hashMs * 1000).toFixed(0)} µs`, baseline: `parse dump ${(parseMs * 1000).toFixed(0)} µs`, ratio: `${(hashMs / parseMs).toFixed(2)}×`, target: "≤ 1× parse", ok: hashMs <= parseMs },
    { name: `droid --vision: frame per step (${frame.width}×${frame.height} JPEG, ${kb} KB)`, value: `${(shotMs + frameMs).toFixed(1)} ms`, baseline: `sim dump ${dumpMs.toFixed(2)} ms`, ratio: `${((shotMs + frameMs) / dumpMs).toFixed(0)}×`, target: "(reported)", ok: true }
  ]
}
