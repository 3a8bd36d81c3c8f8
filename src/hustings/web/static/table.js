// The table page: /t/<id>#seat=<n>&token=<tok> (a seat), /t/<id> (a spectator), /t/<id>#invite=<code> (an invite:
// the page asks for a name, claims the seat, then becomes it) or /t/<id>#device=<code> (another device of a seat).
// Everything shown comes from the server's messages for this seat: its view, its events, its legal actions.

import { LANGS, Words, expandLegal, chosenLang, savedLang, saveLang, getJSON, postJSON, keepToken, keepHost, hostSecret, el, langSelect, fill, inviteURL } from "./common.js";
import { Composer } from "./compose.js";
import { scoreChart, soloChart } from "./chart.js";
import fallback from "./fallback.js";
import { rematchBox, rematchChanged } from "./rematch.js";
import * as teach from "./teach.js";
import * as signals from "./signals.js";
import { EventLog } from "./eventlog.js";
import * as phone from "./phone.js";
import { drawHouse } from "./house.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const frag = new URLSearchParams(location.hash.slice(1));
const token = frag.get("token");
const mySeat = frag.has("seat") ? Number(frag.get("seat")) : null;
const inviteCode = frag.get("invite");
const deviceCode = frag.get("device");

const S = {
  lang: chosenLang(), words: null, meta: null, renderer: fallback, table: null, seat: null,
  model: null, events: [], pending: false, ws: null, retry: 0, closed: false, explain: new Set(),
  explained: new Map(), clockBase: 0,
};
const $ = (id) => document.getElementById(id);
const t = (k, f) => (S.words ? S.words.t(k, f) : k);

function toast(text, kind = "error") {
  const box = $("toast");
  const item = el("div", { class: `toast ${kind}`, role: "status" }, text);
  box.append(item);
  setTimeout(() => item.remove(), 5000);
}

function seatName(n) {
  const s = S.table?.seats?.find((x) => x.seat === n);
  const base = s?.name || t("seat", { n: n + 1 });
  return s?.bot ? `${base} (${t("bot")})` : base;
}

async function loadWords() {
  const [shell, meta] = await Promise.all([
    getJSON(`/web/i18n/${S.lang}.json`),
    S.table ? getJSON(`/web/games/${encodeURIComponent(S.table.game)}.json?lang=${S.lang}`) : null,
  ]);
  S.words = new Words(S.lang, shell, meta?.catalog || {});
  if (meta) {
    S.meta = meta;
    if (meta.renderer) {
      try { S.renderer = (await import(meta.renderer)).default; S.rendererFailed = false; } catch (e) {
        console.error(e); S.renderer = fallback; S.rendererFailed = true; // the view as a tree, still playable
      }
    }
  }
  document.documentElement.lang = S.lang;
}

function ctx() {
  const m = S.model || {};
  return {
    lang: S.lang, t, fill, h: el, seat: S.seat, names: S.meta?.names || {}, meta: S.meta, table: S.table,
    legal: S.pending ? [] : (m.legal || []), events: S.events, who: seatName, act: (a) => act(a),
    toActNow: m.to_act || [], redraw: () => draw(),
    // my turn now, and the step after my own last move (board.js's Memory keeps what changed since outlined)
    myTurn: !!(m.legal || []).length && !m.over, lastTurn: m.last_turn ?? null,
  };
}

// ------------------------------------------------------------------------------------------- lobby

