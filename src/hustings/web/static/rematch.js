// A rematch for everyone (issue 25, point 5), in the end-of-game summary of the table page.
//
// At the end each person's page offers the next game. The first to accept makes it (and hosts it); the finished
// table's TableInfo then carries the offer (`offer`: each seat's answer, seconds left), pushed to every page of
// the table, which shows it in its own language and opens the summary again for a person who has not answered.
// Accepting hands this page, and only it, a fresh secret of its own seat at the rematch (kept in this browser
// like any seat's); once the rematch begins the page goes there. Those who decline or do not answer in time are
// played by bots, and their page offers to watch.

import { postJSON, keepToken, keepHost, myTokens, el } from "./common.js";

let ctx = null; // what the table page gave at the last draw: { S, t, token, tableId, who, toast }
let box = null;
let asked = null; // the rematch id this page already opened the summary for (once per offer)
let went = false;
let tick = null;
const deadlines = new WeakMap(); // offer object -> when it ends (this page's clock)

const STYLE = `
#rematch-box { display: block; margin-top: .8em; padding: .6em .7em; border: 1px solid var(--accent);
  border-radius: 8px; background: #f3f7fc; }
#rematch-box h3 { margin: 0 0 .3em; }
#rematch-box p { margin: .3em 0; }
#rematch-box .row button, #rematch-box .row a.button { min-height: 44px; min-width: 44px; }
#rematch-box ul.answers { list-style: none; margin: .3em 0; padding: 0; display: flex; flex-wrap: wrap; gap: .3em .9em; }
#rematch-box ul.answers li { overflow-wrap: anywhere; }
#rematch-box ul.answers li[data-answer="yes"] .mark { color: var(--ok); }
#rematch-box ul.answers li[data-answer="no"] .mark { color: var(--bad); }
#rematch-box .left { font-variant-numeric: tabular-nums; font-weight: 600; }
`;

function style() {
  if (document.getElementById("rematch-style")) return;
  document.head.append(el("style", { id: "rematch-style" }, STYLE));
}

// This browser's secret of its seat at the rematch: from the answer it got, or kept from before (a reload).
function mine() {
  const S = ctx.S;
  if (S.rematchMade?.you) return S.rematchMade.you;
  const id = S.table?.rematch;
  const kept = id && myTokens().find((e) => e.table === id && e.seat === S.seat);
  return kept ? { seat: kept.seat, token: kept.token, link: `/t/${id}#seat=${kept.seat}&token=${kept.token}` } : null;
}

