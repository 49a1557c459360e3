/**
 * The tidy page's markup: one calm column — progress strip, chat, the
 * question card, the message box and the photo drop. Inlined as a string
 * (with its style and script) so the CLI's single esbuild bundle carries it
 * and the page needs no build step and no second request.
 *
 * Where it sits: served at `/` by router.ts; everything dynamic is drawn by
 * script.ts from the view pushed over Server-Sent Events.
 */
import { pageScript } from "./script.js"
import { pageStyle } from "./style.js"

const pile = (key: string, title: string) =>
  `<section class="pile" id="pile-${key}" aria-labelledby="pile-${key}-title">
  <h3 id="pile-${key}-title">${title} <span class="count">0</span></h3>
  <ul></ul>
</section>`

export const pageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Tidy</title>
<link rel="icon" href="data:,">
<style>${pageStyle}</style>
</head>
<body>
<a class="skip" href="#composer-text">Skip to the message box</a>
<header class="top">
  <h1>Tidy</h1>
  <nav aria-label="Sessions">
    <button type="button" id="new-session">New session</button>
    <details id="sessions">
      <summary>Resume a session</summary>
      <ul id="session-list"><li>Loading…</li></ul>
    </details>
  </nav>
</header>
<section id="progress" aria-label="Progress">
  <h2 class="sr-only">Progress</h2>
  <p class="strip"><span>Phase: <strong id="phase">…</strong></span> <span><strong id="items">0</strong> <span id="items-word">items</span> processed</span></p>
  <div class="piles">
    ${pile("belongs", "Staying")}
    ${pile("out", "Out")}
    ${pile("unsure", "Unsure")}
  </div>
  <div id="categories"></div>
</section>
<main>
  <h2 class="sr-only">Conversation</h2>
  <ol id="chat" aria-live="polite" aria-relevant="additions"></ol>
  <section id="question" aria-live="assertive" aria-label="Question" tabindex="-1" hidden></section>
  <p id="status" role="status"></p>
  <form id="composer" autocomplete="off">
    <label for="composer-text" class="sr-only">Message to your coach</label>
    <input id="composer-text" name="text" maxlength="2000" placeholder="What did you pick up? (or “stop” to finish)">
    <button type="submit">Send</button>
  </form>
  <div id="drop" class="drop">
    <input type="file" id="photo-input" accept="image/*" class="sr-only">
    <label for="photo-input" class="button">Add a photo</label>
    <span aria-hidden="true">or drop one here</span>
  </div>
  <p id="upload-error" role="alert"></p>
</main>
<script>${pageScript}</script>
</body>
</html>
`
