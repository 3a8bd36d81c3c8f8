// 選舉之戰 in the browser, drawn as a table of cards: six district rows top to bottom, each with its green
// council card and every seat's role card (face down until the reveal), the news deck, the discard pile, the
// card in play and the last die read; the viewer's own cards in hand; each seat's hidden hands as backs.
// Only what this seat's view holds is drawn. Every card carries a shape and a letter as well as its colour.
// Playing is done on the board: tap a news card, then its target (or the discard pile); tap a role card, then
// your place on the next row. Only actions in ctx.legal are ever sent (ctx.act checks again).
// What changed since the last drawing is animated (the previous view is kept here to diff against), and what
// changed since this seat's last turn stays outlined until it acts.
// Drawn in place (board.js's draw(): keyed rows, slots, cards and piles stay the same elements from update to update,
// only what differs is touched); a card that changed place (played from a hand, drawn from the deck, declared onto
// a row, put on the discard pile) flies there from where it was (a Web Animation; none under reduced motion). Clicks
// are read once on the board from the elements' data attributes and the latest drawing, since a kept element has
// only the listeners of the drawing that made it.

import { draw } from "/static/board.js";
import STYLE from "./style.js";

const RANK_SHAPE = ["★", "●", "▲"]; // president, mayor, legislator (frame red, blue, yellow)
const COUNCIL_SHAPE = "■";
const WIND_SHAPE = ["~", "≈", "✸"]; // breeze, gale, boom
// Okabe-Ito: told apart with the common colour blindnesses; each party also shows its letter
const PARTY_COLOR = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#D55E00"];
const SVG = "http://www.w3.org/2000/svg";
const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

let sel = null; // the card picked up in hand: {kind: "news"|"role", card, i}
const memo = { key: null, view: null, dieKey: null, hadTurn: false, awayFrom: null, changed: new Set() };
// the latest drawing: what a click on the board acts on (see onClick)
const live = { ctx: null, pick: null, send: null };
const listening = new WeakSet();
const FLIGHT_MS = 450;

function pct(v) { return v === null || v === undefined ? "" : `${Math.floor(v / 10)}.${v % 10}%`; }

function dieFace(n, cls = "ew-die") {
  const s = document.createElementNS(SVG, "svg");
  s.setAttribute("viewBox", "0 0 40 40");
  s.setAttribute("class", cls);
  s.setAttribute("aria-hidden", "true");
  const r = document.createElementNS(SVG, "rect");
  for (const [k, v] of Object.entries({ x: 2, y: 2, width: 36, height: 36, rx: 7 })) r.setAttribute(k, v);
  s.append(r);
  for (const [x, y] of PIPS[n] || []) {
    const c = document.createElementNS(SVG, "circle");
    c.setAttribute("cx", 10 * x); c.setAttribute("cy", 10 * y); c.setAttribute("r", 3.6);
    s.append(c);
  }
  return s;
}

// The count of one row as the rules do it (rules/count.py, elect): who would be elected now and who is knocked
// out on the way. Only with every standing card face up to this seat.
function elect(cands, roleCards) {
  const out = [];
  let standing = cands.filter((c) => c.placed && c.status === 0);
  if (standing.some((c) => c.card === null || c.card === undefined)) return null;
  for (;;) {
    if (!standing.length) return { winner: null, out };
    const best = Math.max(...standing.map((c) => c.strength));
    const top = standing.filter((c) => c.strength === best);
    if (top.length === 1) return { winner: top[0], out };
    const byParty = new Map();
    for (const c of top) byParty.set(c.party, [...(byParty.get(c.party) || []), c]);
    const rest = [];
    for (const seats of byParty.values()) {
      if (seats.length > 1) out.push({ kind: "clash", seats, strength: best });
      else rest.push(seats[0]);
    }
    if (rest.length > 1) {
      const keep = rest.reduce((a, b) => (roleCards[b.card][4] > roleCards[a.card][4] ? b : a));
      out.push({ kind: "share", seats: rest.filter((c) => c !== keep), keep, strength: best });
      return { winner: keep, out };
    }
    if (rest.length === 1) return { winner: rest[0], out };
    const gone = new Set(top);
    standing = standing.filter((c) => !gone.has(c));
  }
}

