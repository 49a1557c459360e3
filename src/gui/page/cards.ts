/**
 * The page's question cards, one per leaf question kind: a disposition card
 * answered with one tap (a real suggestion, when there is one, marked and
 * first), Choose (one button per option; a revealed follow-up arrives as the
 * next card), Confirm (Yes/No, the default focused) and FreeText (a labelled
 * box with its placeholder). A question inside a QuestionGroup carries the
 * group's title above it. Every card has a quiet "Not now": nothing is
 * committed, and the coach moves on.
 *
 * Where it sits: plain browser JS inlined into the page (no build step);
 * `drawCard(container, pending, answer, notNow)` is called by script.ts,
 * which posts what `answer(answer)` and `notNow()` are given. Both pages'
 * composers share `putBackUnsent`: a box is emptied as its message is sent.
 */
export const cardsScript = String.raw`
function el(tag, attrs, children) {
  var node = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (k) {
    if (k === "text") node.textContent = attrs[k];
    else if (k === "className") node.className = attrs[k];
    else node.setAttribute(k, attrs[k]);
  });
  (children || []).forEach(function (c) { if (c) node.appendChild(c); });
  return node;
}

/** A message the server did not take goes back in the box, before anything typed since it was sent. */
function putBackUnsent(input, text) {
  input.value = input.value === "" ? text : text + "\n" + input.value;
}

function choiceButton(label, detail, suggested, onPick) {
  var b = el("button", { type: "button", className: suggested ? "suggested" : "" }, [
    el("span", { text: label }),
    detail ? el("small", { text: detail }) : null
  ]);
  b.addEventListener("click", onPick);
  return b;
}

function notNowButton(onNotNow) {
  var b = el("button", { type: "button", className: "not-now", text: "Not now" });
  b.addEventListener("click", onNotNow);
  return b;
}

function drawCard(container, pending, answer, notNow) {
  var q = pending.question;
  var headingId = "q-" + pending.id;
  container.replaceChildren();
  container.setAttribute("aria-labelledby", headingId);
  if (pending.group) container.appendChild(el("p", { className: "group", text: pending.group }));
  var first = null;
  if (q._tag === "ProposeDisposition") {
    container.appendChild(el("h3", { id: headingId, text: "What to do with " + q.item + "?" }));
    if (q.reason) container.appendChild(el("p", { className: "reason", text: q.reason }));
    var row = el("div", { className: "choices", role: "group", "aria-labelledby": headingId });
    // Only a suggestion someone made is marked: offline, the choices are plain options.
    var suggestion = q.suggested === true ? 0 : -1;
    q.choices.forEach(function (c, i) {
      var detail = c.disposition._tag === "PlaceAt" ? c.disposition.location : (i === suggestion ? "suggested" : "");
      row.appendChild(choiceButton(c.label, detail, i === suggestion, function () {
        answer({ _tag: "DispositionAnswer", disposition: c.disposition });
      }));
    });
    container.appendChild(row);
    first = row.querySelector("button");
  } else if (q._tag === "Choose") {
    container.appendChild(el("h3", { id: headingId, text: q.prompt }));
    var opts = el("div", { className: "choices", role: "group", "aria-labelledby": headingId });
    q.options.forEach(function (o) {
      opts.appendChild(choiceButton(o.label, o.description || "", false, function () {
        answer({ _tag: "ChoiceAnswer", value: o.value });
      }));
    });
    container.appendChild(opts);
    first = opts.querySelector("button");
  } else if (q._tag === "Confirm") {
    container.appendChild(el("h3", { id: headingId, text: q.prompt }));
    var yes = choiceButton("Yes", "", q.default === true, function () { answer({ _tag: "ConfirmAnswer", confirmed: true }); });
    var no = choiceButton("No", "", q.default === false, function () { answer({ _tag: "ConfirmAnswer", confirmed: false }); });
    container.appendChild(el("div", { className: "choices", role: "group", "aria-labelledby": headingId }, [yes, no]));
    first = q.default ? yes : no;
  } else if (q._tag === "FreeText") {
    var inputId = "a-" + pending.id;
    container.appendChild(el("h3", { id: headingId }, [el("label", { "for": inputId, text: q.prompt })]));
    var input = el("input", { id: inputId, type: "text", maxlength: "500" });
    if (q.placeholder) input.setAttribute("placeholder", q.placeholder);
    var form = el("form", {}, [input, el("button", { type: "submit", className: "primary", text: "Next" }), notNowButton(notNow)]);
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      answer({ _tag: "TextAnswer", text: input.value });
    });
    container.appendChild(form);
    container.appendChild(el("p", { className: "hint", text: "Leave it empty to skip." }));
    first = input;
  }
  if (q._tag !== "FreeText") container.appendChild(el("div", { className: "later" }, [notNowButton(notNow)]));
  container.hidden = false;
  // The whole card in view (a phone's keyboard or a long chat may hide its lower part), then its first control focused.
  container.scrollIntoView({ block: "nearest" });
  if (first) first.focus({ preventScroll: true });
}
`
