/**
 * The watch view: one session's events, live, as the agent's Event Schema
 * encodes them — one line per event, its tag first, then its fields — and the
 * agent's status line above them. It changes nothing: a run can be followed
 * from another tab, or another machine's browser on the same host.
 *
 * Where it sits: served at `/watch?s=ID` by router.ts for any agent; it reads
 * `/api/sessions/:id/agent-events` (Server-Sent Events, one JSON event each).
 * Without `?s=`, `/api/events`: every session's events, and those of any run
 * the server's process drives itself (a droid or shop run hosted beside it).
 */
import { escapeHtml } from "./agent-html.js"
import { pageStyle } from "./style.js"

const watchScript = String.raw`
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var sessionId = new URLSearchParams(location.search).get("s");
  function fields(e) {
    return Object.keys(e).filter(function (k) { return k !== "_tag"; }).map(function (k) {
      var v = e[k];
      return k + ": " + (typeof v === "string" ? v : JSON.stringify(v));
    }).join(" · ");
  }
  function show(m) {
    var e = JSON.parse(m.data);
    var li = document.createElement("li");
    var tag = document.createElement("strong");
    tag.textContent = e._tag;
    li.appendChild(tag);
    var rest = fields(e);
    if (rest) li.appendChild(document.createTextNode(" " + rest));
    $("events").appendChild(li);
    li.scrollIntoView({ block: "nearest" });
  }
  if (sessionId === null) {
    // No session named: every session's events, and any run's in this server's process.
    var all = new EventSource("/api/events");
    all.onopen = function () { $("watch-status").textContent = "Watching every session: new events appear below."; };
    all.onmessage = show;
    all.onerror = function () { if (all.readyState === 2) $("watch-status").textContent = "Lost the connection. Reload to rejoin."; };
    window.addEventListener("pagehide", function () { all.close(); });
    return;
  }
  var base = "/api/sessions/" + encodeURIComponent(sessionId);
  $("back").setAttribute("href", "/?s=" + encodeURIComponent(sessionId));
  fetch(base).then(function (r) {
    if (!r.ok) { $("watch-status").textContent = "There is no session " + sessionId + " here."; return; }
    var views = new EventSource(base + "/events");
    views.onmessage = function (m) { $("agent-status").textContent = JSON.parse(m.data).status || ""; };
    var events = new EventSource(base + "/agent-events");
    events.onopen = function () { $("watch-status").textContent = "Watching " + sessionId + ": new events appear below."; };
    events.onmessage = show;
    events.onerror = function () { if (events.readyState === 2) $("watch-status").textContent = "Lost the connection. Reload to rejoin."; };
    window.addEventListener("pagehide", function () { events.close(); views.close(); });
  }, function () { $("watch-status").textContent = "The server is not reachable."; });
})();
`

export const watchPageHtml = (title: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)} · events</title>
<link rel="icon" href="data:,">
<style>${pageStyle}
#events { list-style: none; padding: 0; margin: 0; font-family: ui-monospace, monospace; font-size: .9rem; }
#events li { padding: .35rem .5rem; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
#agent-status { color: var(--muted); }
</style>
</head>
<body>
<header class="top">
  <h1>${escapeHtml(title)} · events</h1>
  <nav aria-label="Session"><a id="back" class="button" href="/">Back to the chat</a></nav>
</header>
<main>
  <p id="agent-status" aria-live="polite"></p>
  <p id="watch-status" role="status">Connecting…</p>
  <ol id="events" aria-live="polite" aria-relevant="additions"></ol>
</main>
<script>${watchScript}</script>
</body>
</html>
`