async function showLobby() {
  const box = $("lobby");
  box.hidden = false;
  drawTitle();
  const info = S.table;
  const mine = info.seats.find((s) => s.seat === mySeat);
  const list = el("ul", { class: "seats" }, info.seats.map((s) => {
    const state = s.bot ? "bot" : s.joined ? (s.ready ? "ready" : "joined") : "waiting";
    const words = s.bot ? t("web.bot_seat", { level: S.words ? S.words.bot(s.bot) : s.bot }) : t(`web.${state}`);
    return el("li", { "data-seat": s.seat, "data-state": state }, `${seatName(s.seat)} · ${words}`);
  }));
  // The lobby is re-read every second: only the seat list is redrawn then, so a name being typed keeps its
  // letters, its caret and the focus (issue 25, bug 2). The rest is drawn again only when the language changes.
  const person = !!(token && mine && !mine.bot);
  if (S.lobbyDrawn === `${S.lang}|${person}` && box.querySelector("ul.seats")) {
    box.querySelector("ul.seats").replaceWith(list);
    const join = $("join");
    if (join) join.textContent = mine.ready ? t("web.ready") : t("web.join_ready");
    return;
  }
  S.lobbyDrawn = `${S.lang}|${person}`;
  const children = [el("h2", {}, t("web.table_lobby")), list];
  if (person) {
    const typed = $("name")?.value;  // a language switch keeps what was typed
    const name = el("input", { id: "name", value: typed ?? (mine.name || localStorage.getItem("hustings.name") || ""),
                               placeholder: t("web.your_name"), maxlength: 40 });
    children.push(el("div", { class: "row" }, name,
      el("button", { id: "join", class: "primary", onclick: async () => {
        try {
          const chosen = name.value.trim();
          localStorage.setItem("hustings.name", chosen);
          // no name: the seat keeps none, and every page shows it in its own language ("P2", 「玩家2」)
          await postJSON(`/api/tables/${tableId}/join`, { token, name: chosen, ready: true });
          await refreshTable();
        } catch (e) { toast(e.message); }
      } }, mine.ready ? t("web.ready") : t("web.join_ready")),
      el("button", { id: "start", onclick: async () => {
        try { await postJSON(`/api/tables/${tableId}/start`, { token }); await refreshTable(); } catch (e) { toast(e.message); }
      } }, t("web.start"))));
  } else {
    children.push(el("p", {}, t("web.spectator_wait")));
  }
  box.replaceChildren(...children);
}

// An invite link: the seat is claimed with a name (one person, once); a device link: claimed at once. Either way the
// answer is this browser's own secret for the seat, kept here, and the page becomes that seat's.
function showClaim() {
  const box = $("lobby");
  box.hidden = false;
  const become = (res) => {
    keepToken({ table: tableId, seat: res.seat, token: res.token, game: S.table.game });
    location.replace(`/t/${encodeURIComponent(tableId)}#seat=${res.seat}&token=${res.token}`);
    location.reload();
  };
  if (deviceCode) {
    box.replaceChildren(el("p", { class: "hint" }, t("web.device_claiming")));
    postJSON(`/api/tables/${encodeURIComponent(tableId)}/claim?lang=${S.lang}`, { device: deviceCode })
      .then(become, (e) => box.replaceChildren(el("p", { id: "claim-refused" }, e.message)));
    return;
  }
  const typed = $("claim-name")?.value;
  const name = el("input", { id: "claim-name", value: typed ?? (localStorage.getItem("hustings.name") || ""),
                             placeholder: t("web.your_name"), maxlength: 40 });
  box.replaceChildren(el("h2", {}, t("web.claim_title")), el("p", { class: "hint" }, t("web.claim_hint")),
    el("div", { class: "row" }, name, el("button", { id: "claim", class: "primary", onclick: async () => {
      try {
        const chosen = name.value.trim();
        localStorage.setItem("hustings.name", chosen);
        become(await postJSON(`/api/tables/${encodeURIComponent(tableId)}/claim?lang=${S.lang}`, { invite: inviteCode, name: chosen }));
      } catch (e) { toast(e.message); }
    } }, t("web.claim"))));
}

