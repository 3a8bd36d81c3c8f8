// Teaching at the table (issue 24.4): the rules of the current phase with "how to win" and a glossary (every word
// and the unit of its numbers, from the game's words); at a tutorial table, the heuristic's hint for each decision
// with its own reason (sent by the server with the seat's legal actions), followed with one click or ignored; and a
// question before a move that cannot be taken back, unless the player turned that off (kept in this browser).
// table.js and lobby.js call in here through a few small hooks; nothing here talks to the server itself.

import { el } from "./common.js";

const CONFIRM_KEY = "hustings.confirm_irreversible";

// this file's own styles (teach.css), so that the pages' shared files need no more than the hooks
if (!document.getElementById("teach-css")) {
  document.head.append(el("link", { id: "teach-css", rel: "stylesheet", href: "/static/teach.css" }));
}

// Moves the table's undo never takes back: secret simultaneous choices (sheets, drafts, deployments, bids, face-down
// cards), and moves that reveal something hidden or roll dice (a poll published, a news card's wind check, a
// donation's dice, a drawn card); a hint of the puzzle counts against the player for good.
const IRREVERSIBLE = {
  "die-macher": ["sheet1", "sheet2", "bid", "pbid", "cab", "draw", "secret", "secret_split", "publish", "offer",
    "force", "accept", "decline", "donate"],
  "die-macher-2019": ["draft", "plat", "deploy", "bid", "place", "take", "pick", "publish", "keep_poll", "donate"],
  "election-war": ["declare", "play", "press"],
  "palace-escape": ["hint"],
};

export function asksFirst() {
  return localStorage.getItem(CONFIRM_KEY) !== "off";
}

function setAsksFirst(on) {
  if (on) localStorage.removeItem(CONFIRM_KEY); else localStorage.setItem(CONFIRM_KEY, "off");
}

export function irreversible(game, action) {
  return !!action && (IRREVERSIBLE[game] || []).includes(action.kind);
}

// Before `send`ing an irreversible move: a question in the page's language, with "do not ask again". Returns true
// when it asked (the move is sent only if the player says yes), false when the move may go at once.
export function confirmFirst(game, action, t, send) {
  if (!asksFirst() || !irreversible(game, action)) return false;
  document.getElementById("teach-confirm")?.remove();
  const off = el("input", { id: "confirm-off", type: "checkbox" });
  const dialog = el("dialog", { id: "teach-confirm", class: "teach-confirm" },
    el("h2", {}, t("web.confirm_title")),
    el("p", { class: "confirm-what" }, t("web.confirm_q", { action: action.label })),
    el("label", { class: "row check" }, off, " ", t("web.confirm_off")),
    el("div", { class: "row" },
      el("button", { id: "confirm-yes", class: "primary", type: "button", onclick: () => {
        if (off.checked) setAsksFirst(false);
        dialog.close(); dialog.remove(); send();
      } }, t("web.confirm_yes")),
      el("button", { id: "confirm-no", type: "button", onclick: () => { dialog.close(); dialog.remove(); } }, t("web.confirm_no"))));
  document.body.append(dialog);
  dialog.showModal?.();
  return true;
}

// The hint at a tutorial table: the action the heuristic would take (its label, from the legal actions this seat was
// sent) and its reason; shown only while that action is among the seat's legal actions (an update that leaves the
// hint out keeps an old one in the page's model).
export function hintBox(model, table, t, act) {
  const advice = model?.advice;
  if (!table?.tutorial || !advice || model.over) return null;
  const action = (model.legal || []).find((a) => a.id === advice.action);
  if (!action) return null;
  return el("div", { id: "hint", class: "hint-box", role: "note" },
    el("div", { class: "hint-title" }, t("web.hint_title")),
    el("div", { class: "hint-action" }, t("web.hint_would", { action: action.label })),
    el("div", { class: "hint-why" }, advice.text),
    el("button", { id: "hint-follow", class: "primary", type: "button", onclick: () => act(action) }, t("web.hint_follow")));
}

// The rules dialog's own parts: how to win and the glossary (the phase's rules are table.js's), and the setting
// of the question before irreversible moves.
export function rulesExtras(meta, t, redraw) {
  const parts = [];
  if (meta?.how_to_win) {
    parts.push(el("section", { id: "how-to-win", class: "teach-section" }, el("h3", {}, t("web.how_to_win")),
      el("p", { class: "prewrap" }, meta.how_to_win)));
  }
  const terms = meta?.glossary || [];
  if (terms.length) {
    parts.push(el("section", { id: "glossary", class: "teach-section" }, el("h3", {}, t("web.glossary")),
      el("dl", { class: "glossary" }, terms.flatMap((g) => [el("dt", {}, g.term), el("dd", {}, g.text)]))));
  }
  const box = el("input", { id: "confirm-setting", type: "checkbox", checked: asksFirst(),
    onchange: (e) => { setAsksFirst(e.target.checked); redraw?.(); } });
  parts.push(el("label", { class: "row check teach-setting" }, box, " ", t("web.confirm_setting")));
  return parts;
}

// The lobby's "tutorial" choice (a create option): hints from the bot at each of the creator's decisions.
export function tutorialChoice(form, t) {
  return el("label", { class: "row check" }, el("input", { id: "tutorial", type: "checkbox", checked: !!form.tutorial,
    onchange: (e) => { form.tutorial = e.target.checked; } }), el("span", {}, t("web.tutorial")));
}
