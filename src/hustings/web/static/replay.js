// The replay page: /r/<table id>?seat=<n|spectator>&step=<k>. A finished game stepped through from one seat's view
// (or the spectator's): each step is asked of the server (GET /api/tables/<id>/replay), which answers only once the
// game is over, with that seat's view, the events of the step it could see, and the action only when it was that
// seat's own. The board is the game's own renderer; nothing here can act. The address always names the step shown,
// so it is the link to share.

import { LANGS, Words, chosenLang, savedLang, saveLang, getJSON, el, langSelect, fill, myTokens } from "./common.js";
import fallback from "./fallback.js";
import { drawHouse } from "./house.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const query = new URLSearchParams(location.search);

function seatOf(value) {
  if (value === null || value === "" || value === "spectator") return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

function stepOf(value) {
  if (value === null || value === "") return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

// No seat in the link: the seat this browser holds at that table (its secret kept by the table page), else the
// spectator's view.
function defaultSeat() {
  if (query.has("seat")) return seatOf(query.get("seat"));
  const mine = myTokens().find((e) => e.table === tableId);
  return mine && Number.isInteger(mine.seat) ? mine.seat : null;
}

const S = {
  lang: chosenLang(), words: null, meta: null, renderer: fallback, game: null, data: null,
  seat: defaultSeat(), want: stepOf(query.get("step")), busy: false, timer: null,
};
const $ = (id) => document.getElementById(id);
const t = (k, f) => (S.words ? S.words.t(k, f) : k);

function toast(text, kind = "error") {
  const item = el("div", { class: `toast ${kind}`, role: "status" }, text);
  $("toast").append(item);
  setTimeout(() => item.remove(), 5000);
}

function seatName(n) {
  const s = S.data?.table?.seats?.find((x) => x.seat === n);
  const base = s?.name || t("seat", { n: n + 1 });
  return s?.bot ? `${base} (${t("bot")})` : base;
}

async function loadWords() {
  const [shell, meta] = await Promise.all([
    getJSON(`/web/i18n/${S.lang}.json`),
    S.game ? getJSON(`/web/games/${encodeURIComponent(S.game)}.json?lang=${S.lang}`) : null,
  ]);
  S.words = new Words(S.lang, shell, meta?.catalog || {});
  if (meta) {
    S.meta = meta;
    if (meta.renderer && S.renderer === fallback) {
      try { S.renderer = (await import(meta.renderer)).default; } catch (e) { console.error(e); S.renderer = fallback; }
    }
  }
  document.documentElement.lang = S.lang;
}

function ctx() {
  const d = S.data;
  return {
    lang: S.lang, t, fill, h: el, seat: d.seat, names: S.meta?.names || {}, meta: S.meta, table: d.table,
    legal: [], events: d.events, who: seatName, act: () => false, toActNow: d.to_act || [], redraw: () => drawBoard(),
  };
}

function url(step) {
  const seat = S.seat === null ? "spectator" : S.seat;
  return `/api/tables/${encodeURIComponent(tableId)}/replay?seat=${seat}&step=${step ?? ""}&lang=${encodeURIComponent(S.lang)}`;
}

// Ask for the step wanted; while an answer is on its way, only the latest wish is asked for next (a slider dragged
// across a hundred steps asks for a few).
async function fetchWanted() {
  if (S.busy) return;
  S.busy = true;
  try {
    for (;;) {
      const step = S.want, seat = S.seat, lang = S.lang;
      const d = S.data;
      if (d && d.step === step && d.seat === seat && S.shownLang === lang) break;
      const data = await getJSON(url(step));
      S.data = data; S.shownLang = lang;
      if (S.want === null) S.want = data.step;
      if (!S.game) { S.game = data.table.game; await loadWords(); drawChrome(); }
      draw();
    }
  } catch (e) {
    if (!S.data) showRefused(e.message); else { toast(e.message); S.want = S.data.step; drawControls(); }
  } finally { S.busy = false; }
}

function go(step, now = true) {
  const n = S.data?.steps ?? 0;
  S.want = Math.max(0, Math.min(n, step));
  drawControls();
  clearTimeout(S.timer);
  if (now) fetchWanted(); else S.timer = setTimeout(fetchWanted, 120);
}

function showRefused(message) {
  $("replay-label").textContent = t("web.replay.title");
  $("acted").replaceChildren(el("span", { id: "refused" }, message), " ",
    el("a", { href: `/t/${encodeURIComponent(tableId)}` }, t("web.replay.to_table")));
  $("replay-controls").hidden = true;
  $("layout").hidden = true;
}

// ------------------------------------------------------------------------------------------- drawing

function phaseName(phase) {
  if (!phase) return "";
  const k = `phase.${phase}`;
  return S.words.has(k) ? t(k) : phase;
}

function drawControls() {
  const d = S.data;
  const n = d?.steps ?? 0;
  const k = S.want ?? d?.step ?? 0;
  const slider = $("rp-slider");
  slider.max = String(n); slider.value = String(k);
  $("rp-step").textContent = t("web.replay.step", { i: k, n });
  $("rp-first").disabled = $("rp-prev").disabled = k <= 0;
  $("rp-last").disabled = $("rp-next").disabled = k >= n;
}

function drawBoard() {
  const board = $("board");
  if (!S.renderer.inPlace) board.replaceChildren(); // an in-place renderer moves its pieces from step to step
  try { S.renderer.render(board, S.data.view, ctx()); } catch (e) {
    console.error(e); board.replaceChildren(); fallback.render(board, S.data.view, ctx());
  }
}

function draw() {
  const d = S.data;
  if (!d || !S.words) return;
  history.replaceState(null, "", `/r/${encodeURIComponent(tableId)}?seat=${d.seat === null ? "spectator" : d.seat}&step=${d.step}`);
  $("share-link").value = location.href;
  const phase = phaseName(d.phase);
  $("phase").textContent = phase ? `${t("phase")}: ${phase}` : "";
  $("replay-label").textContent = t("web.replay.title");
  drawHouse($("house"), d.table, S.lang, t); // played under house rules: which (house.js)
  drawSeats();
  const acted = d.acted;
  $("acted").textContent = !acted ? t("web.replay.start")
    : acted.label ? t("web.replay.acted", { who: seatName(acted.seat), action: acted.label })
      : t("web.replay.acted_hidden", { who: seatName(acted.seat) });
  if (acted && standIn(acted)) $("acted").prepend(el("span", { class: "stand-in" }, standInWords(acted.stand_in)), " ");
  drawControls();
  drawBoard();
  drawScores();
  drawOutcome();
  drawLog();
  drawChat();
}

function drawSeats() {
  const d = S.data;
  const choices = [null, ...d.table.seats.map((s) => s.seat)];
  const select = el("select", { id: "seat", "aria-label": t("web.replay.seen_by"), onchange: () => {
    S.seat = seatOf(select.value); go(S.want ?? d.step);
  } }, choices.map((s) => el("option", { value: s === null ? "spectator" : String(s), selected: s === d.seat },
    s === null ? t("spectator") : seatName(s))));
  $("seat-slot").replaceChildren(`${t("web.replay.seen_by")} `, select);
}

function drawScores() {
  const box = $("scores");
  const rows = S.renderer.scores?.(S.data.view, ctx()) || fallback.scores(S.data.view, ctx());
  box.hidden = !rows || !rows.length;
  if (box.hidden) return;
  box.replaceChildren(el("h3", {}, t("web.scores")), el("table", {}, rows.map((r) =>
    el("tr", { "data-seat": r.seat }, el("th", {}, r.label ?? seatName(r.seat)), el("td", {}, String(r.total))))));
}

function drawOutcome() {
  const box = $("outcome");
  const out = S.data.outcome;
  box.hidden = !out;
  if (!out) return;
  const winners = out.winners || [];
  const head = out.given_up !== undefined ? t("web.given_up")
    : S.meta?.outcome === "solo" ? (winners.length ? t("web.solo_won") : t("web.solo_lost"))
      : t("winners", { who: winners.map(seatName).join(", ") || "—" });
  const labels = S.meta?.score_labels || {};
  box.replaceChildren(el("h3", {}, t("web.replay.end")), el("p", { class: "winners" }, head),
    el("table", { class: "replay-totals" }, (out.scores || []).map((s, i) => el("tr", { "data-seat": i, class: winners.includes(i) ? "winner" : "" },
      el("th", {}, seatName(i)), el("td", { title: labels.total || t("web.total") }, String(s?.total ?? ""))))));
}

// A stand-in's move (issue 25.6: the store says who made each move) is named as the table page names it.
const standIn = (e) => e.stand_in !== undefined && e.stand_in !== null;
const standInWords = (seat) => (seat === S.data.seat ? t("web.signals.stand_in_you") : t("web.signals.stand_in", { who: seatName(seat) }));

function drawLog() {
  const d = S.data;
  $("log-title").textContent = t("web.replay.events", { i: d.step });
  const items = d.events.map((e, i) => el("li", { class: `ev ev-${e.type}${e.to !== null && e.to !== undefined ? " private" : ""}${standIn(e) ? " by-stand-in" : ""}`, "data-type": e.type },
    i === 0 && standIn(e) ? [el("span", { class: "stand-in" }, standInWords(e.stand_in)), " "] : null,
    el("span", { class: "ev-text" }, e.text || e.type)));
  $("log-list").replaceChildren(...(items.length ? items : [el("li", { class: "hint" }, t("web.replay.no_events"))]));
}

// The table's chat up to this step (when the game's record carries one): text shown as text, quick phrases in the
// reader's language; the lines of this very step marked.
function drawChat() {
  const lines = S.data.chat;
  const box = $("chat");
  box.hidden = !Array.isArray(lines) || !lines.length;
  if (box.hidden) return;
  $("chat-title").textContent = t("web.replay.chat");
  const items = [];
  for (const line of lines) {
    let words = null;
    if (typeof line.text === "string") words = line.text;
    else if (typeof line.phrase === "string" && S.words.has(`chat.phrase.${line.phrase}`)) words = t(`chat.phrase.${line.phrase}`);
    if (words === null) continue; // a phrase this page has no words for: left out, never shown as its key
    items.push(el("li", { class: line.step === S.data.step ? "now" : "", "data-step": line.step },
      el("span", { class: "ev-step" }, String(line.step)), " ", el("strong", {}, `${Number.isInteger(line.seat) ? seatName(line.seat) : "?"}: `),
      el("span", { class: "chat-text" }, words)));
  }
  $("chat-list").replaceChildren(...items);
  box.hidden = !items.length;
}

async function switchLang(lang, keep = true) {
  S.lang = lang;
  if (keep) saveLang(lang);  // the person's own choice; a table's language is not theirs
  await loadWords();
  drawChrome();
  go(S.data?.step ?? S.want ?? 0);
}

function drawChrome() {
  $("lang-slot").replaceChildren(langSelect(S.lang, switchLang));
  $("home").textContent = t("web.lobby");
  $("title").textContent = S.meta?.title || S.game || "";
  document.title = `${t("web.replay.title")} · ${S.meta?.title || "hustings"}`;
  $("share-title").textContent = t("web.replay.share");
  $("share-copy").textContent = t("web.copy");
  for (const [id, key] of [["rp-first", "first"], ["rp-prev", "prev"], ["rp-next", "next"], ["rp-last", "last"]]) {
    $(id).setAttribute("aria-label", t(`web.replay.${key}`));
    $(id).title = t(`web.replay.${key}`);
  }
  $("rp-slider").setAttribute("aria-label", t("web.replay.slider"));
  $("replay-controls").setAttribute("aria-label", t("web.replay.title"));
  if (S.data) draw();
}

async function main() {
  S.words = await Words.load(S.lang);
  drawChrome();
  if (!tableId) { showRefused("—"); return; }
  $("rp-first").onclick = () => go(0);
  $("rp-prev").onclick = () => go((S.want ?? 0) - 1);
  $("rp-next").onclick = () => go((S.want ?? 0) + 1);
  $("rp-last").onclick = () => go(S.data?.steps ?? 0);
  $("rp-slider").addEventListener("input", (e) => go(Number(e.target.value), false));
  $("share-copy").onclick = async () => {
    try { await navigator.clipboard.writeText($("share-link").value); toast(t("web.copied"), "info"); } catch { $("share-link").select(); }
  };
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLElement && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
    const k = S.want ?? 0;
    const moves = { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: S.data?.steps ?? 0, PageUp: k - 10, PageDown: k + 10 };
    if (e.key in moves && S.data) { e.preventDefault(); go(moves[e.key]); }
  });
  await fetchWanted();
  // a table of another language: its replay speaks the table's language unless this browser chose one
  if (S.data && !savedLang() && LANGS.includes(S.data.table.lang) && S.data.table.lang !== S.lang) await switchLang(S.data.table.lang, false);
}

window.hustingsReplay = S; // for tests and debugging: what this page holds (only what the server sent it)
main().catch((e) => toast(String(e.message || e)));