// Who sits where and how many live connections each seat has; the holder's "add another device"; the host's
// "take back and re-invite" (said openly to everyone by the server).
function drawPeople() {
  const box = $("people");
  const info = S.table;
  if (!box || !info || !S.words) return;
  const host = hostSecret(tableId);
  box.hidden = false;
  const rows = info.seats.map((s) => {
    const n = s.connections ?? (s.connected ? 1 : 0);
    const state = s.bot ? t("web.bot_seat", { level: S.words.bot(s.bot) }) : !s.joined ? t("web.free_seat")
      : n > 0 ? t("web.connections", { n }) : t("web.offline");
    return el("li", { "data-seat": s.seat, "data-connections": n },
      `${seatName(s.seat)} · `, el("span", { class: "conns" }, state),
      host && !s.bot && info.status !== "over" ? el("button", { class: "revoke", "data-seat": s.seat, onclick: () => revoke(s.seat) }, t("web.revoke")) : null);
  });
  const revoked = (info.revoked || []).map((r) => el("li", { class: "revoked hint" },
    t("web.revoked_at", { who: seatName(r.seat), time: new Date(r.at * 1000).toLocaleTimeString(S.lang) })));
  const mine = token && S.seat !== null && info.status !== "over";
  // (the DOM's replaceChildren writes a null as the text "null": the parts left out are dropped first)
  box.replaceChildren(...[el("h3", {}, t("web.people")), el("ul", { class: "people" }, rows), revoked.length ? el("ul", {}, revoked) : null,
    mine ? el("button", { id: "add-device", onclick: addDevice }, t("web.add_device")) : null,
    S.deviceLink ? el("div", { id: "device-link" }, el("p", { class: "hint" }, t("web.device_hint", { minutes: Math.round(S.deviceLink.expires_in / 60) })),
      el("input", { readonly: true, value: inviteURL(S.deviceLink.link), class: "link", onfocus: (e) => e.target.select() })) : null,
    S.newInvite ? el("div", { id: "new-invite" }, el("p", { class: "hint" }, t("web.new_invite")),
      el("input", { readonly: true, value: inviteURL(S.newInvite.invite), class: "link", onfocus: (e) => e.target.select() })) : null,
  ].filter((x) => x !== null));
}

async function addDevice() {
  try {
    S.deviceLink = await postJSON(`/api/tables/${encodeURIComponent(tableId)}/device?lang=${S.lang}`, { token });
    drawPeople();
  } catch (e) { toast(e.message); }
}

async function revoke(seat) {
  if (!window.confirm(t("web.revoke_q", { name: seatName(seat) }))) return;
  try {
    S.newInvite = await postJSON(`/api/tables/${encodeURIComponent(tableId)}/revoke?lang=${S.lang}`, { host: hostSecret(tableId), seat });
    S.table = S.newInvite.table;
    drawPeople();
    if (S.table.status === "lobby") showLobby();
  } catch (e) { toast(e.message); }
}

async function refreshTable() {
  S.table = await getJSON(`/api/tables/${encodeURIComponent(tableId)}`);
  drawPeople();
  if (S.table.status === "lobby") {
    await showLobby();
    clearTimeout(S.lobbyTimer);
    S.lobbyTimer = setTimeout(() => refreshTable().catch((e) => toast(e.message)), 1000);
  } else {
    $("lobby").hidden = true;
    if (!S.ws) connect();
  }
}

