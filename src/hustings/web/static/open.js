// Open tables and "my tables" (issue 25): the lobby's list of public tables waiting for players, quick play, the
// public choice of the create form, my tables on any device through a personal key (/me#key=...), and on the table
// page the keeping of a public table that waits. The key lives in this browser only (the server keeps its hash);
// every seat secret this browser keeps is tied to it (common.js keepToken calls tie()).

import { Words, chosenLang, myTokens, keepToken, keepHost, hostSecret, el, inviteURL } from "./common.js";

const KEY = "hustings.key";
const TIED = "hustings.tied";
const LANG_NAMES = { en: "English", "zh-Hans": "简体中文", "zh-Hant": "繁體中文" };
const O = { lang: null, words: null, filter: "", quickGame: null, quickPlayers: "", open: [], next: null, busy: false,
  mine: [], mineNext: null, pollOpen: null, pollMine: null };
const $ = (id) => document.getElementById(id);
const t = (k, f) => (O.words ? O.words.t(k, f) : k);

// -------------------------------------------------------------------------------------------- the server

// A lobby call that keeps the status and the server's words (the caller's language rides on ?lang=).
async function call(method, url, body) {
  const sep = url.includes("?") ? "&" : "?";
  const r = await fetch(`${url}${sep}lang=${encodeURIComponent(O.lang || chosenLang())}`, {
    method, headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await r.json(); } catch { data = null; }
  if (!r.ok) {
    const e = new Error((data && data.message) || `${r.status}`);
    e.status = r.status; e.code = data && data.error;
    throw e;
  }
  return data;
}

// ------------------------------------------------------------------------------------ the personal key

export function myKey() { return localStorage.getItem(KEY) || null; }

function tied() {
  try { const v = JSON.parse(localStorage.getItem(TIED) || "[]"); return new Set(Array.isArray(v) ? v : []); }
  catch { return new Set(); }
}
function markTied(tokens) {
  const all = [...tied(), ...tokens];
  localStorage.setItem(TIED, JSON.stringify(all.slice(-400)));
}

async function ensureKey() {
  const k = myKey();
  if (k) return k;
  const made = await call("POST", "/api/keys", {});
  localStorage.setItem(KEY, made.key);
  localStorage.removeItem(TIED);
  return made.key;
}

// Tie seat secrets this browser holds to its key. ``make``: make the key first if there is none (the lobby does;
// a table page ties only to a key this browser has, and the lobby ties the rest when it is next opened). A key
// the server does not know (its database was reset) is replaced once.
export async function tie(tokens, make = false, again = true) {
  const known = tied();
  const todo = [...new Set(tokens.filter((x) => typeof x === "string" && x && !known.has(x)))];
  if (!todo.length || (!make && !myKey())) return;
  try {
    const key = await ensureKey();
    for (let i = 0; i < todo.length; i += 200) await call("POST", "/api/me/tie", { key, tokens: todo.slice(i, i + 200) });
    markTied(todo);
  } catch (e) {
    if (e.code === "unauthorized" && again) { localStorage.removeItem(KEY); localStorage.removeItem(TIED); return tie(tokens, make, false); }
    throw e;
  }
}

// /me#key=...: this device takes the key over (its own seats are tied to it too) and the fragment leaves the address.
async function adoptKey() {
  if (location.pathname !== "/me") return false;
  const key = new URLSearchParams(location.hash.slice(1)).get("key");
  history.replaceState(null, "", "/");
  if (!key || key.length > 200) return false;
  if (key !== myKey()) { localStorage.setItem(KEY, key); localStorage.removeItem(TIED); }
  return true;
}

// ------------------------------------------------------------------------------------------- lobby page

function toast(text, kind = "error") {
  const item = el("div", { class: `toast ${kind}`, role: "status" }, text);
  $("toast")?.append(item);
  setTimeout(() => item.remove(), 6000);
}

function lobby() { return window.hustingsLobby || { L: { games: [] } }; }
function games() { return lobby().L.games || []; }
function gameOf(id) { return games().find((g) => g.id === id); }
function variantName(gameId, v) {
  const g = gameOf(gameId);
  const i = g ? g.variants.indexOf(v) : -1;
  return i >= 0 && g.variant_names ? g.variant_names[i] : "";
}

function duration(s) {
  const n = Number(s) || 0;
  if (n >= 86400 && n % 3600 === 0) return t("web.open.dur_d", { n: +(n / 86400).toFixed(1) });
  if (n >= 3600) return t("web.open.dur_h", { n: +(n / 3600).toFixed(1) });
  if (n >= 60) return t("web.open.dur_min", { n: Math.round(n / 60) });
  return t("web.open.dur_s", { n: Math.round(n) });
}

function clockWords(c) {
  if (!c || c.mode === "none") return t("web.clock_none");
  if (c.mode === "bank") return t("web.open.clock_bank", { bank: duration(c.bank_s), inc: duration(c.increment_s) });
  return t("web.open.clock_turn", { turn: duration(c.turn_s) });
}

function myName() { return (localStorage.getItem("hustings.name") || "").trim(); }

function seatLink(table, seat, token) { return `/t/${encodeURIComponent(table)}#seat=${seat}&token=${token}`; }

// Go to a seat this browser now holds (its secret kept and tied first).
function become(res, game) {
  keepToken({ table: res.table.id, seat: res.seat, token: res.token, game });
  if (res.host) keepHost(res.table.id, res.host);
  location.href = seatLink(res.table.id, res.seat, res.token);
}

async function withKey() { try { return await ensureKey(); } catch { return null; } }

async function take(entry, button) {
  if (O.busy) return;
  O.busy = true; button.disabled = true;
  try {
    const key = await withKey();
    const body = { ready: true };
    if (myName()) body.name = myName();
    if (key) body.key = key;
    become(await call("POST", `/api/tables/${encodeURIComponent(entry.id)}/take`, body), entry.game);
  } catch (e) {
    toast(e.message); drawOpenList(); refreshOpen();
  } finally { O.busy = false; button.disabled = false; }
}

async function quick(button) {
  if (O.busy) return;
  O.busy = true; button.disabled = true;
  try {
    const key = await withKey();
    const body = { game: O.quickGame, ready: true };
    if (O.quickPlayers) body.players = Number(O.quickPlayers);
    if (myName()) body.name = myName();
    if (key) body.key = key;
    become(await call("POST", "/api/quick", body), O.quickGame);
  } catch (e) { toast(e.message); } finally { O.busy = false; button.disabled = false; }
}

function drawOpen() {
  const box = $("open");
  if (!box) return;
  const gs = games();
  if (!O.quickGame || !gameOf(O.quickGame)) O.quickGame = gs[0]?.id || null;
  const g = gameOf(O.quickGame);
  const counts = g ? g.players_by_variant[g.default_variant] || [] : [];
  if (O.quickPlayers && !counts.includes(Number(O.quickPlayers))) O.quickPlayers = "";
  const name = el("input", { id: "open-name", value: myName(), placeholder: t("web.your_name"), maxlength: 40,
    "aria-label": t("web.your_name"), onchange: (e) => localStorage.setItem("hustings.name", e.target.value.trim()) });
  const gameSel = el("select", { id: "quick-game", "aria-label": t("web.game"), onchange: (e) => { O.quickGame = e.target.value; drawOpen(); } },
    gs.map((x) => el("option", { value: x.id, selected: x.id === O.quickGame }, x.name)));
  const playersSel = el("select", { id: "quick-players", "aria-label": t("web.players"), onchange: (e) => { O.quickPlayers = e.target.value; } },
    el("option", { value: "" }, t("web.open.any_players")),
    counts.filter((n) => n > 1).map((n) => el("option", { value: n, selected: String(n) === O.quickPlayers }, t("web.open.players_n", { n }))));
  const quickBtn = el("button", { id: "quick-play", class: "primary", onclick: (e) => quick(e.currentTarget) }, t("web.open.quick"));
  const filter = el("select", { id: "open-filter", "aria-label": t("web.open.show"), onchange: (e) => { O.filter = e.target.value; O.open = []; refreshOpen(); } },
    el("option", { value: "" }, t("web.open.all_games")),
    gs.map((x) => el("option", { value: x.id, selected: x.id === O.filter }, x.name)));
  box.replaceChildren(
    el("h2", {}, t("web.open.title")),
    el("p", { class: "hint" }, t("web.open.hint")),
    el("div", { class: "open-quick" }, name, gameSel, playersSel, quickBtn),
    el("p", { class: "hint" }, t("web.open.quick_hint")),
    el("label", { class: "row open-filter" }, t("web.open.show"), " ", filter),
    el("ul", { id: "open-list", class: "open-list" }),
    el("p", { id: "open-empty", class: "hint", hidden: true }, t("web.open.empty")),
    el("button", { id: "open-more", hidden: true, onclick: () => refreshOpen(true) }, t("web.open.more")),
  );
  drawOpenList();
}

function drawOpenList() {
  const list = $("open-list");
  if (!list) return;
  const held = new Map(myTokens().map((x) => [x.table, x]));
  list.replaceChildren(...O.open.map((o) => {
    const mine = held.get(o.id);
    const variant = variantName(o.game, o.variant);
    const seats = o.seats.map((s) => el("span", { class: `chip seat ${s.joined ? "taken" : "free"}` },
      s.bot ? t("web.bot_seat", { level: O.words.bot(s.bot) }) : s.joined ? (s.name || t("seat", { n: s.seat + 1 })) : t("web.open.seat_free")));
    const rules = Object.keys(o.rules || {}).length
      ? el("span", { class: "chip rules", title: [t("web.open.house_rules_hint"), ...(o.rules_text || [])].join("\n") },
        t("web.open.house_rules")) : null;
    return el("li", { class: "open-table", "data-table": o.id, "data-game": o.game },
      el("div", { class: "ot-head" }, el("strong", {}, o.title), variant ? ` · ${variant}` : "", " ",
        el("span", { class: "ot-free" }, t("web.open.free", { free: o.free, players: o.players }))),
      o.name ? el("div", { class: "ot-name" }, o.name) : null,
      el("div", { class: "chips ot-seats" }, seats),
      el("div", { class: "chips ot-meta" },
        el("span", { class: "chip lang" }, t("web.open.lang", { lang: LANG_NAMES[o.lang] || o.lang })),
        el("span", { class: "chip clock" }, clockWords(o.clock)), rules,
        el("span", { class: "chip waiting" }, t("web.open.waiting", { time: duration(o.waiting_s) }))),
      mine ? el("a", { class: "button open-mine", href: seatLink(o.id, mine.seat, mine.token) }, t("web.open.yours"))
        : el("button", { class: "primary take", onclick: (e) => take(o, e.currentTarget) }, t("web.open.take")));
  }));
  $("open-empty").hidden = O.open.length > 0;
  $("open-more").hidden = !O.next;
}

async function refreshOpen(more = false) {
  if (!$("open")) return;
  const q = new URLSearchParams();
  if (O.filter) q.set("game", O.filter);
  if (more && O.next) q.set("cursor", O.next);
  try {
    const page = await call("GET", `/api/open?${q}`);
    O.open = more ? [...O.open, ...page.tables.filter((x) => !O.open.some((y) => y.id === x.id))] : page.tables;
    O.next = page.next;
    drawOpenList();
  } catch (e) { console.warn("open tables:", e.message); }
}

// ------------------------------------------------------------------------------------------- my tables

async function openMine(row, button) {
  button.disabled = true;
  try {
    const res = await call("POST", "/api/me/open", { key: myKey(), table: row.id, seat: row.seat });
    keepToken({ table: row.id, seat: res.seat, token: res.token, game: row.game });
    markTied([res.token]);
    location.href = seatLink(row.id, res.seat, res.token);
  } catch (e) { toast(e.message); button.disabled = false; }
}

async function rematch(row, tok) {
  try {
    const res = await call("POST", `/api/tables/${encodeURIComponent(row.id)}/rematch`, { token: tok.token });
    lobby().showCreated?.(res);
    drawMine();
  } catch (e) { toast(e.message); }
}

function drawMineList() {
  const box = $("mine");
  if (!box) return;
  const held = new Map(myTokens().map((x) => [`${x.table}:${x.seat}`, x]));
  const list = el("ul", { class: "my-tables" }, O.mine.map((r) => {
    const tok = held.get(`${r.id}:${r.seat}`);
    const label = t("web.me.table", { game: gameOf(r.game)?.name || r.game, seat: r.seats?.[r.seat]?.name || t("seat", { n: r.seat + 1 }) });
    const go = tok ? el("a", { class: "my-open", href: seatLink(r.id, r.seat, tok.token) }, label)
      : el("a", { class: "my-open", href: "#", onclick: (e) => { e.preventDefault(); openMine(r, e.currentTarget); } }, label);
    return el("li", { "data-table": r.id, "data-turn": r.my_turn ? "1" : "0" },
      go, r.name ? el("span", { class: "my-name" }, r.name) : null,
      r.my_turn ? el("span", { class: "my-turn" }, t("web.me.turn")) : null,
      el("span", { class: `status status-${r.status}` }, t(`web.status_${r.status}`)),
      r.status === "over" && tok ? el("button", { class: "rematch", onclick: () => rematch(r, tok) }, t("web.rematch")) : null);
  }));
  const key = myKey();
  const link = key ? inviteURL(`/me#key=${key}`) : null;
  const other = link ? el("details", { id: "other-device" }, el("summary", {}, t("web.me.other_device")),
    el("p", { class: "hint" }, t("web.me.other_hint")),
    el("div", { class: "row" }, el("input", { readonly: true, value: link, class: "link me-link", "aria-label": t("web.me.other_device"), onfocus: (e) => e.target.select() }),
      el("button", { class: "copy", onclick: () => navigator.clipboard?.writeText(link).then(() => toast(t("web.copied"), "info")) }, t("web.copy")))) : null;
  // (replaceChildren writes a null as text: only parts that are there)
  box.replaceChildren(...[el("h2", {}, t("web.my_tables")),
    O.mine.length ? list : el("p", { class: "hint" }, t("web.no_tables")),
    O.mineNext ? el("button", { id: "mine-more", onclick: () => refreshMine(true) }, t("web.open.more")) : null,
    other].filter(Boolean));
}

async function refreshMine(more = false) {
  const local = myTokens();
  if (local.length) { try { await tie(local.map((x) => x.token), true); } catch (e) { console.warn("tie:", e.message); } }
  const key = myKey();
  if (!key) { O.mine = []; O.mineNext = null; drawMineList(); return; }
  try {
    const body = { key };
    if (more && O.mineNext) body.cursor = O.mineNext;
    const page = await call("POST", "/api/me", body);
    O.mine = more ? [...O.mine, ...page.tables] : page.tables;
    O.mineNext = page.next;
    keepMine();
  } catch (e) {
    if (e.code === "unauthorized") { localStorage.removeItem(KEY); localStorage.removeItem(TIED); }
    console.warn("my tables:", e.message);
  }
  drawMineList();
}

// The person's public tables that wait for players stay listed while this lobby is open too (each kept at most
// every 40 s; the server lists a table for 120 s after each keep).
const kept = new Map();
function keepMine() {
  const held = new Map(myTokens().map((x) => [`${x.table}:${x.seat}`, x]));
  for (const r of O.mine) {
    const tok = held.get(`${r.id}:${r.seat}`);
    if (!r.public || r.status !== "lobby" || !tok || Date.now() - (kept.get(r.id) || 0) < 40000) continue;
    kept.set(r.id, Date.now());
    call("POST", `/api/tables/${encodeURIComponent(r.id)}/keep`, { token: tok.token }).catch((e) => console.warn("keep:", e.message));
  }
}

// lobby.js calls this wherever it drew its own list (after every load, a language switch, a create)
async function drawMine() {
  const lang = chosenLang();
  if (lang !== O.lang || !O.words) { O.lang = lang; O.words = await Words.load(lang); }
  drawOpen();
  drawMineList();
  await Promise.all([refreshOpen(), refreshMine()]);
  if (!O.pollOpen) {
    // refreshed while the page is looked at: waiting tables come and go, turns change
    O.pollOpen = setInterval(() => { if (!document.hidden && !O.busy) refreshOpen(); }, 5000);
    O.pollMine = setInterval(() => { if (!document.hidden) refreshMine(); }, 15000);
  }
}

// The create form's "public" choice (lobby.js puts it in its form and the body)
function formExtras(form) {
  return el("label", { class: "row public-choice" }, el("input", { id: "public", type: "checkbox", checked: !!form.public,
    onchange: (e) => { form.public = e.target.checked; } }), " ", (lobby().L.words || O.words)?.t("web.open.public") ?? ""); // drawn before drawMine: the lobby's words
}

// ------------------------------------------------------------------------------------------- table page

// A public table waiting for players stays listed while a page of one of its people is open: kept every 40 s
// (the server lists it for Limits.open_keep_s, 120 s, after each); the page says it is public.
function tablePage() {
  const frag = new URLSearchParams(location.hash.slice(1));
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
  let words = null;
  let lastKeep = 0;
  setInterval(async () => {
    const S = window.hustingsTable;
    const info = S && S.table;
    if (!info || !info.public || info.status !== "lobby") { $("public-note")?.remove(); return; }
    const box = $("lobby");
    if (box && !box.hidden && !$("public-note") && S.words) {
      words = S.words;
      box.append(el("p", { id: "public-note", class: "hint" }, words.t("web.open.public_note")));
    } else if (S.words && words !== S.words && $("public-note")) {
      words = S.words; $("public-note").textContent = words.t("web.open.public_note");
    }
    const secret = frag.get("token") || hostSecret(tableId);
    if (secret && Date.now() - lastKeep > 40000) {
      lastKeep = Date.now();
      try { await call("POST", `/api/tables/${encodeURIComponent(tableId)}/keep`, { token: secret }); } catch (e) { console.warn("keep:", e.message); }
    }
  }, 1000);
}

async function lobbyPage() {
  if (await adoptKey()) {
    O.lang = chosenLang(); O.words = await Words.load(O.lang);
    toast(t("web.me.adopted"), "info");
  }
}

window.hustingsOpen = { tie, drawMine, formExtras, myKey };
if (document.body.classList.contains("lobby-page")) lobbyPage();
else if (document.body.classList.contains("table-page")) tablePage();
