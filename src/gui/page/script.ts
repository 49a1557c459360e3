/**
 * The page's behaviour, plain browser JS (no framework, no build step), for
 * the tidy page and any agent's page alike (the parts a page lacks — tidy's
 * progress strip, photos, the status line — are skipped):
 * join the session named in the address (`?s=ID`, so a reload rejoins it),
 * or start one; draw every view the server pushes over Server-Sent Events;
 * send messages (also while a card is up: it is set aside), answers, "Not
 * now" and photos (drag-and-drop or the file picker, at any point).
 * The page holds no state of its own: two tabs on one session show the same.
 *
 * Where it sits: inlined into html.ts after cards.ts, whose `drawCard` it uses.
 */
import { cardsScript } from "./cards.js"

const mainScript = String.raw`
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var sessionId = new URLSearchParams(location.search).get("s");
  var shownQuestion = null;
  var shownMessages = 0;
  var view = null;

  function base() { return "/api/sessions/" + encodeURIComponent(sessionId); }
  function status(text) { $("status").textContent = text; }

  function post(path, body, headers) {
    return fetch(path, { method: "POST", body: body, headers: headers || { "content-type": "application/json" } })
      .then(function (r) {
        if (r.ok) return r.text().then(function () { return null; });
        return r.json().then(function (j) { return j.error || "Something went wrong."; }, function () { return "Something went wrong."; });
      }, function () { return "The server is not reachable."; });
  }

  function drawList(section, items) {
    section.querySelector(".count").textContent = String(items.length);
    var ul = section.querySelector("ul");
    ul.replaceChildren();
    items.forEach(function (item) { ul.appendChild(el("li", { text: item })); });
    ul.scrollTop = ul.scrollHeight; // the newest item in view: the list scrolls inside the sticky strip
  }

  /** Tidy's progress strip, on the tidy page only (any other agent's page has its status line instead). */
  function drawProgress(v) {
    $("phase").textContent = v.phase;
    $("items").textContent = String(v.itemsProcessed);
    $("items-word").textContent = v.itemsProcessed === 1 ? "item" : "items";
    drawList($("pile-belongs"), v.piles.belongs);
    drawList($("pile-out"), v.piles.out);
    drawList($("pile-unsure"), v.piles.unsure);
    var cats = $("categories");
    cats.replaceChildren();
    v.categories.forEach(function (c) {
      cats.appendChild(el("p", { text: c.name + ": " + (c.items.join(", ") || "done") }));
    });
  }

  function render(v) {
    view = v;
    if ($("phase")) drawProgress(v);
    if ($("agent-status")) $("agent-status").textContent = v.status || "";
    if ($("watch-link")) $("watch-link").setAttribute("href", "/watch?s=" + encodeURIComponent(v.id));
    // Only new lines are appended, so a screen reader announces each once.
    var chat = $("chat");
    if (v.messages.length < shownMessages) { chat.replaceChildren(); shownMessages = 0; }
    v.messages.slice(shownMessages).forEach(function (m) {
      chat.appendChild(el("li", { className: m.from, text: m.text }));
    });
    if (v.messages.length > shownMessages) chat.lastElementChild.scrollIntoView({ block: "nearest" });
    shownMessages = v.messages.length;

    var card = $("question");
    if (v.pending === null) {
      // A card that closes hands the focus back to the message box (not to <body>, where typing goes nowhere).
      var focused = document.activeElement;
      if (shownQuestion !== null && (focused === null || focused === document.body || card.contains(focused))) $("composer-text").focus();
      card.hidden = true;
      card.replaceChildren();
      shownQuestion = null;
    } else if (shownQuestion !== v.pending.id) {
      shownQuestion = v.pending.id;
      drawCard(card, v.pending, answer, notNow);
    }
    // Typing is always possible: a message sent while a card is up sets the card aside and goes first.
    var thinking = v.busy && v.pending === null;
    $("composer-text").disabled = v.ended;
    $("composer").querySelector("button").disabled = v.ended || thinking;
    status(v.ended ? "Session finished. Start a new session whenever you like."
      : v.pending !== null ? "Your turn: answer the card, or just type a message."
      : thinking ? "Thinking…" : "");
  }

  /** Post what the card's user chose; the focus waits on the card (not <body>) until the next view. */
  function closeCard(path, body) {
    var id = shownQuestion;
    var card = $("question");
    if (card.contains(document.activeElement)) card.focus();
    card.querySelectorAll("button, input").forEach(function (b) { b.disabled = true; });
    post(base() + path, JSON.stringify(body(id))).then(function (err) {
      // Another tab may have answered first: the pushed view shows what happened.
      if (err && view && view.pending && view.pending.id === id) status(err);
    });
  }

  function answer(a) { closeCard("/answers", function (id) { return { questionId: id, answer: a }; }); }
  function notNow() { closeCard("/not-now", function (id) { return { questionId: id }; }); }

  function connect() {
    // Ask once before streaming, so a session that is gone gets a clear word instead of a broken stream.
    fetch(base()).then(function (r) {
      if (r.ok) return r.json().then(function (v) { render(v); stream(); });
      status("There is no session " + sessionId + " here. Start a new session, or resume one from the list.");
    }, function () { status("The server is not reachable."); });
  }

  function stream() {
    var events = new EventSource(base() + "/events");
    events.onmessage = function (e) { render(JSON.parse(e.data)); };
    events.onerror = function () { if (events.readyState === 2) status("Lost the connection. Reload to rejoin."); };
    window.addEventListener("pagehide", function () { events.close(); });
  }

  function open(id) {
    sessionId = id;
    history.replaceState(null, "", "?s=" + encodeURIComponent(id));
    connect();
  }

  function newSession() {
    fetch("/api/sessions", { method: "POST" }).then(function (r) { return r.json(); }).then(function (j) {
      if (sessionId === null) open(j.id); else location.search = "?s=" + encodeURIComponent(j.id);
    }, function () { status("The server is not reachable."); });
  }

  function loadSessions() {
    fetch("/api/sessions").then(function (r) { return r.json(); }).then(function (j) {
      var list = $("session-list");
      list.replaceChildren();
      if (j.sessions.length === 0) list.appendChild(el("li", { text: "No saved sessions yet." }));
      j.sessions.forEach(function (s) {
        var label = s.phase !== undefined
          ? s.id + " · " + (s.phase || "unreadable") + " · " + s.itemsProcessed + " sorted"
          : s.id + " · " + s.describe;
        list.appendChild(el("li", {}, [el("a", { href: "?s=" + encodeURIComponent(s.id), text: label })]));
      });
    });
  }

  function upload(file) {
    $("upload-error").textContent = "";
    status("Reading " + file.name + "…");
    post(base() + "/photos", file, {
      "content-type": file.type || "application/octet-stream",
      "x-file-name": encodeURIComponent(file.name)
    }).then(function (err) {
      if (err) { $("upload-error").textContent = err; status(""); }
    });
  }

  // Enter sends, as a one-line box did; Shift+Enter (and a paste) keep their line breaks.
  $("composer-text").addEventListener("keydown", function (e) {
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) { e.preventDefault(); $("composer").requestSubmit(); }
  });
  $("composer").addEventListener("submit", function (e) {
    e.preventDefault();
    var input = $("composer-text");
    var text = input.value.trim();
    if (text === "" || (view && (view.ended || (view.busy && !view.pending)))) return;
    // Emptied as it is sent, so what is typed meanwhile starts the next message;
    // a send that fails puts its words back in front of that.
    input.value = "";
    post(base() + "/messages", JSON.stringify({ text: text })).then(function (err) {
      if (!err) return;
      status(err);
      putBackUnsent(input, text);
    });
  });
  // Photos, on a page for an agent that takes them.
  if ($("photo-input")) {
    $("photo-input").addEventListener("change", function (e) {
      var files = e.target.files;
      if (files && files[0]) upload(files[0]);
      e.target.value = "";
    });
    var drop = $("drop");
    ["dragenter", "dragover"].forEach(function (t) {
      document.addEventListener(t, function (e) { e.preventDefault(); drop.classList.add("over"); });
    });
    ["dragleave", "drop"].forEach(function (t) {
      document.addEventListener(t, function (e) { e.preventDefault(); drop.classList.remove("over"); });
    });
    document.addEventListener("drop", function (e) {
      var files = e.dataTransfer && e.dataTransfer.files;
      if (files && files[0]) upload(files[0]);
    });
  }
  $("new-session").addEventListener("click", newSession);
  // Fresh each time it opens: sessions are saved as they go.
  $("sessions").addEventListener("toggle", function () { if ($("sessions").open) loadSessions(); });

  loadSessions();
  if (sessionId === null) newSession(); else connect();
})();
`

export const pageScript = `${cardsScript}\n${mainScript}`
