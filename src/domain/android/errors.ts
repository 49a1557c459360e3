/**
 * The ways talking to an Android device can fail. Each is a
 * `Schema.TaggedError` because tool handlers show them to a model, and each
 * message says what happened in words a model (or a user) can act on.
 */
import { Schema } from "effect"

/** The device is listed as offline, or vanished, or stopped answering. */
export class DeviceOffline extends Schema.TaggedError<DeviceOffline>()("DeviceOffline", {
  serial: Schema.String,
  detail: Schema.String
}) {
  override get message(): string {
    return `device ${this.serial} is offline: ${this.detail}`
  }
}

/** No device to talk to: none attached, the asked one is missing, or several and none chosen. */
export class NoDevice extends Schema.TaggedError<NoDevice>()("NoDevice", {
  reason: Schema.String,
  available: Schema.Array(Schema.String)
}) {
  override get message(): string {
    const listed = this.available.length === 0 ? "no devices attached" : `attached: ${this.available.join(", ")}`
    return `${this.reason} (${listed})`
  }
}

/** adb ran but the command failed (non-zero exit, or an error printed by the device). */
export class CommandFailed extends Schema.TaggedError<CommandFailed>()("CommandFailed", {
  command: Schema.String,
  output: Schema.String
}) {
  override get message(): string {
    return `\`${this.command}\` failed: ${this.output}`
  }
}

/** The command did not finish in time; the adb process was stopped. */
export class AdbTimeout extends Schema.TaggedError<AdbTimeout>()("AdbTimeout", {
  command: Schema.String,
  timeoutMs: Schema.Number
}) {
  override get message(): string {
    return `\`${this.command}\` did not finish within ${this.timeoutMs} ms`
  }
}

/** A shell command outside the read-only allowlist; it never reached the device. */
export class ShellCommandRefused extends Schema.TaggedError<ShellCommandRefused>()("ShellCommandRefused", {
  command: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `shell command refused (not sent to the device): ${this.reason}`
  }
}

/** The dump stopped before `</hierarchy>`: the device cut it off (or the transfer broke). */
export class UiDumpTruncated extends Schema.TaggedError<UiDumpTruncated>()("UiDumpTruncated", {
  length: Schema.Number,
  detail: Schema.String
}) {
  override get message(): string {
    return `UI dump truncated after ${this.length} characters: ${this.detail}`
  }
}

/** The dump is not a uiautomator hierarchy: an error line from the device, or malformed XML. */
export class UiDumpInvalid extends Schema.TaggedError<UiDumpInvalid>()("UiDumpInvalid", {
  reason: Schema.String
}) {
  override get message(): string {
    return `UI dump unusable: ${this.reason}`
  }
}

/** Text that no available input method can type on this device. */
export class TextNotTypable extends Schema.TaggedError<TextNotTypable>()("TextNotTypable", {
  reason: Schema.String
}) {
  override get message(): string {
    return `cannot type this text: ${this.reason}`
  }
}

/** An emulator was asked for but cannot be started (no SDK, no such AVD, boot too slow). */
export class EmulatorUnavailable extends Schema.TaggedError<EmulatorUnavailable>()("EmulatorUnavailable", {
  reason: Schema.String
}) {
  override get message(): string {
    return `emulator unavailable: ${this.reason}`
  }
}

/** The package is not installed, or has no launcher activity. */
export class AppNotFound extends Schema.TaggedError<AppNotFound>()("AppNotFound", {
  packageName: Schema.String,
  output: Schema.String
}) {
  override get message(): string {
    return `app ${this.packageName} cannot be launched: ${this.output}`
  }
}

/** Every failure of a device call. */
export type AdbError = DeviceOffline | NoDevice | CommandFailed | AdbTimeout

export type UiDumpError = UiDumpTruncated | UiDumpInvalid