function lastDie(events) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.type === "wind_check" || e.type === "press_conference") return { e, key: `${e.step}:${e.n}` };
    if (e.type === "count_row" && e.data.check) return { e, key: `${e.step}:${e.n}` };
  }
  return null;
}

function multiset(list) {
  const m = new Map();
  for (const x of list || []) m.set(x, (m.get(x) || 0) + 1);
  return m;
}

// What changed from the previous drawing of this seat's view: element keys to animate, by kind of change.
function diff(prev, view) {
  const anim = new Map();
  if (!prev || prev.players !== view.players) return anim;
  view.candidates.forEach((row, r) => row.forEach((c, q) => {
    const o = prev.candidates[r]?.[q];
    if (!o) return;
    const k = `c${r}.${q}`;
    if (c.placed && !o.placed) anim.set(k, "anim-deal");
    else if (c.card !== null && c.card !== undefined && (o.card === null || o.card === undefined)) anim.set(k, "anim-flip");
    else if (c.status !== o.status) anim.set(k, "anim-out");
    else if (c.strength !== o.strength || c.level !== o.level || c.protected !== o.protected) anim.set(k, "anim-bump");
  }));
  const before = multiset(prev.hand);
  (view.hand || []).forEach((c, i) => {
    if ((before.get(c) || 0) > 0) before.set(c, before.get(c) - 1);
    else anim.set(`h${i}`, "anim-draw");
  });
  if (view.discard.length !== prev.discard.length) anim.set("discard", "anim-flip");
  if (view.deck !== prev.deck) anim.set("deck", "anim-bump");
  if (view.pending && (!prev.pending || prev.pending.card !== view.pending.card || prev.pending.target !== view.pending.target)) {
    anim.set("pending", "anim-play");
  }
  view.results.slice(prev.results.length).forEach((res) => anim.set(`r${res.row}`, "anim-win"));
  view.votes.forEach((v, q) => { if (v !== prev.votes[q]) anim.set(`s${q}`, "anim-bump"); });
  view.hand_sizes.forEach((v, q) => { if (v !== prev.hand_sizes[q]) anim.set(`s${q}`, "anim-bump"); });
  if (view.round !== prev.round || view.phase !== prev.phase) anim.set(`row${view.round}`, "anim-row");
  return anim;
}

// Cards that changed place since the previous drawing: [from, to] CSS selectors of an element in the old drawing
// and one in the new. Only what this seat's views show: a card leaving another seat's hand comes from the backs
// of that hand; one leaving this seat's hand from the card itself.
function flights(prev, view) {
  const out = [];
  if (!prev || prev.players !== view.players) return out;
  const me = Number.isInteger(view.you) ? view.you : null;
  const k = (key, sub = "") => `[data-key="${key}"]${sub}`;
  // this seat's news cards gone from its hand, by card (the occurrences past the count now held)
  const now = multiset(view.hand), seen = new Map(), lost = new Map();
  for (const c of prev.hand || []) {
    const i = seen.get(c) || 0;
    seen.set(c, i + 1);
    if (i >= (now.get(c) || 0)) lost.set(c, [...(lost.get(c) || []), k(handKey(c, i))]);
  }
  const fewer = (sizes, was) => sizes.findIndex((v, q) => q !== me && v < (was[q] ?? 0));
  const player = fewer(view.hand_sizes, prev.hand_sizes);
  const from = (c) => lost.get(c)?.shift() ?? (player >= 0 ? k(`held:news:${player}`) : null);
  const p = view.pending, o = prev.pending;
  if (p && (!o || o.card !== p.card || o.target !== p.target)) {
    const src = from(p.card);
    if (src) out.push([src, k("inplay", " > .ew-card")], [src, k(`oncard:${p.card}`)]);
  }
  if (view.discard.length > prev.discard.length) {
    const top = view.discard[view.discard.length - 1];
    const src = o && o.card === top && !(p && p.card === top) ? k("inplay", " > .ew-card") : from(top);
    if (src) out.push([src, k("discard", " > .ew-card")]);
  }
  // role cards declared: from this seat's role hand, or the backs of another seat's
  view.candidates.forEach((row, r) => row.forEach((c, q) => {
    if (!c.placed || prev.candidates[r]?.[q]?.placed) return;
    const src = q === me && c.card !== null && c.card !== undefined ? k(`hand:role:${c.card}`) : k(`held:role:${q}`);
    out.push([src, k(`slot:${r}:${q}`, " > .ew-card")]);
  }));
  // news cards drawn into this seat's hand come from the deck
  const had = multiset(prev.hand), seen2 = new Map();
  for (const c of view.hand || []) {
    const i = seen2.get(c) || 0;
    seen2.set(c, i + 1);
    if (i >= (had.get(c) || 0)) out.push([k("deck", " .ew-card"), k(handKey(c, i))]);
  }
  return out;
}

