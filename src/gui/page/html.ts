/**
 * The tidy page's markup: the agent page's calm column (agent-html.ts) with
 * the progress strip and piles above the chat, and the photo drop. Inlined
 * as a string (with its style and script) so the CLI's single esbuild
 * bundle carries it and the page needs no build step and no second request.
 *
 * Where it sits: served at `/` by router.ts; everything dynamic is drawn by
 * script.ts from the view pushed over Server-Sent Events.
 */
import { agentPageHtml } from "./agent-html.js"

const pile = (key: string, title: string) =>
  `<section class="pile" id="pile-${key}" aria-labelledby="pile-${key}-title">
  <h3 id="pile-${key}-title">${title} <span class="count">0</span></h3>
  <ul></ul>
</section>`

const progress = `<section id="progress" aria-label="Progress">
  <h2 class="sr-only">Progress</h2>
  <p class="strip"><span>Phase: <strong id="phase">…</strong></span> <span><strong id="items">0</strong> <span id="items-word">items</span> processed</span></p>
  <div class="piles">
    ${pile("belongs", "Staying")}
    ${pile("out", "Out")}
    ${pile("unsure", "Unsure")}
  </div>
  <div id="categories"></div>
</section>`

/** The agent page (agent-html.ts) with tidy's piles above the chat and its photo drop. */
export const pageHtml = agentPageHtml({
  title: "Tidy",
  placeholder: "What did you pick up? (or “stop” to finish)",
  photos: true,
  messageLabel: "Message to your coach",
  progress,
  watchLink: false
})
