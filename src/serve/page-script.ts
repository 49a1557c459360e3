/**
 * The agent page's behaviour on `shoal serve`: the web host's page (the same
 * markup and question cards, agentPageHtml + cards.ts) speaking serve's API
 * under `/api/agents/<agent>/sessions` instead of the web host's:
 *
 * - a session is the one named in the address (`?s=ID`, so a reload rejoins
 *   it), or a new one (POST: its opening line is the first chat line);
 * - the chat is drawn from the session's Server-Sent Events (SessionOpened is
 *   the opening line, unless this page said it already from its POST; TurnStarted is
 *   your line, TurnCompleted the agent's, QuestionPosted a card,
 *   QuestionAnswered or QuestionTimedOut closes it), so two tabs on one session show the same;
 * - the stream is opened with `?after=0`: the session's logged events come
 *   first, so a reload (or a session resumed from the list) shows the
 *   conversation so far, and EventSource's own reconnects (`Last-Event-ID`)
 *   pick up where it was, without a gap or a line twice;
 * - while a turn runs, the status line shows the agent's latest event
 *   (AgentEvent: its tag and first few values, e.g. droid's "StepTaken · 2 ·
 *   … · tap(…)"), so a long run (droid's steps, shop's items) is seen live;
 * - a message is POSTed to `…/input` only once the stream is open, so no
 *   event of its turn is missed, with the browser's time zone (`timeZone`:
 *   fitlog's "today" and meal are the user's, not the server's); an answer to `…/questions/<id>`, "Not now"
 *   to `…/questions/<id>/not-now` (the question's safe fallback).
 *
 * A turn waiting on a card holds the session's mailbox, so the message box
 * waits too until the card is answered. With `--token` the page was opened
 * once as `/?token=…` and its requests carry the cookie (token.ts).
 *
 * Where it sits: inlined by page.ts after cards.ts, whose `el` and `drawCard` it uses.
 */
import { cardsScript } from "../gui/page/cards.js"

