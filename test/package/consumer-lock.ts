/**
 * The lockfile a stranger's project would get from `npm install shoal.tgz`,
 * built from this repository's own lock so the install runs offline from
 * npm's cache (by integrity, no registry metadata needed). It follows npm's
 * rules: a package's dependencies, its optional dependencies, and its peers
 * unless `peerDependenciesMeta` marks them optional — optional peers are
 * never installed for you.
 */
interface LockEntry {
  readonly version?: string
  readonly integrity?: string
  readonly resolved?: string
  readonly dependencies?: Record<string, string>
  readonly optionalDependencies?: Record<string, string>
  readonly peerDependencies?: Record<string, string>
  readonly peerDependenciesMeta?: Record<string, { readonly optional?: boolean }>
  readonly [field: string]: unknown
}

export interface PackageJson {
  readonly name: string
  readonly version: string
  readonly dependencies?: Record<string, string>
  readonly peerDependencies?: Record<string, string>
  readonly peerDependenciesMeta?: Record<string, { readonly optional?: boolean }>
  readonly bin?: Record<string, string>
  readonly license?: string
}

/** What npm installs for a package: dependencies, optional dependencies, required peers. */
const required = (entry: LockEntry | PackageJson): ReadonlyArray<string> => {
  const optionalPeers = entry.peerDependenciesMeta ?? {}
  const peers = Object.keys(entry.peerDependencies ?? {}).filter((p) => optionalPeers[p]?.optional !== true)
  const optional = "optionalDependencies" in entry ? Object.keys(entry.optionalDependencies ?? {}) : []
  return [...Object.keys(entry.dependencies ?? {}), ...optional, ...peers]
}

/** Node's lookup in the lock's layout: nested under the requiring package first, then up to the top. */
const locate = (packages: Record<string, LockEntry>, from: string, name: string): string | undefined => {
  let dir = from
  for (;;) {
    const candidate = `${dir === "" ? "" : `${dir}/`}node_modules/${name}`
    if (packages[candidate] !== undefined) return candidate
    if (dir === "") return undefined
    const cut = dir.lastIndexOf("/node_modules/")
    dir = cut === -1 ? "" : dir.slice(0, cut)
  }
}

/** The registry's tarball address, so npm takes the tarball from its cache by integrity without asking for metadata. */
const tarballUrl = (path: string, version: string): string => {
  const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length)
  return `https://registry.npmjs.org/${name}/-/${name.split("/").pop() ?? name}-${version}.tgz`
}

/** Drop the flags this repository's lock computed for its own tree (dev, peer…): npm recomputes them. */
const plain = (path: string, { dev: _d, devOptional: _o, peer: _p, ...entry }: LockEntry): LockEntry =>
  entry.resolved === undefined && entry.version !== undefined ? { ...entry, resolved: tarballUrl(path, entry.version) } : entry

export const consumerLock = (
  repoLock: { readonly packages: Record<string, LockEntry> },
  shoal: PackageJson,
  tarball: { readonly file: string; readonly integrity: string }
) => {
  const packages: Record<string, LockEntry> = {}
  const missing: Array<string> = []
  const visit = (from: string, names: ReadonlyArray<string>) => {
    for (const name of names) {
      const path = locate(repoLock.packages, from, name)
      if (path === undefined) {
        missing.push(`${name} (for ${from})`)
        continue
      }
      if (packages[path] !== undefined) continue
      const entry = repoLock.packages[path]
      if (entry === undefined) continue
      packages[path] = plain(path, entry)
      visit(path, required(entry))
    }
  }
  visit("", required(shoal))
  const lock = {
    name: "consumer",
    lockfileVersion: 3,
    requires: true,
    packages: {
      "": { name: "consumer", dependencies: { shoal: `file:${tarball.file}` } },
      "node_modules/shoal": {
        version: shoal.version,
        resolved: `file:${tarball.file}`,
        integrity: tarball.integrity,
        license: shoal.license,
        dependencies: shoal.dependencies,
        bin: shoal.bin,
        peerDependencies: shoal.peerDependencies,
        peerDependenciesMeta: shoal.peerDependenciesMeta
      },
      ...packages
    }
  }
  return { lock, missing }
}
