/**
 * The pages `shoal serve` shows a browser: at `/` a picker of the served
 * agents, at `/agents/<agent>/` that agent's page — the web host's agent page
 * (agentPageHtml: chat, question cards, message box, sessions to resume)
 * with page-script.ts speaking serve's API. The photo drop and the watch link
 * of the web host are not offered here (serve's API takes no photos).
 *
 * Where it sits: router.ts serves these behind server.ts's guards.
 */
import { agentPageHtml, escapeHtml } from "../gui/page/agent-html.js"
import { pageStyle } from "../gui/page/style.js"
import { servePageScript } from "./page-script.js"

/** "fitlog-chat" → "Fitlog chat". */
export const agentTitle = (name: string): string => {
  const words = name.replace(/[-_]+/g, " ").trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export const agentPagePath = (name: string): string => `/agents/${encodeURIComponent(name)}/`

export const servedAgentPage = (name: string): string =>
  agentPageHtml({ title: agentTitle(name), placeholder: "Message", photos: false, watchLink: false, script: servePageScript(name) })

/** What a served agent offers besides its page: none yet, or a line saying how to turn it on. */
export interface PickerEntry {
  readonly name: string
  /** Set when the agent is known but not served here: how to enable it. */
  readonly enable?: string
}

export const pickerPage = (entries: ReadonlyArray<PickerEntry>): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Shoal</title>
<link rel="icon" href="data:,">
<style>${pageStyle}
#agents li { margin: 0.6em 0; }
#agents .off { color: var(--muted); }
</style>
</head>
<body>
<header class="top"><h1>Shoal</h1></header>
<main>
  <h2>Pick an agent</h2>
  <ul id="agents">
${entries.map((e) =>
  e.enable === undefined
    ? `    <li><a class="button" href="${agentPagePath(e.name)}">${escapeHtml(agentTitle(e.name))}</a></li>`
    : `    <li class="off">${escapeHtml(agentTitle(e.name))}: ${escapeHtml(e.enable)}</li>`
).join("\n")}
  </ul>
  <p>Programs use the same sessions over <code>/api/agents</code>.</p>
</main>
</body>
</html>
`