const mainScript = String.raw`
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var api = "/api/agents/" + encodeURIComponent(SERVE_AGENT) + "/sessions";
  var sessionId = new URLSearchParams(location.search).get("s");
  var shownQuestion = null;
  var streaming = false;
  var busy = false;
  var ended = false;
  var lastEvent = "";
  var opened = false;

  function base() { return api + "/" + encodeURIComponent(sessionId); }
  /** The browser's time zone ("Asia/Tokyo"): the turn's "today" is the user's, not the server's. */
  function timeZone() {
    try { return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined; } catch (e) { return undefined; }
  }
  function status(text) { $("status").textContent = text; }

  function post(path, body) {
    return fetch(path, { method: "POST", body: body, headers: { "content-type": "application/json" } })
      .then(function (r) {
        if (r.ok) return r.text().then(function () { return null; });
        return r.json().then(function (j) { return j.error || "Something went wrong."; }, function () { return "Something went wrong."; });
      }, function () { return "The server is not reachable."; });
  }

  function say(from, text) {
    var chat = $("chat");
    chat.appendChild(el("li", { className: from, text: text }));
    chat.lastElementChild.scrollIntoView({ block: "nearest" });
  }

  function settle() {
    var waiting = !streaming || busy || ended || shownQuestion !== null;
    $("composer-text").disabled = ended;
    $("composer").querySelector("button").disabled = waiting;
    status(ended ? "Session finished. Start a new session whenever you like."
      : shownQuestion !== null ? "Your turn: answer the card."
      : busy ? (lastEvent || "Thinking…") : "");
  }

  /** An agent event in one line: its tag, then its first few plain values (nested ones too), shortened. */
  function eventLine(event) {
    var values = [];
    (function walk(v) {
      if (values.length >= 5 || v === null || v === undefined) return;
      if (typeof v === "object") { Object.keys(v).forEach(function (k) { if (k !== "_tag") walk(v[k]); }); return; }
      values.push(String(v));
    })(event);
    var line = [event && event._tag ? event._tag : "Event"].concat(values).join(" · ");
    return line.length > 200 ? line.slice(0, 199) + "…" : line;
  }

  function closeCard(questionId) {
    if (shownQuestion !== questionId) return;
    var card = $("question");
    if (card.contains(document.activeElement) || document.activeElement === card) $("composer-text").focus();
    card.hidden = true;
    card.replaceChildren();
    shownQuestion = null;
  }

  function choose(path, body) {
    var id = shownQuestion;
    var card = $("question");
    if (card.contains(document.activeElement)) card.focus();
    card.querySelectorAll("button, input").forEach(function (b) { b.disabled = true; });
    post(base() + "/questions/" + encodeURIComponent(id) + path, body).then(function (err) {
      // Another tab may have answered first: the stream shows what happened.
      if (err && shownQuestion === id) status(err);
    });
  }
  function answer(a) { choose("", JSON.stringify({ answer: a })); }
  function notNow() { choose("/not-now", "{}"); }

  var handlers = {
    SessionOpened: function (e) {
      if (!opened && e.text) say("coach", e.text);
      opened = true;
    },
    TurnStarted: function (e) { say("you", e.text); busy = true; lastEvent = ""; },
    AgentEvent: function (e) { lastEvent = eventLine(e.event); },
    QuestionPosted: function (e) {
      busy = true;
      if (shownQuestion === e.questionId) return;
      shownQuestion = e.questionId;
      drawCard($("question"), { id: e.questionId, question: e.question, group: null }, answer, notNow);
    },
    QuestionAnswered: function (e) { closeCard(e.questionId); },
    QuestionTimedOut: function (e) { closeCard(e.questionId); },
    TurnCompleted: function (e) {
      lastEvent = "";
      say("coach", e.reply);
      if ($("agent-status")) $("agent-status").textContent = e.status || "";
      busy = false;
      ended = e.ended;
    },
    TurnNotTaken: function (e) { busy = false; say("note", "That turn could not be taken: " + e.reason); }
  };

  function stream() {
    // From the first logged event: the conversation so far, then what comes.
    var events = new EventSource(base() + "/events?after=0");
    events.onopen = function () { streaming = true; settle(); };
    Object.keys(handlers).forEach(function (tag) {
      events.addEventListener(tag, function (m) { handlers[tag](JSON.parse(m.data)); settle(); });
    });
    events.onerror = function () {
      streaming = false;
      if (events.readyState === 2) status("Lost the connection. Reload to rejoin."); else settle();
    };
    window.addEventListener("pagehide", function () { events.close(); });
  }

  function rejoin() {
    // Ask once before streaming, so a session that is gone gets a clear word instead of a broken stream.
    fetch(base()).then(function (r) {
      if (!r.ok) { status("There is no session " + sessionId + " here. Start a new session, or resume one from the list."); return; }
      return r.json().then(function (s) {
        say("note", "Back to this session: " + s.describe);
        if ($("agent-status")) $("agent-status").textContent = s.status || "";
        stream();
      });
    }, function () { status("The server is not reachable."); });
  }

  function newSession() {
    fetch(api, { method: "POST" }).then(function (r) { return r.json(); }).then(function (j) {
      if (sessionId !== null) { location.search = "?s=" + encodeURIComponent(j.id); return; }
      sessionId = j.id;
      history.replaceState(null, "", "?s=" + encodeURIComponent(j.id));
      if (j.opening) say("coach", j.opening);
      // The stream replays the opening (SessionOpened): said once, here.
      opened = true;
      stream();
    }, function () { status("The server is not reachable."); });
  }

  function loadSessions() {
    fetch(api).then(function (r) { return r.json(); }).then(function (j) {
      var list = $("session-list");
      list.replaceChildren();
      if (j.sessions.length === 0) list.appendChild(el("li", { text: "No saved sessions yet." }));
      j.sessions.forEach(function (s) {
        list.appendChild(el("li", {}, [el("a", { href: "?s=" + encodeURIComponent(s.id), text: s.id + " · " + s.describe })]));
      });
    });
  }

  // Enter sends, as on the agent page; Shift+Enter (and a paste) keep their line breaks.
  $("composer-text").addEventListener("keydown", function (e) {
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) { e.preventDefault(); $("composer").requestSubmit(); }
  });
  $("composer").addEventListener("submit", function (e) {
    e.preventDefault();
    var input = $("composer-text");
    var text = input.value.trim();
    if (text === "" || !streaming || busy || ended || shownQuestion !== null) return;
    busy = true;
    settle();
    input.value = "";
    post(base() + "/input", JSON.stringify({ text: text, timeZone: timeZone() })).then(function (err) {
      if (err) { busy = false; status(err); putBackUnsent(input, text); }
    });
  });
  $("new-session").addEventListener("click", newSession);
  $("sessions").addEventListener("toggle", function () { if ($("sessions").open) loadSessions(); });

  settle();
  loadSessions();
  if (sessionId === null) newSession(); else rejoin();
})();
`

/** The script for `agent`'s page: the agent's name, the cards, then the behaviour above. */
export const servePageScript = (agent: string): string =>
  `var SERVE_AGENT = ${JSON.stringify(agent).replace(/</g, "\\u003c")};\n${cardsScript}\n${mainScript}`
