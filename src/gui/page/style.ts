/**
 * The tidy page's style: calm and quiet, one readable column, large tap
 * targets for a phone in one hand, dark mode from the system, and motion
 * only for people who have not asked for less of it.
 *
 * Where it sits: inlined into html.ts.
 */
export const pageStyle = `
:root {
  --bg: #f7f5f0; --fg: #22231f; --muted: #5d5f57; --card: #ffffff; --line: #d9d6cc;
  --accent: #2f6b4f; --accent-fg: #ffffff; --you: #e6efe9; --note: #fff3d6; --error: #a3261b;
  font-family: system-ui, -apple-system, "Segoe UI", sans-serif; line-height: 1.45;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #171915; --fg: #ecebe4; --muted: #b2b3aa; --card: #22251f; --line: #3b3e36;
    --accent: #7cc39f; --accent-fg: #10140f; --you: #26362d; --note: #3d3520; --error: #ff8f84; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); }
.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: .5rem; background: var(--card); padding: .5rem; z-index: 2; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
/* The file input is hidden but keeps the keyboard focus: show it on its visible label. */
#photo-input:focus-visible + label { outline: 3px solid var(--accent); outline-offset: 2px; }
header.top, #progress, main { max-width: 44rem; margin: 0 auto; padding: .75rem 1rem; }
header.top { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .5rem; }
h1 { font-size: 1.4rem; margin: 0; font-weight: 600; }
nav { display: flex; gap: .5rem; align-items: flex-start; flex-wrap: wrap; }
details { background: var(--card); border: 1px solid var(--line); border-radius: .6rem; padding: .4rem .7rem; }
summary { cursor: pointer; min-height: 2rem; display: flex; align-items: center; }
#session-list { list-style: none; padding: 0; margin: .4rem 0 0; max-height: 14rem; overflow: auto; }
#session-list a { color: var(--accent); display: block; padding: .35rem 0; }
button, .button { font: inherit; min-height: 2.75rem; padding: .5rem 1rem; border-radius: .6rem; cursor: pointer;
  border: 1px solid var(--line); background: var(--card); color: var(--fg); display: inline-flex; align-items: center; }
button.primary, form button { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
button:disabled { opacity: .55; cursor: default; }
/* The pile strip stays in view while the chat scrolls under it; its lists scroll inside, so it stays small on a phone. */
#progress { border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 1; background: var(--bg); }
.strip { display: flex; gap: 1.25rem; flex-wrap: wrap; margin: 0 0 .5rem; color: var(--muted); }
.strip strong { color: var(--fg); }
.piles { display: grid; grid-template-columns: repeat(3, 1fr); gap: .5rem; }
.pile { background: var(--card); border: 1px solid var(--line); border-radius: .6rem; padding: .4rem .6rem; min-width: 0; }
.pile h3 { font-size: .9rem; margin: 0; display: flex; justify-content: space-between; }
.pile ul { margin: .25rem 0 0; padding-left: 1.1rem; font-size: .9rem; overflow-wrap: anywhere; max-height: 4.35em; overflow-y: auto; }
.pile ul:empty { display: none; }
#categories { font-size: .9rem; max-height: 4.5rem; overflow-y: auto; }
#categories p { margin: .35rem 0 0; }
#categories:empty { display: none; }
#chat { list-style: none; padding: 0; margin: 0 0 1rem; display: flex; flex-direction: column; gap: .5rem; }
#chat li { padding: .6rem .8rem; border-radius: .8rem; max-width: 90%; background: var(--card); border: 1px solid var(--line); white-space: pre-wrap; }
#chat li.you { align-self: flex-end; background: var(--you); }
#chat li.note { align-self: center; background: var(--note); font-size: .9rem; }
#question { background: var(--card); border: 2px solid var(--accent); border-radius: .9rem; padding: .9rem 1rem; margin-bottom: 1rem; }
#question .group { font-size: .85rem; color: var(--muted); margin: 0 0 .25rem; text-transform: uppercase; letter-spacing: .04em; }
#question h3 { margin: 0 0 .4rem; font-size: 1.15rem; }
#question .reason, #question .hint { color: var(--muted); margin: 0 0 .6rem; }
#question .choices { display: flex; flex-wrap: wrap; gap: .5rem; }
#question .choices button { flex: 1 1 8rem; justify-content: center; flex-direction: column; }
#question .choices button small { color: inherit; opacity: .8; }
#question .choices button.suggested { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
/* "Not now" is always there, and quiet: a way out, not a choice the coach pushes. */
#question .later { margin-top: .5rem; display: flex; justify-content: flex-end; }
#question button.not-now { background: transparent; border-color: transparent; color: var(--muted); text-decoration: underline; }
#question form button.not-now { margin-left: auto; }
/* The card holds the focus only for a moment after a tap, until the next view arrives. */
#question:focus { outline: none; }
#question form { display: flex; gap: .5rem; flex-wrap: wrap; }
input[type=text], #composer textarea, #question input { font: inherit; flex: 1 1 12rem; min-height: 2.75rem; padding: .5rem .7rem;
  border-radius: .6rem; border: 1px solid var(--line); background: var(--card); color: var(--fg); }
#composer { display: flex; gap: .5rem; }
/* A pasted recipe keeps its lines: the box grows with them, up to a few. */
#composer textarea { resize: vertical; max-height: 12rem; field-sizing: content; }
#status { color: var(--muted); min-height: 1.4em; margin: .25rem 0; }
.drop { margin-top: .75rem; border: 2px dashed var(--line); border-radius: .9rem; padding: .9rem; display: flex; gap: .75rem; align-items: center; flex-wrap: wrap; }
.drop.over { border-color: var(--accent); background: var(--you); }
#upload-error { color: var(--error); font-weight: 600; min-height: 1.2em; }
@media (max-width: 30rem) {
  .piles { grid-template-columns: 1fr 1fr 1fr; gap: .3rem; }
  .pile { padding: .3rem .4rem; }
  #chat li { max-width: 100%; }
}
@media (prefers-reduced-motion: no-preference) {
  #chat li, #question { animation: settle .25s ease-out; }
  @keyframes settle { from { opacity: 0; transform: translateY(4px); } to { opacity: 1; transform: none; } }
}
`
