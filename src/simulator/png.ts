/**
 * `screencap -p` for the simulated device: a grayscale PNG of the screen,
 * painted as blocks — a tappable view is a light grey box, a switch or
 * checkbox a dark box when checked and a mid-grey one when not, a focused
 * field is outlined, and a label is a dark bar as long as its text (one
 * bar per line of up to 30 characters) — so screenshots are real PNGs of
 * the right size whose pixels follow the screen (vision prompts, `sharp`
 * downscaling) without a graphics stack.
 */
import { deflateSync } from "node:zlib"
import type { Bounds } from "../domain/android/ui-tree.js"
import type { View } from "./view.js"

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

const chunk = (type: string, data: Uint8Array): Buffer => {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, "latin1")
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

export interface Box {
  readonly bounds: Bounds
  /** 0 black … 255 white. */
  readonly shade: number
}

/** A `width`×`height` 8-bit grayscale PNG: white, with `boxes` filled in order. */
export const encodePng = (width: number, height: number, boxes: ReadonlyArray<Box>): Buffer => {
  const stride = width + 1 // a filter byte (0, none) starts every row
  const raw = Buffer.alloc(stride * height, 255)
  for (let y = 0; y < height; y++) raw[y * stride] = 0
  for (const { bounds, shade } of boxes) {
    const x0 = Math.max(0, bounds.left), x1 = Math.min(width, bounds.right)
    for (let y = Math.max(0, bounds.top); y < Math.min(height, bounds.bottom); y++) {
      if (x1 > x0) raw.fill(shade, y * stride + 1 + x0, y * stride + 1 + x1)
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.writeUInt8(8, 8) // bit depth
  header.writeUInt8(0, 9) // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", new Uint8Array(0))
  ])
}

const charWidth = 24
const lineHeight = 44
const lineChars = 30

/** Bars for a label inside `b`: one per line of text, as long as the line, left-aligned and centred vertically. */
const labelBars = (text: string, b: Bounds): ReadonlyArray<Box> => {
  const lines = Array.from({ length: Math.ceil(text.length / lineChars) }, (_, i) => text.slice(i * lineChars, (i + 1) * lineChars))
  const fit = Math.max(1, Math.min(lines.length, Math.floor((b.bottom - b.top) / (lineHeight + 8))))
  const top = Math.floor((b.top + b.bottom) / 2 - (fit * (lineHeight + 8)) / 2)
  return lines.slice(0, fit).map((line, i) => {
    const y = top + i * (lineHeight + 8)
    return { bounds: { left: b.left + 16, top: y, right: Math.min(b.right - 8, b.left + 16 + line.length * charWidth), bottom: y + lineHeight }, shade: 40 }
  })
}

/** The boxes a list of views (parents before children) is painted with. */
export const paintViews = (views: ReadonlyArray<View>): ReadonlyArray<Box> =>
  views.flatMap((v): ReadonlyArray<Box> => {
    const b = v.bounds
    const base: ReadonlyArray<Box> = v.checkable === true
      ? [{ bounds: b, shade: v.checked === true ? 70 : 190 }]
      : v.focused === true
      ? [{ bounds: b, shade: 40 }, { bounds: { left: b.left + 4, top: b.top + 4, right: b.right - 4, bottom: b.bottom - 4 }, shade: 255 }]
      : v.onTap !== undefined
      ? [{ bounds: b, shade: 225 }]
      : []
    const label = v.password === true ? "•".repeat((v.text ?? "").length) : v.text !== undefined && v.text.length > 0 ? v.text : v.desc ?? ""
    return [...base, ...(label.length > 0 && v.checkable !== true ? labelBars(label, b) : [])]
  })
