// `npm test`'s pretest: make sure the Debian packages the tests need are
// installed. Installs missing ones with apt-get when it can (root, apt-get on
// PATH); otherwise stops and prints the exact command to run.
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"

const { packages } = JSON.parse(readFileSync(new URL("./system-packages.json", import.meta.url), "utf8"))

// `provides` may have one `*` for a versioned directory (/usr/lib/postgresql/*/bin/initdb).
const installed = (provides) => {
  const star = provides.indexOf("*")
  if (star < 0) return existsSync(provides)
  const parent = dirname(provides.slice(0, star + 1))
  const rest = provides.slice(parent.length + 1).split("/").slice(1).join("/")
  return existsSync(parent) && readdirSync(parent).some((entry) => existsSync(join(parent, entry, rest)))
}
const missing = packages.filter((p) => !installed(p.provides))
if (missing.length === 0) process.exit(0)

const names = missing.map((p) => p.package)
const command = `apt-get update && apt-get install -y --no-install-recommends ${names.join(" ")}`
const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")
if (!canInstall) {
  process.stderr.write(`The tests need these Debian packages: ${names.join(", ")}.\nInstall them as root:\n  ${command}\n`)
  process.exit(1)
}
process.stderr.write(`Installing Debian packages the tests need: ${names.join(", ")}\n`)
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
execFileSync("apt-get", ["update"], { stdio: ["ignore", "inherit", "inherit"], env })
execFileSync("apt-get", ["install", "-y", "--no-install-recommends", ...names], { stdio: ["ignore", "inherit", "inherit"], env })
const still = missing.filter((p) => !installed(p.provides))
if (still.length > 0) {
  process.stderr.write(`apt-get finished but these are still missing: ${still.map((p) => p.provides).join(", ")}\n`)
  process.exit(1)
}