// the key of the i-th copy of news card c in this seat's hand (a hand may hold two copies of a card)
function handKey(c, i) { return `hand:news:${c}:${i}`; }

function reducedMotion() { return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches; }

// An element's box in the page as laid out, its transforms left out (a card half-way through a flip or a bump
// would measure as a sliver): {left, top, width, height}, or null when it is not shown.
function box(el) {
  if (!(el instanceof HTMLElement) || !el.offsetParent || !el.offsetWidth || !el.offsetHeight) return null;
  let left = 0, top = 0;
  for (let e = el; e; e = e.offsetParent) { left += e.offsetLeft; top += e.offsetTop; }
  return { left, top, width: el.offsetWidth, height: el.offsetHeight };
}

// Where each flight starts, read from the drawing still on the page (before it is brought up to date).
function measure(root, pairs) {
  if (!pairs.length || reducedMotion()) return [];
  const out = [];
  for (const [from, to] of pairs) {
    const r = box(root.querySelector(from));
    if (r) out.push([r, to]);
  }
  return out;
}

// Each card that changed place slides (and scales) from where it was to where it is now, added to whatever
// transform it has of its own (a tilted card in play stays tilted).
function fly(root, starts) {
  for (const [r0, to] of starts) {
    const el = root.querySelector(to);
    const r1 = box(el);
    if (!r1) continue;
    const dx = r0.left + r0.width / 2 - (r1.left + r1.width / 2), dy = r0.top + r0.height / 2 - (r1.top + r1.height / 2);
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    const sc = Math.min(3, Math.max(0.2, r0.width / r1.width));
    el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${sc})`, zIndex: 5 }, { transform: "translate(0px, 0px) scale(1)", zIndex: 5 }],
      { duration: FLIGHT_MS, easing: "ease-in-out", composite: "add" });
  }
}

// The animation classes of the drawing on the page (element -> its anim-* classes), to start again on the
// elements that keep one: a kept element whose class does not change would not animate a second time.
function animClasses(root) {
  const out = new Map();
  for (const e of root.querySelectorAll('[class*="anim-"]')) out.set(e, [...e.classList].filter((c) => c.startsWith("anim-")));
  return out;
}

function restart(root, before) {
  for (const e of root.querySelectorAll('[class*="anim-"]')) {
    const was = before.get(e);
    if (!was) continue;
    for (const c of was) {
      if (!e.classList.contains(c)) continue;
      e.classList.remove(c);
      void e.offsetWidth; // the style without the class, so that adding it back starts its animation again
      e.classList.add(c);
    }
  }
}

// A click on the board: a card to pick up, or a place that sends a legal action (of the latest drawing only).
function onClick(ev) {
  const el = ev.target instanceof Element ? ev.target.closest("[data-pick], [data-action]") : null;
  if (!el || !el.closest(".ew") || !live.ctx) return;
  if (el.dataset.pick) {
    live.pick({ kind: el.dataset.pick, card: Number(el.dataset.pick === "news" ? el.dataset.news : el.dataset.card), i: Number(el.dataset.i) });
    return;
  }
  const id = Number(el.dataset.action);
  const a = (live.ctx.legal || []).find((x) => x.id === id);
  if (a) live.send(a);
}

function placedRows(view) {
  const me = Number.isInteger(view.you) ? view.you : null;
  return me === null ? 0 : view.candidates.filter((row) => row[me]?.placed).length;
}

// What to tap next on the board, from the legal actions' kinds and the card picked up (null: nothing to tap).
function promptText(view, ctx) {
  const { t, names } = ctx;
  const legal = ctx.legal || [];
  const has = (kind, card) => legal.some((a) => a.kind === kind && (card === undefined || a.args[0] === card));
  const row = view.round + 1, next = placedRows(view) + 1;
  if (sel?.kind === "news" && has("play", sel.card)) return t("board.pick_target", { card: names.news?.[sel.card], row });
  if (sel?.kind === "news" && has("discard", sel.card)) return t("board.pick_discard", { card: names.news?.[sel.card] });
  if (sel?.kind === "role" && has("declare", sel.card)) return t("board.pick_slot", { card: names.roles?.[sel.card], row: next });
  if (has("play")) return t("board.pick_news", { row });
  if (has("discard")) return t("board.pick_discard_card");
  if (has("declare")) return t("board.pick_role", { row: next });
  return null;
}

const renderer = {
  ownSince: true, // its board says what changed since this seat's last turn: the page's panel does not repeat it
  // drawn in place: each update changes only what differs from the last drawing (board.js's draw)
  inPlace: true,
  render(root, view, ctx) {
    if (!listening.has(root)) { listening.add(root); root.addEventListener("click", onClick); }
    let starts = [], before = new Map();
    draw(root, (fresh) => {
      const pairs = renderer.build(fresh, view, ctx);
      // the page still shows the last drawing here: where the cards that move start, which animations run
      starts = measure(root, pairs);
      before = animClasses(root);
    });
    restart(root, before);
    fly(root, starts);
  },
  // draws the whole board into `root` (an empty element); returns the cards that changed place since the last one
  build(root, view, ctx) {
    const { h, t, names, who } = ctx;
    const n = view.players;
    const me = Number.isInteger(view.you) ? view.you : null;
    const roleCards = names.role_cards || [];
    const newsCards = names.news_cards || [];
    const legal = ctx.legal || [];
    if (!document.getElementById("ew-style")) document.head.append(h("style", { id: "ew-style" }, STYLE));

    // what changed: animated now; outlined until this seat acts again
    const key = `${ctx.seat}|${n}|${view.rows.map((r) => r.district).join(",")}`;
    if (memo.key !== key) Object.assign(memo, { key, view: null, dieKey: null, hadTurn: false, awayFrom: null, changed: new Set() });
    const anim = diff(memo.view, view);
    const moves = flights(memo.view, view);
    const myTurn = legal.length > 0;
    if (memo.hadTurn && !myTurn) { memo.awayFrom = ctx.events.length; memo.changed.clear(); }
    // a deal or the reveal turns up every card: only what news cards and the count did stays outlined
    else for (const [k, a] of anim) if (!["anim-deal", "anim-flip", "anim-row", "anim-draw"].includes(a)) memo.changed.add(k);
    if (view.phase === "over") memo.changed.clear();
    memo.hadTurn = myTurn;
    memo.view = view;
    const die = lastDie(ctx.events);
    if (die && memo.dieKey !== null && die.key !== memo.dieKey) anim.set("die", "anim-roll");
    memo.dieKey = die ? die.key : "";
    const mark = (k, base) => [base, anim.get(k), memo.changed.has(k) && memo.awayFrom !== null ? "ew-new" : ""]
      .filter(Boolean).join(" ");

    // the board's choices, from the legal actions' structure (kind, args)
    const plays = legal.filter((a) => a.kind === "play");
    const discards = legal.filter((a) => a.kind === "discard");
    const declares = legal.filter((a) => a.kind === "declare");
    const pickable = (s) => s && (s.kind === "news"
      ? plays.some((a) => a.args[0] === s.card) || discards.some((a) => a.args[0] === s.card)
      : declares.some((a) => a.args[0] === s.card));
    if (!pickable(sel)) sel = null;
    const pick = (s) => { sel = sel && sel.kind === s.kind && sel.i === s.i ? null : s; ctx.redraw?.(); };
    const send = (a) => { sel = null; if (a) ctx.act(a); };
    Object.assign(live, { ctx, pick, send });
    const nextRow = placedRows(view);
    const playing = ["play", "press", "discard"].includes(view.phase);

    const seatTag = (q) => h("span", { class: "ew-who" }, who(q));
    const partyBadge = (p) => h("span", { class: "ew-party", style: `--pc:${PARTY_COLOR[p % PARTY_COLOR.length]}`,
      title: names.parties?.[p] ?? "" }, t(`tui.party_abbr.${names.party_ids?.[p]}`));
    const rankMark = (f) => h("span", { class: "ew-shape", title: names.frames?.[f] ?? "" },
      `${RANK_SHAPE[f]}${t(`tui.rank_abbr.${names.rank_ids?.[f]}`).toUpperCase()}`);

    // a role card face up: shape and letter, party, name, level, strength, vote share, what became of it
    const roleCard = (card, c, attrs = {}, tag = "div") => {
      const [frame, lv0, st0, party, share] = roleCards[card] || [0, 0, 0, 0, 0];
      const level = c?.level ?? lv0, strength = c?.strength ?? st0;
      const out = c && c.status ? ["", "withdrawn", "clash", "outvoted"][c.status] : "";
      const changed = c ? { lv: level - lv0, st: strength - st0 } : { lv: 0, st: 0 };
      const delta = (d) => (d ? h("sup", { class: d > 0 ? "up" : "down" }, d > 0 ? `+${d}` : `${d}`) : null);
      return h(tag, { ...attrs, class: `ew-card role f-${frame}${out ? " out" : ""} ${attrs.class || ""}`, "data-card": card,
        "data-frame": frame, "aria-label": `${names.roles?.[card] ?? card}: ${names.role_labels?.[card] ?? ""}` },
      h("span", { class: "ew-top" }, rankMark(frame), partyBadge(party)),
      h("span", { class: "ew-name" }, names.roles?.[card] ?? card),
      h("span", { class: "ew-stats" },
        h("span", { class: "ew-lv", title: t("board.level") }, `${t("board.level")} ${level}`, delta(changed.lv)),
        h("span", { class: "ew-st", title: t("board.strength") }, `⚔${strength}`, delta(changed.st))),
      h("span", { class: "ew-share", title: t("board.share") }, pct(share)),
      out ? h("span", { class: "ew-status" }, `✘ ${t(`board.out_${out}`)}`) : null,
      c?.protected ? h("span", { class: "ew-shield", title: t("board.protected") }, "◆") : null);
    };
    const back = (attrs = {}, tag = "div") => h(tag, { ...attrs, class: `ew-card ew-back ${attrs.class || ""}`, "data-back": "role",
      "aria-label": t("board.face_down") }, h("span", { class: "ew-back-mark" }, "?"));
    const newsCard = (card, attrs = {}, tag = "div") => {
      const [dieN, wind] = newsCards[card] || [1, 0];
      return h(tag, { ...attrs, class: `ew-card news w-${names.wind_ids?.[wind]} ${attrs.class || ""}`, "data-news": card,
        "aria-label": names.news_labels?.[card] ?? "" },
      h("span", { class: "ew-top" }, h("span", { class: "ew-dievalue", title: t("board.die_wind") }, dieFace(dieN, "ew-pips"), String(dieN)),
        h("span", { class: "ew-wind", title: names.winds?.[wind] ?? "" }, WIND_SHAPE[wind], h("span", { class: "ew-wind-word" }, ` ${names.winds?.[wind] ?? ""}`))),
      h("span", { class: "ew-name" }, names.news?.[card] ?? card),
      h("span", { class: "ew-effect" }, names.effects?.[card] ?? ""));
    };

    const board = h("section", { class: "panel ew", "data-phase": view.phase });
    root.append(board);
    const round = Math.min(view.round + 1, 6);
    board.append(h("div", { class: "ew-head" },
      h("h3", {}, `${t(`phase.${view.phase}`)} · ${t("web.round", { n: round })}`),
      h("span", { class: "hint" }, `${t("board.first_mark")}: ${who(view.first)}`)));

    // --- the middle of the table: deck, discard pile, the card in play, the last die read
    const discardTarget = sel && sel.kind === "news" ? discards.find((a) => a.args[0] === sel.card) : null;
    const top = view.discard[view.discard.length - 1];
    const pile = h(discardTarget ? "button" : "div", {
      class: mark("discard", `ew-pile discard${discardTarget ? " target" : ""}`), "data-count": view.discard.length,
      "data-top": top ?? "", "data-action": discardTarget?.id, "data-key": "discard" },
    h("span", { class: "ew-pile-title" }, t("board.discard")),
    // keyed by the pile's size: a card put on it is a new card (not the old top changing its face)
    top === undefined ? h("div", { class: "ew-card ew-slot-empty" }, t("board.empty_pile"))
      : newsCard(top, { class: "small", "data-key": `discard:${view.discard.length}` }),
    h("span", { class: "ew-count" }, t("board.cards", { n: view.discard.length })));
    const middle = h("div", { class: "ew-middle" },
      h("div", { class: mark("deck", "ew-pile deck"), "data-count": view.deck, "data-key": "deck" },
        h("span", { class: "ew-pile-title" }, t("board.deck")),
        h("div", { class: "ew-card ew-back news-back small" }, h("span", { class: "ew-back-mark" }, "✉")),
        h("span", { class: "ew-count" }, t("board.cards", { n: view.deck }))),
      pile);
    if (view.pending) {
      middle.append(h("div", { class: mark("pending", "ew-pile inplay"), "data-news": view.pending.card, "data-target": view.pending.target,
        "data-key": "inplay" },
        h("span", { class: "ew-pile-title" }, t("board.in_play")), newsCard(view.pending.card, { class: "small" }),
        h("span", { class: "ew-count" }, t("board.on_target", { who: who(view.pending.target) }))));
    }
    if (die) {
      const d = die.e.data, chk = die.e.type === "count_row" ? d.check : d;
      const ok = die.e.type === "press_conference" ? d.cleared : chk.success;
      const what = die.e.type === "wind_check" ? t("board.die_wind") : die.e.type === "press_conference"
        ? t("board.die_press") : t("board.die_council", { row: d.row + 1 });
      middle.append(h("div", { class: mark("die", `ew-pile ew-roll ${ok ? "ok" : "bad"}`), "data-die": chk.die, "data-level": chk.level,
        "data-key": "die" },
        h("span", { class: "ew-pile-title" }, what),
        chk.die >= 1 ? dieFace(chk.die, "ew-die") : h("span", { class: "ew-die none" }, "—"),
        h("span", { class: "ew-count" }, t("board.die_line", { die: chk.die, level: chk.level,
          result: `${ok ? "✓" : "✗"} ${t(ok ? "board.success" : "board.failure")}` }))));
    }
    board.append(middle);

    // --- what this seat holds: its news hand and the role cards still to place
    const prompt = h("p", { class: "ew-prompt", "aria-live": "polite" });
    if (me !== null) {
      const hand = h("div", { class: "ew-hand" });
      if ((view.role_hand || []).length) {
        hand.append(h("h4", {}, t("board.hand_roles")), h("div", { class: "ew-cards roles" }, view.role_hand.map((c, i) => {
          const ok = declares.some((a) => a.args[0] === c);
          const picked = sel && sel.kind === "role" && sel.i === i;
          return roleCard(c, null, { class: `${picked ? "picked" : ""}${ok ? " pickable" : ""}`, "aria-pressed": ok ? String(!!picked) : null,
            "data-i": i, "data-pick": ok ? "role" : null, "data-key": `hand:role:${c}` }, ok ? "button" : "div");
        })));
      }
      const copies = new Map();
      hand.append(h("h4", {}, t("board.hand_news")), h("div", { class: "ew-cards news" }, (view.hand || []).map((c, i) => {
        const copy = copies.get(c) || 0;
        copies.set(c, copy + 1);
        const ok = plays.some((a) => a.args[0] === c) || discards.some((a) => a.args[0] === c);
        const picked = sel && sel.kind === "news" && sel.i === i;
        return newsCard(c, { class: mark(`h${i}`, `${picked ? "picked" : ""}${ok ? " pickable" : ""}`), "aria-pressed": ok ? String(!!picked) : null,
          "data-i": i, "data-pick": ok ? "news" : null, "data-key": handKey(c, copy) }, ok ? "button" : "div");
      }), (view.hand || []).length ? null : h("span", { class: "hint" }, t("tui.none"))));
      board.append(h("div", { class: "ew-mine", "data-key": "mine" }, prompt, hand));
      prompt.textContent = promptText(view, ctx) || "";
      prompt.hidden = !prompt.textContent;
    }

    // since this seat's last turn: what happened, in the events' own words
    if (myTurn && memo.awayFrom !== null && memo.awayFrom < ctx.events.length) {
      const since = ctx.events.slice(memo.awayFrom).filter((e) => e.text && e.type !== "turn_started");
      if (since.length) {
        const shown = since.slice(-4);
        board.append(h("details", { class: "ew-since", open: true, "data-key": "since" }, h("summary", {}, t("board.since")),
          h("ul", {}, shown.map((e) => h("li", {}, e.text))),
          since.length > shown.length ? h("p", { class: "hint" }, t("board.since_more", { n: since.length - shown.length })) : null));
      }
    }

    // --- the six rows: the council card, then each seat's candidate; under them the count explained
    const rows = h("div", { class: `ew-rows${n > 6 ? " many" : ""}` });
    view.rows.forEach((row, r) => {
      const cands = view.candidates[r] || [];
      const res = view.results.find((x) => x.row === r);
      const current = playing && r === view.round;
      const faceUp = cands.filter((c) => c.placed && c.card !== null && c.card !== undefined).length;
      const backs = cands.filter((c) => c.placed && (c.card === null || c.card === undefined)).length;
      const line = h("div", { class: mark(`row${r}`, `ew-row${current ? " current" : ""}${res ? " counted" : ""}`), "data-row": r, "data-key": `row:${r}`,
        "data-faceup": faceUp, "data-backs": backs, "data-empty": n - faceUp - backs },
      h("div", { class: mark(`r${r}`, "ew-rowhead") },
        h("span", { class: "ew-rowno" }, t("board.row", { n: r + 1 }), current ? h("em", {}, ` · ${t("board.row_now")}`) : null),
        h("div", { class: `ew-card council${res && res.took_district ? " taken" : ""}`, "data-district": row.district, "data-council": row.council },
          h("span", { class: "ew-top" }, h("span", { class: "ew-shape" }, `${COUNCIL_SHAPE}${t("tui.rank_abbr.councillor").toUpperCase()}`)),
          h("span", { class: "ew-name" }, names.cities?.[row.city] ?? ""),
          h("span", { class: "ew-stats" }, h("span", { class: "ew-st", title: t("board.strength") }, `⚔${row.council}`)),
          h("span", { class: "ew-share" }, t("board.council_card")),
          res && res.took_district ? h("span", { class: "ew-status won" }, `→ ${who(res.winner)}`) : null)));
      const slots = h("div", { class: "ew-cands" });
      cands.forEach((c, q) => {
        const k = `c${r}.${q}`;
        const target = current && sel?.kind === "news" ? plays.find((a) => a.args[0] === sel.card && a.args[1] === q) : null;
        const slotTarget = sel?.kind === "role" && q === me && r === nextRow
          ? declares.find((a) => a.args[0] === sel.card) : null;
        const act = target || slotTarget;
        const won = res && res.winner === q;
        const cls = ["ew-slot", q === me ? "mine" : "", q === view.turn && current ? "turn" : "", act ? "target" : "", won ? "winner" : ""];
        const attrs = { class: mark(k, cls.filter(Boolean).join(" ")), "data-seat": q, "data-action": act?.id, "data-key": `slot:${r}:${q}` };
        let face;
        if (!c.placed) face = h("div", { class: "ew-card ew-slot-empty", "aria-label": t("board.not_placed") }, slotTarget ? "+" : "·");
        else if (c.card === null || c.card === undefined) face = back();
        else {
          face = roleCard(c.card, c);
          if (q === me && !c.status && view.phase === "declare") face.append(h("span", { class: "ew-secret" }, `👁 ${t("board.secret")}`));
        }
        if (won) face.append(h("span", { class: "ew-status won" }, `★ ${t("board.elected_mark")}`));
        const pend = view.pending && current && view.pending.target === q
          ? newsCard(view.pending.card, { class: mark("pending", "tiny on-card"), "data-key": `oncard:${view.pending.card}` }) : null;
        slots.append(h(act ? "button" : "div", attrs, seatTag(q), face, pend));
      });
      line.append(slots, h("div", { class: "ew-countline" }, countLine(r, row, cands, res)));
      rows.append(line);
    });
    board.append(rows);

    // the count of a row in words: counted, or as it would go now (the percentages are vote shares)
    function countLine(r, row, cands, res) {
      const name = (card) => names.roles?.[card] ?? "";
      if (res) {
        const lines = [res.winner >= 0 ? t("board.elected", { who: who(res.winner), name: name(res.card) }) : t("board.elected_none")];
        if (res.winner >= 0) {
          lines.push(res.check ? t("part.council_check", { strength: res.strength, council: res.council, die: res.check.die,
            level: res.check.level, result: t(res.check.success ? "part.success" : "part.failure") })
            : t("part.council_reached", { strength: res.strength, council: res.council }));
        }
        for (const [q, st] of res.knocked) lines.push(t(st === 2 ? "part.knock_clash" : "part.knock_outvoted", { who: who(q) }));
        return lines.map((x, i) => h("span", {}, i ? " · " : "", x));
      }
      if (!cands.some((c) => c.placed)) return [];
      const e = elect(cands, roleCards);
      if (!e) return [h("span", { class: "hint" }, t("board.hidden_count"))];
      const lines = [];
      for (const o of e.out) {
        if (o.kind === "clash") lines.push(t("board.tie_clash", { who: o.seats.map((c) => who(c.seat)).join(", "), strength: o.strength }));
        else {
          lines.push(t("board.tie_share", { who: o.seats.map((c) => who(c.seat)).join(", "), strength: o.strength,
            share: o.seats.map((c) => pct(c.vote_share)).join(", "), best: pct(o.keep.vote_share) }));
        }
      }
      if (!e.winner) lines.push(t("board.lead_none"));
      else {
        const w = e.winner;
        lines.unshift(t("board.lead", { who: who(w.seat), name: name(w.card), strength: w.strength }));
        lines.push(w.strength >= row.council ? t("board.lead_council_yes", { strength: w.strength, council: row.council })
          : t("board.lead_council_no", { strength: w.strength, council: row.council, level: w.level }));
      }
      return lines.map((x) => h("span", {}, x, " "));
    }

    // --- each seat: votes, cards won, the backs of the cards it holds
    const minis = (k, cls, label, q) => h("span", { class: `ew-minis ${cls}`, "data-count": k, title: label, "aria-label": label, "data-key": `held:${cls}:${q}` },
      Array.from({ length: k }, () => h("i", { "data-back": cls })));
    board.append(h("h4", {}, t("board.players")), h("div", { class: "ew-seats" }, Array.from({ length: n }, (_, q) => {
      const won = view.won[q] || { roles: [], districts: [] };
      return h("div", { class: mark(`s${q}`, `ew-seat${q === me ? " mine" : ""}${q === view.turn ? " turn" : ""}`), "data-seat": q, "data-key": `seat:${q}`,
        "data-votes": view.votes[q] },
      h("div", { class: "ew-seat-head" }, h("strong", {}, `${q === view.turn && playing ? "▶ " : ""}${who(q)}`),
        h("span", { class: "ew-votes" }, t("board.votes", { n: view.votes[q] }))),
      h("div", { class: "ew-won", title: t("board.won", { roles: won.roles.length, districts: won.districts.length }) },
        won.roles.map((c) => h("i", { class: `f-${roleCards[c]?.[0] ?? 0}`, "data-won": "role" }, RANK_SHAPE[roleCards[c]?.[0] ?? 0])),
        won.districts.map(() => h("i", { class: "council", "data-won": "council" }, COUNCIL_SHAPE))),
      q === me ? null : h("div", { class: "ew-held" },
        minis(view.hand_sizes[q] ?? 0, "news", t("board.news_backs", { n: view.hand_sizes[q] ?? 0 }), q),
        view.role_hand_sizes[q] ? minis(view.role_hand_sizes[q], "role", t("board.role_backs", { n: view.role_hand_sizes[q] }), q) : null));
    })));

    board.append(h("details", { class: "ew-legend", "data-key": "legend" }, h("summary", {}, t("board.legend_title")),
      h("p", {}, t("board.legend")), h("p", {}, t("board.news_legend")), h("p", {}, t("board.count_rule"))));
    return moves;
  },
  asks(view, ctx) {
    const { t, names, who } = ctx;
    if (view.phase === "press" && view.pending) {
      return t("tui.press_now", { card: names.news?.[view.pending.card] ?? "", who: who(view.pending.target) });
    }
    return promptText(view, ctx);
  },
  scores(view) { return view.votes.map((v, s) => ({ seat: s, total: v })); },
};
export default renderer;