function clock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(r)}` : `${m}:${two(r)}`;
}

// "Starts in {time} at the latest", its time in a span of its own that ticks (the words may put it anywhere)
function withTime(key, seconds) {
  const [before, after = ""] = ctx.t(key, { time: "\u0000" }).split("\u0000");
  return el("p", {}, before, el("span", { class: "left" }, clock(seconds)), after);
}

function secondsLeft(offer) {
  if (offer.ends_in === null || offer.ends_in === undefined) return null;
  if (!deadlines.has(offer)) deadlines.set(offer, performance.now() + offer.ends_in * 1000);
  return (deadlines.get(offer) - performance.now()) / 1000;
}

async function answer(accept) {
  const { S, token, tableId, toast } = ctx;
  try {
    const res = await postJSON(`/api/tables/${encodeURIComponent(tableId)}/rematch?lang=${S.lang}`, { token, accept });
    if (res.host) keepHost(res.table.id, res.host);
    if (res.you) {
      keepToken({ table: res.table.id, seat: res.you.seat, token: res.you.token, game: res.table.game });
      S.rematchMade = res;
    }
    if (res.answer === "no") S.table = res.table; // the finished table, with my answer in its offer
    else if (S.table && !S.table.rematch) S.table = { ...S.table, rematch: res.table.id };
    S.rematchAnswer = res.answer;
    render();
  } catch (e) { toast(e.message); }
}

function names(list) {
  const { S } = ctx;
  try { return new Intl.ListFormat(S.lang, { type: "conjunction" }).format(list); } catch { return list.join(", "); }
}

function render() {
  if (!box || !ctx) return;
  const { S, t, who } = ctx;
  const info = S.table || {};
  const offer = info.offer || null;
  const seated = Boolean(ctx.token) && S.seat !== null;
  const you = seated ? mine() : null;
  const my = offer && seated ? offer.answers[S.seat] : (S.rematchAnswer || null);
  const parts = [el("h3", {}, t("web.rematch_title"))];
  if (offer) {
    parts.push(el("ul", { class: "answers" }, offer.answers.map((a, i) => el("li", { "data-seat": i, "data-answer": a ?? "wait" },
      el("span", { class: "mark" }, a === "yes" ? "✓ " : a === "no" ? "✗ " : a === "bot" ? "" : "… "),
      `${who(i)}: `, t(`web.rematch_answer.${a ?? "wait"}`)))));
  }
  const row = el("div", { class: "row" });
  const left = offer && offer.open ? secondsLeft(offer) : null;
  if (offer?.started) {
    if (you) {
      parts.push(el("p", {}, t("web.rematch_started")));
      row.append(el("a", { id: "rematch-open", class: "button primary", href: you.link }, t("web.open_your_seat")));
      if (!went) { went = true; location.href = you.link; } // the rematch began: this person's seat there
    } else if (my === "yes") { // accepted on another device: this one asks for a secret of its own there
      parts.push(el("p", {}, t("web.rematch_started")));
      row.append(el("button", { id: "rematch", class: "primary", onclick: () => answer(true) }, t("web.open_your_seat")));
    } else {
      parts.push(el("p", { class: "rematch-state" }, seated ? t("web.rematch_without_you") : t("web.rematch_started")));
      row.append(el("a", { id: "rematch-watch", class: "button", href: `/t/${info.rematch}` }, t("web.rematch_watch")));
    }
  } else if (!seated) {
    if (offer?.open) parts.push(withTime("web.rematch_left", left ?? 0));
  } else if (my === "yes" || you) {
    parts.push(el("p", { class: "rematch-state" }, t("web.rematch_in")));
    if (left !== null) parts.push(withTime("web.rematch_left", left));
  } else {
    const wanting = offer ? offer.answers.map((a, i) => (a === "yes" ? who(i) : null)).filter((x) => x !== null) : [];
    if (my === "no") parts.push(el("p", { class: "rematch-state" }, t("web.rematch_declined")));
    else if (wanting.length) parts.push(el("p", { class: "rematch-state" }, t("web.rematch_wanted", { names: names(wanting) })));
    else parts.push(el("p", {}, t("web.rematch_intro")));
    if (left !== null) parts.push(withTime("web.rematch_left", left));
    row.append(el("button", { id: "rematch", class: "primary", onclick: () => answer(true) },
      my === "no" ? t("web.rematch_change") : t("web.rematch")));
    if (my !== "no") row.append(el("button", { id: "rematch-no", onclick: () => answer(false) }, t("web.rematch_decline")));
  }
  if (row.childElementCount) parts.push(row);
  box.replaceChildren(...parts);
  box.dataset.state = offer?.started ? "started" : offer?.open ? "open" : "none";
  // a person who has not answered hears of an offer even with the summary closed: it opens again, once
  const summary = document.getElementById("summary");
  if (seated && offer?.open && !my && !you && asked !== info.rematch && summary && !summary.open) {
    asked = info.rematch;
    summary.showModal?.();
  }
  clearInterval(tick);
  tick = left !== null ? setInterval(() => {
    const span = box?.querySelector(".left");
    if (!span || !box.isConnected) { clearInterval(tick); return; }
    span.textContent = clock(secondsLeft(offer) ?? 0);
  }, 1000) : null;
}

// The box in the summary (drawn again with it); `c`: the table page's state and helpers.
export function rematchBox(c) {
  ctx = c;
  style();
  box = el("div", { id: "rematch-box" });
  const { S } = c;
  if (!S.table || (!(c.token && S.seat !== null) && !S.table.offer)) return box; // a spectator: nothing to answer yet
  render();
  return box;
}

// The finished table's TableInfo changed (someone answered, the rematch began): the box says so.
export function rematchChanged(c) {
  ctx = c;
  if (box?.isConnected) render();
  else if (c.S.model?.over) c.redraw();
}