// ------------------------------------------------------------------------------------------- socket

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  // ?lang=: a refusal before the hello (the server is full, say) is in the page's language too
  const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(tableId)}?lang=${encodeURIComponent(S.lang)}`);
  S.ws = ws;
  setConn("connecting");
  ws.onopen = () => {
    S.retry = 0;
    // the compact legal lists: a seat offered hundreds of deployments gets a third of the bytes (expandLegal)
    ws.send(JSON.stringify(token ? { type: "hello", token, lang: S.lang, legal_form: "compact" }
      : { type: "hello", spectator: true, lang: S.lang }));
  };
  ws.onmessage = (m) => {
    let msg;
    try { msg = JSON.parse(m.data); } catch { return; }
    if (msg.legal_words) { msg.legal = expandLegal(msg.legal, msg.legal_words); delete msg.legal_words; }
    onMessage(msg);
    window.dispatchEvent(new CustomEvent("hustings:message", { detail: msg })); // for the page's other parts (chat.js)
  };
  ws.onclose = () => {
    if (S.ws !== ws) return;
    S.ws = null;
    S.pending = false;
    setConn("offline");
    if (S.closed) return;
    const wait = Math.min(8000, 500 * 2 ** S.retry++);
    setTimeout(() => { if (!S.ws) connect(); }, wait);
  };
}

function setConn(state) {
  const c = $("conn");
  c.dataset.state = state;
  c.textContent = state === "online" ? "" : t(`web.conn_${state}`);
}

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      S.seat = msg.seat ?? null;
      if (msg.table) S.table = msg.table;
      setConn("online");
      drawPeople();
      break;
    case "table":
      S.table = msg.table;
      drawPeople();
      if (S.model?.over) rematchChanged(rematchCtx()); // the rematch offer's answers (rematch.js)
      break;
    case "notice":
      toast(msg.message, "info");
      break;
    case "state":
      if (msg.table) { S.table = msg.table; drawPeople(); }
      S.model = msg; S.events = numbered([], msg.events); S.pending = false; S.clockBase = performance.now();
      S.log.reset(); // other events may stand at the same places now
      S.explained.clear(); // a fresh state (after an undo) may have other events at the same places
      for (const key of S.explain) askExplain(key);
      draw();
      break;
    case "update":
      if (msg.table) { S.table = msg.table; drawPeople(); }
      S.model = { ...S.model, ...msg, events: undefined }; S.events = numbered(S.events, msg.events);
      S.pending = false; S.clockBase = performance.now();
      draw();
      break;
    case "ack":
      if (S.undoing) { S.undoing = false; toast(t("web.undone"), "info"); }
      break;
    case "error":
      S.pending = false; S.undoing = false;
      // this page's secret died (the seat claimed by someone else, or taken back by the host): it stops trying
      if (["seat_revoked", "seat_claimed", "unauthorized"].includes(msg.code)) {
        S.closed = true;
        S.gone = `${msg.message} ${t("web.seat_gone")}`;
        if (S.model) S.model = { ...S.model, legal: [], can_undo: false, can_give_up: false };
      }
      toast(msg.message || msg.code);
      draw();
      break;
    case "explanation":
      S.explained.set(`${msg.step}:${msg.index}`, msg.items || []);
      drawLog();
      break;
    case "pong":
      break;
    default:
      break;
  }
}

// Each event gets its place among the events of its step this seat was sent (`n`): with the step, what the
// server's explain message names it by.
function numbered(old, fresh) {
  const counts = new Map();
  for (const e of old) counts.set(e.step, Math.max(counts.get(e.step) || 0, e.n + 1));
  for (const e of fresh || []) { e.n = counts.get(e.step) || 0; counts.set(e.step, e.n + 1); }
  return old.concat(fresh || []);
}

// The worked explanation of one event (the terminal's explain), asked of the server when `?` is opened.
function askExplain(key) {
  const [step, index] = key.split(":").map(Number);
  if (S.ws && S.ws.readyState === 1) S.ws.send(JSON.stringify({ type: "explain", step, index }));
}

function act(action, confirmed = false) {
  const m = S.model;
  const a = typeof action === "number" ? (m?.legal || []).find((x) => x.id === action) : action;
  // only what the server offered this seat may be sent; anything else is ignored here
  if (!a || S.pending || !S.ws || !(m?.legal || []).some((x) => x.id === a.id)) return false;
  // a move that cannot be taken back is asked about first (teach.js), unless the player turned that off
  if (!confirmed && teach.confirmFirst(S.table?.game, a, t, () => act(a, true))) return false;
  S.pending = true;
  S.ws.send(JSON.stringify({ type: "act", step: m.step, action: a.id }));
  draw();
  return true;
}

// The server's undo: offered only when the state message says this seat may take its last move back now.
function undo() {
  const m = S.model;
  if (!m?.can_undo || S.pending || !S.ws) return false;
  S.pending = true; S.undoing = true;
  S.ws.send(JSON.stringify({ type: "undo", step: m.step }));
  draw();
  return true;
}

// Giving up (a one-player game: the puzzle): a command of the table, offered when the server says this seat may.
function giveUp() {
  const m = S.model;
  if (!m?.can_give_up || S.pending || !S.ws || !window.confirm(t("web.give_up_q"))) return false;
  S.pending = true;
  S.ws.send(JSON.stringify({ type: "give_up", step: m.step }));
  draw();
  return true;
}

// ------------------------------------------------------------------------------------------- drawing

function phaseName(phase) {
  if (!phase) return "";
  const k = `phase.${phase}`;
  return S.words.has(k) ? t(k) : phase;
}

// The game's name in the bar and the tab, also before the game starts (issue 25, bug 6)
function drawTitle() {
  document.title = `${S.meta?.title || "hustings"} · hustings`;
  $("title").textContent = S.meta?.title || S.table?.game || "";
  drawHouse($("house"), S.table, S.lang, t); // a table of house rules says so to every seat (house.js)
}

function draw() {
  const m = S.model;
  if (!m) return;
  const c = ctx();
  drawTitle();
  const phase = phaseName(m.phase);  // a game without phases (the puzzle) shows no empty "Phase:"
  $("phase").textContent = phase ? `${t("phase")}: ${phase}` : "";
  const toAct = m.to_act || [];
  const mine = (m.legal || []).length > 0;
  let turn;
  if (S.gone) turn = S.gone;
  else if (m.over) turn = t("game_over");
  else if (mine) turn = S.renderer.asks?.(m.view, c) || t("web.your_turn");
  else turn = t("waiting_for", { who: toAct.map(seatName).join(", ") || "…" });
  $("turn").textContent = turn;
  $("turn").dataset.mine = mine ? "1" : "0";
  $("you").textContent = S.seat === null ? `${t("spectator")} · ${t("web.spectating")}` : t("you_are", { who: seatName(S.seat) });

  const board = $("board");
  if (!S.renderer.inPlace || S.rendererFailed) board.replaceChildren(); // an in-place renderer updates what it drew (board.js's draw)
  try { S.renderer.render(board, m.view, c); } catch (e) {
    console.error(e); S.rendererFailed = true; board.replaceChildren(); fallback.render(board, m.view, c);
  }

  drawClocks();
  drawScores(c);
  const acts = $("actions");
  // a game with its own undo action (逃出總統府 counts undos) offers that one, not the server's
  const offerUndo = !!m.can_undo && !m.over && !(m.legal || []).some((a) => a.kind === "undo");
  const offerGiveUp = !!m.can_give_up && !m.over;
  acts.hidden = !mine && !S.pending && !offerUndo && !offerGiveUp;
  S.composer.draw(S.pending ? [] : (m.legal || []), !S.pending && !m.over);
  const hint = S.pending ? null : teach.hintBox(m, S.table, t, (a) => act(a));  // a tutorial table's hint
  if (hint) $("choices").prepend(hint);
  if (offerUndo) {
    $("choices").append(el("button", { id: "undo", class: "undo", disabled: S.pending, onclick: () => undo() }, `↶ ${t("web.undo")}`));
  }
  if (offerGiveUp) {
    $("choices").append(el("button", { id: "give-up", class: "give-up", disabled: S.pending, onclick: () => giveUp() }, t("web.give_up")));
  }
  if (S.pending) $("choices").append(el("div", { class: "hint" }, t("web.sending")));
  drawLog();
  if (m.over) drawSummary(c);
  $("summary-open").hidden = !m.over;
  phone.afterDraw(S, t); // on a phone: the dock's head and padding (phone.js)
  signals.afterDraw(S, t, seatName); // the tab's title and icon, sound, notification, the phone's bar, "since"
}

function fmtClock(s) {
  if (s === null || s === undefined) return "—";
  s = Math.max(0, Math.round(s));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function drawClocks() {
  const m = S.model;
  const box = $("clocks");
  const clocks = m.clocks || [];
  box.hidden = !clocks.some((c) => c.remaining_s !== null && c.remaining_s !== undefined);
  const passed = (performance.now() - S.clockBase) / 1000;
  box.replaceChildren(...clocks.map((c) => el("span", { class: `clock${c.running ? " running" : ""}`, "data-seat": c.seat },
    `${seatName(c.seat)} ${fmtClock(c.remaining_s === null || c.remaining_s === undefined ? null : c.remaining_s - (c.running ? passed : 0))}`)));
}

function drawScores(c) {
  const box = $("scores");
  const rows = S.renderer.scores?.(S.model.view, c) || fallback.scores(S.model.view, c);
  box.hidden = !rows || !rows.length;
  if (box.hidden) return;
  box.replaceChildren(el("h3", {}, t("web.scores")), el("table", {}, rows.map((r) =>
    el("tr", { "data-seat": r.seat }, el("th", {}, r.label ?? seatName(r.seat)), el("td", {}, String(r.total))))));
}

function flatData(data, prefix = "", out = []) {
  for (const [k, v] of Object.entries(data || {})) {
    if (v && typeof v === "object" && !Array.isArray(v)) flatData(v, `${prefix}${k}.`, out);
    else out.push([`${prefix}${k}`, Array.isArray(v) ? JSON.stringify(v) : String(v)]);
  }
  return out;
}

// The server's worked lines (title, then the breakdown) in the page's language; the event's own data only when
// the game has nothing to work out for it.
function explanationOf(e, key) {
  const items = S.explained.get(key);
  if (items === undefined) return el("div", { class: "explained hint" }, t("web.explain_wait"));
  if (items.length) {
    return el("div", { class: "explained" }, items.map((x) => el("div", { class: "explanation" },
      el("div", { class: "ex-title" }, x.title), el("ul", { class: "ex-lines" }, x.lines.map((l) => el("li", {}, l))))));
  }
  return el("div", { class: "explained" }, el("div", { class: "hint" }, t("web.explain_none")),
    el("table", { class: "breakdown", "aria-label": t("web.explain_raw") }, flatData(e.data).map(([k, v]) => el("tr", {}, el("th", {}, k), el("td", {}, v)))));
}

// One line of the log; eventlog.js draws the list incrementally and calls this for new or changed lines only
function logRow(e, key) {
  const hasNumbers = flatData(e.data).some(([, v]) => /\d/.test(v));
  const li = el("li", { class: `ev ev-${e.type}${e.to !== null && e.to !== undefined ? " private" : ""}`, "data-type": e.type, "data-key": key },
    el("span", { class: "ev-step" }, String(e.step)), " ", el("span", { class: "ev-text" }, e.text || e.message || e.type),
    hasNumbers ? el("button", { class: "explain", title: t("explain_title"), "aria-label": t("explain_title"), "aria-expanded": String(S.explain.has(key)), onclick: () => {
      if (S.explain.has(key)) S.explain.delete(key);
      else { S.explain.add(key); if (!S.explained.has(key)) askExplain(key); }
      drawLog();
    } }, "?") : null);
  signals.markEvent(S, e, li, t, seatName); // a stand-in's move named; what is new since my turn highlighted
  if (S.explain.has(key)) li.append(explanationOf(e, key));
  return li;
}

function drawLog() {
  if (S.log.lang !== S.lang) { S.log.reset(); S.log.lang = S.lang; } // the rows' words are in the page's language
  S.log.draw(S.events, S.explain, S.explained);
}

function drawSummary(c) {
  const m = S.model;
  const out = m.outcome || {};
  const box = $("summary-body");
  const labels = S.meta?.score_labels || {};
  const scores = out.scores || [];
  const comps = [...new Set(scores.flatMap((s) => Object.keys(s || {})))].filter((k) => k !== "total");
  const winners = out.winners || [];
  const head = out.given_up !== undefined ? t("web.given_up")
    : S.meta?.outcome === "solo"
      ? (winners.length ? t("web.solo_won") : t("web.solo_lost"))
      : t("winners", { who: winners.map(seatName).join(", ") || "—" });
  box.replaceChildren(
    el("p", { class: "winners" }, head),
    el("table", { class: "summary-table" },
      el("tr", { class: "head" }, el("th", {}, ""), comps.map((k) => el("th", {}, labels[k] || k)), el("th", {}, labels.total || t("web.total"))),
      // each cell names its column (data-label): on a phone a seat's row is stacked as "label value" pairs
      scores.map((s, i) => el("tr", { "data-seat": i, class: winners.includes(i) ? "winner" : "" }, el("th", {}, seatName(i)),
        comps.map((k) => el("td", { "data-label": labels[k] || k }, String(s?.[k] ?? ""))),
        el("td", { class: "total", "data-label": labels.total || t("web.total") }, String(s?.total ?? ""))))),
    S.meta?.outcome === "solo" ? soloChart(scores[0] || {}, comps, labels) : scoreChart(scores, comps, labels, seatName),
    rematchBox(rematchCtx()),
    // the finished game stepped through from this page's seat (static/replay.js): a link anyone here may share
    el("p", {}, el("a", { id: "replay-open", class: "button", href: `/r/${encodeURIComponent(tableId)}?seat=${S.seat ?? "spectator"}` }, t("web.replay.watch"))),
  );
  if (!S.summaryShown) { S.summaryShown = true; $("summary").showModal?.(); }
}

// The rematch offer in the summary (rematch.js): what it needs of this page.
function rematchCtx() {
  return { S, t, token, tableId, who: seatName, toast, redraw: () => drawSummary(ctx()) };
}

function showRules() {
  const rules = S.meta?.rules || {};
  const phase = S.model?.phase;
  const text = rules[phase] ?? Object.values(rules).join("\n\n");
  $("rules-title").textContent = phase in rules ? t("rules_title", { phase: phaseName(phase) }) : t("web.rules");
  $("rules-body").textContent = text || t("web.no_rules");
  $("rules-extra").replaceChildren(...teach.rulesExtras(S.meta, t));
  $("rules").showModal();
}

async function switchLang(lang) {
  S.lang = lang; saveLang(lang);
  await loadWords();
  drawChrome();
  if (S.ws && S.ws.readyState === 1) S.ws.send(JSON.stringify({ type: "lang", lang }));
  // the open explanations again, in the new language (the state message that follows re-asks them)
  if (inviteCode || deviceCode) showClaim();
  else if (S.table?.status === "lobby") showLobby();
  drawPeople();
}

function drawChrome() {
  $("lang-slot").replaceChildren(langSelect(S.lang, switchLang));
  $("rules-open").textContent = t("web.rules");
  $("summary-open").textContent = t("web.summary");
  $("log-title").textContent = t("log");
  $("actions-title").textContent = t("actions");
  $("home").textContent = t("web.lobby");
  for (const b of document.querySelectorAll("button.close")) b.textContent = t("web.close");
  $("summary-title").textContent = t("game_over");
  draw();
}

async function main() {
  signals.setup();
  phone.setup();
  S.composer = new Composer($("choices"), t, (a) => act(a));
  S.log = new EventLog($("log-list"), { row: logRow, since: (e) => signals.isSince(S, e),
    sinceKey: () => `${S.seat}|${S.model?.last_turn}|${!!S.model?.over}` });
  $("choices").addEventListener("redraw", () => draw());
  $("rules-open").onclick = showRules;
  $("summary-open").onclick = () => $("summary").showModal();
  for (const b of document.querySelectorAll("button.close")) b.onclick = () => b.closest("dialog").close();
  if (!tableId) { toast("no table"); return; }
  try {
    S.table = await getJSON(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (e) {
    S.words = await Words.load(S.lang).catch(() => null);
    $("turn").textContent = e.message; return;
  }
  if (token && mySeat !== null) keepToken({ table: tableId, seat: mySeat, token, game: S.table.game });
  if (!savedLang() && LANGS.includes(S.table.lang)) S.lang = S.table.lang; // an invited friend: the table's language
  await loadWords();
  drawChrome();
  if (inviteCode || deviceCode) { showClaim(); return; }
  setInterval(() => { if (S.model && !S.model.over) drawClocks(); }, 1000);
  setInterval(() => { if (S.ws && S.ws.readyState === 1) S.ws.send('{"type":"ping"}'); }, 25000);
  await refreshTable();
}

window.hustingsTable = S; // for tests and debugging: what this page holds (only what the server sent it)
// what the page's other parts (chat.js) may use: send a message, words, seat names, the page's language
window.hustingsPage = {
  tableId, toast, t: (k, f) => t(k, f), seatName: (n) => seatName(n), lang: () => S.lang,
  send: (m) => { if (!S.ws || S.ws.readyState !== 1) return false; S.ws.send(JSON.stringify(m)); return true; },
};
window.hustingsAct = (id) => act(id); // the same door a click uses: refuses anything not offered
main().catch((e) => toast(String(e.message || e)));
