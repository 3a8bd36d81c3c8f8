// The lobby: create a table, share its invite links, spectate, my tables (tokens kept in this browser), rematch.

import { tutorialChoice } from "./teach.js";
import { Words, chosenLang, saveLang, getJSON, postJSON, keepToken, keepHost, myTokens, el, langSelect, inviteURL } from "./common.js";
import { dayClockOptions, dayClock } from "./days.js";
import { houseForm, rulesBody } from "./house.js";

const L = { lang: chosenLang(), words: null, games: [], form: { game: null, variant: null, players: null, seats: [] } };
const $ = (id) => document.getElementById(id);
const t = (k, f) => L.words.t(k, f);

function toast(text) {
  const item = el("div", { class: "toast error", role: "status" }, text);
  $("toast").append(item);
  setTimeout(() => item.remove(), 6000);
}

function game() { return L.games.find((g) => g.id === L.form.game) || L.games[0]; }

function playerCounts(g) {
  const [lo, hi] = g.players;
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

// the levels that play this many seats (a learned network plays the counts it was trained for only)
function botsFor(g, players) {
  const only = g.bot_players || {};
  return g.bots.filter((b) => !only[b] || only[b].includes(players));
}

function drawCreate() {
  const g = game();
  const f = L.form;
  if (!f.variant || !g.variants.includes(f.variant)) f.variant = g.default_variant || g.variants[0];
  const counts = playerCounts(g);
  if (!counts.includes(f.players)) f.players = counts[0];
  const bots = botsFor(g, f.players);
  while (f.seats.length < f.players) f.seats.push(f.seats.length === 0 ? null : (bots.includes("heuristic") ? "heuristic" : bots[0] || null));
  f.seats.length = f.players;
  // a level the new count does not offer falls back to the default bot
  f.seats = f.seats.map((b) => (b && !bots.includes(b) ? (bots.includes("heuristic") ? "heuristic" : bots[0] || null) : b));
  const select = (id, values, current, names, on) => el("select", { id, onchange: (e) => on(e.target.value) },
    values.map((v, i) => el("option", { value: v, selected: v === current }, names ? names[i] : String(v))));
  const seatRows = f.seats.map((bot, i) => el("div", { class: "seat-row" }, el("label", { for: `seat-${i}` }, t("seat", { n: i + 1 })),
    select(`seat-${i}`, ["", ...bots], bot || "", [t("web.human"), ...bots.map((b) => t("web.bot_seat", { level: L.words.bot(b) }))],
      (v) => { f.seats[i] = v || null; })));
  const clockMode = el("select", { id: "clock-mode", onchange: () => { bankRow.hidden = clockMode.value !== "bank"; turnRow.hidden = clockMode.value !== "turn"; } },
    ["none", "bank", "turn"].map((m) => el("option", { value: m }, t(`web.clock_${m}`))), dayClockOptions(t));
  const bankRow = el("div", { class: "row", hidden: true },
    el("label", {}, t("web.bank_minutes"), el("input", { id: "bank-min", type: "number", min: 1, max: 600, value: 30 })),
    el("label", {}, t("web.increment_s"), el("input", { id: "incr-s", type: "number", min: 0, max: 600, value: 10 })));
  const turnRow = el("div", { class: "row", hidden: true },
    el("label", {}, t("web.turn_s"), el("input", { id: "turn-s", type: "number", min: 5, max: 3600, value: 60 })));
  const name = el("input", { id: "table-name", maxlength: 60, placeholder: t("web.table_name") });
  // the creator sits at the first person's seat unless they only set the table up for others
  const sit = el("label", { class: "row" }, el("input", { id: "sit", type: "checkbox", checked: f.sit !== false,
    onchange: (e) => { f.sit = e.target.checked; } }), " ", t("web.sit_myself"));
  $("create").replaceChildren(
    el("h2", {}, t("web.create_table")),
    el("div", { class: "form" },
      el("label", { for: "game" }, t("web.game")),
      select("game", L.games.map((x) => x.id), g.id, L.games.map((x) => x.name), (v) => { f.game = v; f.seats = []; f.rules = {}; drawCreate(); }),
      el("label", { for: "variant" }, t("web.variant")),
      select("variant", g.variants, f.variant, g.variant_names, (v) => { f.variant = v; drawCreate(); }),
      el("label", { for: "players" }, t("web.players")),
      select("players", counts, f.players, null, (v) => { f.players = Number(v); drawCreate(); }),
    ),
    el("div", { class: "seats-form" }, seatRows),
    el("div", { class: "form" }, el("label", { for: "clock-mode" }, t("web.clock")), clockMode), bankRow, turnRow,
    el("div", { class: "form" }, el("label", { for: "table-name" }, t("web.table_name")), name),
    sit, tutorialChoice(f, t),
    houseForm(f, g, t), // house.js: the game's settings a table may change
    window.hustingsOpen?.formExtras(f) ?? null, // open.js: a public table
    el("button", { id: "create-btn", class: "primary", onclick: () => create() }, t("web.create")),
  );
}

function clockSettings() {
  const mode = $("clock-mode").value;
  const days = dayClock(mode); // a clock of hours or days a move (days.js)
  if (days) return days;
  if (mode === "bank") return { mode, bank_s: Number($("bank-min").value) * 60, increment_s: Number($("incr-s").value) };
  if (mode === "turn") return { mode, turn_s: Number($("turn-s").value) };
  return { mode: "none" };
}

async function create() {
  const f = L.form;
  const body = { game: game().id, variant: f.variant, players: f.players, seats: f.seats.map((bot) => ({ bot })),
    clock: clockSettings(), lang: L.lang };
  if (f.public) body.public = true;
  const nm = $("table-name").value.trim();
  if (nm) body.name = nm;
  if (f.tutorial) body.tutorial = true;
  const rules = rulesBody(f);
  if (rules) body.rules = rules;
  const first = f.seats.findIndex((bot) => !bot);
  if (f.sit !== false && first >= 0) {
    const me = (localStorage.getItem("hustings.name") || "").trim();
    body.claim = me ? { seat: first, name: me } : first;
  }
  try {
    const res = await postJSON("/api/tables", body);
    showCreated(res);
    drawMine();
  } catch (e) { toast(e.message); }
}

// What create (or a rematch) answered: the host secret and my own seat's secret are kept in this browser; each
// other person's seat shows its invite link to pass on (it claims that seat once; nobody else's secret is here).
function showCreated(res) {
  const info = res.table;
  if (res.host) keepHost(info.id, res.host);
  if (res.you) keepToken({ table: info.id, seat: res.you.seat, token: res.you.token, game: info.game });
  const copy = (url) => el("button", { class: "copy", onclick: () => navigator.clipboard?.writeText(url).then(() => toast(t("web.copied"))) }, t("web.copy"));
  const mine = res.you ? [el("li", { class: "invite mine", "data-seat": res.you.seat },
    el("span", {}, `${t("web.your_seat")}: ${t("seat", { n: res.you.seat + 1 })}`), " ",
    el("a", { href: inviteURL(res.you.link), target: "_blank", class: "invite-link" }, t("web.open_your_seat")))] : [];
  const links = res.seats.map((s) => {
    const url = inviteURL(s.invite);
    return el("li", { class: "invite", "data-seat": s.seat },
      el("span", {}, t("seat", { n: s.seat + 1 })), " ",
      el("input", { readonly: true, value: url, class: "link share-link", onfocus: (e) => e.target.select() }),
      copy(url));
  });
  const spect = inviteURL(res.spectate);
  $("created").hidden = false;
  $("created").replaceChildren(
    el("h2", {}, t("web.invites")),
    links.length ? el("p", { class: "hint" }, t("web.invites_hint")) : null,
    el("ul", { class: "invites" }, mine, links),
    res.host ? el("p", { class: "hint" }, t("web.host_kept")) : null,
    el("p", {}, t("web.spectate_link"), " ", el("a", { href: spect, class: "spectate-link" }, spect)),
  );
}

async function drawMine() {
  if (window.hustingsOpen) return window.hustingsOpen.drawMine(); // open.js: my tables by personal key, and open tables
  const tokens = myTokens();
  const box = $("mine");
  box.replaceChildren(el("h2", {}, t("web.my_tables")));
  if (!tokens.length) { box.append(el("p", { class: "hint" }, t("web.no_tables"))); return; }
  let rows = [];
  try { rows = await postJSON("/api/my", { tokens: tokens.map((x) => x.token) }); } catch (e) { box.append(el("p", {}, e.message)); return; }
  const byTable = new Map(tokens.map((x) => [`${x.table}:${x.seat}`, x]));
  box.append(el("ul", { class: "my-tables" }, rows.map((r) => {
    const seat = r.seat?.seat ?? r.seat;
    const tok = byTable.get(`${r.id}:${seat}`);
    const href = tok ? `/t/${r.id}#seat=${seat}&token=${tok.token}` : `/t/${r.id}`;
    return el("li", { "data-table": r.id },
      el("a", { href }, `${L.games.find((g) => g.id === r.game)?.name || r.game} · ${t("seat", { n: seat + 1 })}`), " ",
      el("span", { class: `status status-${r.status}` }, t(`web.status_${r.status}`)), " ",
      r.status === "over" && tok ? el("button", { class: "rematch", onclick: async () => {
        try { showCreated(await postJSON(`/api/tables/${r.id}/rematch`, { token: tok.token })); drawMine(); } catch (e) { toast(e.message); }
      } }, t("web.rematch")) : null,
      // a finished game stepped through from this seat (static/replay.js)
      r.status === "over" ? el("a", { class: "replay-link", href: `/r/${r.id}?seat=${seat}` }, t("web.replay.watch")) : null);
  })));
}

function drawSpectate() {
  const input = el("input", { id: "spectate-id", placeholder: t("web.table_id") });
  $("spectate").replaceChildren(el("h2", {}, t("web.spectate")), el("div", { class: "row" }, input,
    el("button", { onclick: () => {
      const v = input.value.trim();
      const id = v.includes("/t/") ? v.split("/t/")[1].split(/[#?/]/)[0] : v;
      if (id) location.href = `/t/${encodeURIComponent(id)}`;
    } }, t("web.watch"))));
}

// Loads the lobby in L.lang; a load overtaken by a later one (the language changed again meanwhile) draws nothing.
async function load() {
  const lang = L.lang;
  const mine = (L.loads = (L.loads || 0) + 1);
  const words = await Words.load(lang);
  const games = await getJSON(`/api/games?lang=${lang}`);
  // variant names come from each game's catalog (variant.<name>)
  await Promise.all(games.map(async (g) => {
    const meta = await getJSON(`/web/games/${encodeURIComponent(g.id)}.json?lang=${lang}`);
    g.variant_names = g.variants.map((v) => meta.catalog[`variant.${v}`] || v);
    if (!g.name) g.name = meta.title;
  }));
  if (mine !== L.loads) return;
  L.words = words;
  L.games = games;
  if (!L.form.game) L.form.game = L.games[0]?.id;
  document.documentElement.lang = L.lang;
  $("lang-slot").replaceChildren(langSelect(L.lang, (v) => { L.lang = v; saveLang(v); load(); }));
  $("brand").textContent = t("web.brand");
  drawCreate();
  drawMine();
  drawSpectate();
  document.documentElement.dataset.loads = String(mine); // how many loads have drawn (a test waits on a redraw)
}

window.hustingsLobby = { L, showCreated }; // for open.js (its list offers the rematch, and names games and variants)
load().catch((e) => toast(String(e.message || e)));
