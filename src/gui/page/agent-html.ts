/**
 * Any agent's page: the same calm column as the tidy page — the chat, the
 * question card, the message box — with the agent's quiet status line where
 * tidy has its piles, a photo drop only for an agent that takes photos, and
 * a link to the session's live event stream (the watch view).
 *
 * Where it sits: served at `/` by router.ts for `hostWeb(agent)`; drawn by
 * the shared script.ts from the view pushed over Server-Sent Events.
 */
import { pageScript } from "./script.js"
import { pageStyle } from "./style.js"

/** Text for HTML: the title and placeholder come from code, but are escaped all the same. */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

export interface AgentPageOptions {
  readonly title: string
  readonly placeholder: string
  readonly photos: boolean
  /** The message box's label for screen readers (default "Message"). */
  readonly messageLabel?: string
  /** What stands above the chat (default: the agent's status line); tidy's page puts its piles there. */
  readonly progress?: string
  /** The link to the watch view (default shown). */
  readonly watchLink?: boolean
  /** The page's behaviour (default: script.ts's, over the web host's API; `shoal serve` gives its own). */
  readonly script?: string
}

const statusLine = `<section id="progress" aria-label="Status">
  <p id="agent-status" aria-live="polite"></p>
</section>`

const photoDrop = `<div id="drop" class="drop">
    <input type="file" id="photo-input" accept="image/*" class="sr-only">
    <label for="photo-input" class="button">Add a photo</label>
    <span aria-hidden="true">or drop one here</span>
  </div>
  <p id="upload-error" role="alert"></p>`

export const agentPageHtml = (options: AgentPageOptions): string => {
  const title = escapeHtml(options.title)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title}</title>
<link rel="icon" href="data:,">
<style>${pageStyle}
#agent-status { color: var(--muted); margin: 0; min-height: 1.4em; }
</style>
</head>
<body>
<a class="skip" href="#composer-text">Skip to the message box</a>
<header class="top">
  <h1>${title}</h1>
  <nav aria-label="Sessions">
    <button type="button" id="new-session">New session</button>
    <details id="sessions">
      <summary>Resume a session</summary>
      <ul id="session-list"><li>Loading…</li></ul>
    </details>
${options.watchLink === false ? "" : `    <a id="watch-link" class="button" href="/watch">Watch events</a>
`}  </nav>
</header>
${options.progress ?? statusLine}
<main>
  <h2 class="sr-only">Conversation</h2>
  <ol id="chat" aria-live="polite" aria-relevant="additions"></ol>
  <section id="question" aria-live="assertive" aria-label="Question" tabindex="-1" hidden></section>
  <p id="status" role="status"></p>
  <form id="composer" autocomplete="off">
    <label for="composer-text" class="sr-only">${escapeHtml(options.messageLabel ?? "Message")}</label>
    <textarea id="composer-text" name="text" rows="1" placeholder="${escapeHtml(options.placeholder)}"></textarea>
    <button type="submit">Send</button>
  </form>
  ${options.photos ? photoDrop : ""}
</main>
<script>${options.script ?? pageScript}</script>
</body>
</html>
`
}
