// On a phone the current decision is always on screen (issue 24 point 6). Under 900 px the action panel is docked
// at the bottom of the screen (style.css, "the docked decision"): its head says what the decision asks and holds a
// 44 px button that folds the choices away to look at the board; the page pads its bottom by the dock's height, so
// the dock never covers the board's or the log's last row. A laptop keeps its side column. table.js calls setup()
// once and afterDraw() after each drawing; signals.js's "go to your move" bar stands down while the dock is there.

import { el } from "./common.js";

const NARROW = "(max-width: 899px)"; // the same width at which the page becomes one column (style.css)
const P = { folded: false, mine: false, t: (k) => k };
const $ = (id) => document.getElementById(id);

export function setup() {
  const actions = $("actions");
  const title = $("actions-title");
  if (!actions || !title) return;
  const head = el("div", { id: "actions-head" });
  title.before(head);
  head.append(el("div", { class: "dock-words" }, title, el("span", { id: "dock-ask" })),
    el("button", { id: "dock-toggle", type: "button", "aria-controls": "choices", "aria-expanded": "true",
      onclick: () => { P.folded = !P.folded; apply(); } }, el("span", { "aria-hidden": "true" }, "▾")));
  if ("ResizeObserver" in window) new ResizeObserver(() => pad()).observe(actions);
  window.matchMedia(NARROW).addEventListener?.("change", () => pad());
  window.hustingsPhone = P; // for tests
}

export function docked() {
  const actions = $("actions");
  return !!actions && !actions.hidden && window.matchMedia(NARROW).matches;
}

// The page's bottom padding follows the dock's height (it changes with the choices, a composed choice, folding).
function pad() {
  const on = docked();
  document.body.classList.toggle("docked", on);
  const h = on ? Math.ceil($("actions").getBoundingClientRect().height) : 0;
  document.documentElement.style.setProperty("--dock-h", `${h}px`);
}

function apply() {
  const actions = $("actions");
  const toggle = $("dock-toggle");
  if (!actions || !toggle) return;
  actions.classList.toggle("folded", P.folded);
  toggle.setAttribute("aria-expanded", String(!P.folded));
  const label = P.folded ? P.t("web.phone.show") : P.t("web.phone.hide");
  toggle.setAttribute("aria-label", label);
  toggle.title = label;
  pad();
}

// S: the page's state (table.js); t: words
export function afterDraw(S, t) {
  const m = S.model;
  if (!m) return;
  P.t = t;
  const mine = !!(m.legal || []).length && !m.over && !S.gone && S.seat !== null;
  if (mine && !P.mine) P.folded = false; // a turn that begins shows its choices, even if the last one was folded
  P.mine = mine;
  // what the decision asks, in the dock's head (the status line above scrolls away with the page)
  const ask = $("dock-ask");
  if (ask) ask.textContent = $("turn")?.textContent || "";
  apply();
}
