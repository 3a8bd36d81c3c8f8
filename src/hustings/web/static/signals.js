// Turn signals, stand-ins made visible and "since your last turn" on the table page (issue 25 points 3 and 6,
// issue 24 point 2). table.js calls three hooks: setup() once, afterDraw() after each drawing, markEvent() per log
// line. Everything here comes from what the server sent this seat: its legal actions (is it my turn?), each
// event's `stand_in` (a stand-in bot made that move for that person's seat) and the seat's `last_turn` (the step
// after its person last moved themselves).

import { el } from "./common.js";

const SOUND = "hustings.sound";           // "1": a short beep when it becomes my turn (off unless turned on)
const ASKED = "hustings.notify_asked";    // the browser's notification permission was asked for once: never again
const MAX_LINES = 5;                      // lines of a list in the panel; the rest are counted and marked in the log

const G = { mine: null, audio: null, dismissed: null, actionsSeen: true, beeps: 0, notified: 0, drawnLang: null };
const $ = (id) => document.getElementById(id);

function stored(key) { try { return localStorage.getItem(key); } catch { return null; } }
function store(key, value) { try { localStorage.setItem(key, value); } catch { /* private mode: kept for this page */ } }

const STYLE = `
#signals { display: flex; gap: .4em; flex-wrap: wrap; }
#signals button { min-height: 44px; min-width: 44px; padding: .3em .7em; font-size: .9em; }
#signals button[aria-pressed="true"] { border-color: var(--ok); color: var(--ok); }
#since { margin: .8em .8em 0; background: #f3efff; border: 1px solid #b9a8e8; border-left: 5px solid #6a4fc4;
  border-radius: 8px; padding: .55em .75em; }
#since .head { display: flex; align-items: center; justify-content: space-between; gap: .5em; }
#since h3 { margin: 0; } #since ul { margin: .15em 0 .4em; padding-left: 1.2em; } #since li { overflow-wrap: anywhere; }
#since .played { background: #fff4cc; border-radius: 6px; padding: .3em .5em; margin-bottom: .4em; }
#since button { min-height: 44px; }
#log-list li.since { background: #f3efff; box-shadow: inset 3px 0 0 #6a4fc4; }
.stand-in { display: inline-block; font-style: normal; font-size: .8em; padding: 0 .4em; margin-right: .3em;
  border-radius: 4px; background: #fff0d6; border: 1px dashed #b36b00; color: #7a4800; }
#turn-bar { position: fixed; left: 0; right: 0; bottom: 0; z-index: 15; padding: .5em .8em calc(.5em + env(safe-area-inset-bottom));
  background: var(--ok); box-shadow: 0 -2px 8px #0003; }
#turn-bar button { width: 100%; min-height: 48px; font-weight: 600; background: #fff; color: var(--ok); border-color: #fff; }
body.turn-bar-shown { padding-bottom: 4.5em; }
.bd-since { filter: drop-shadow(0 0 1.5px #6a4fc4) drop-shadow(0 0 3px #6a4fc4); }
`;

// ------------------------------------------------------------------------------------------- setup

export function setup() {
  document.head.append(el("style", { id: "signals-style" }, STYLE));
  $("status")?.append(el("span", { id: "signals" }));
  $("layout")?.before(el("section", { id: "since", hidden: true, "aria-live": "polite" }));
  document.body.append(el("div", { id: "turn-bar", hidden: true }));
  const actions = $("actions");
  if (actions && "IntersectionObserver" in window) {
    // the phone's bar shows only while the decision is off screen
    new IntersectionObserver((entries) => {
      for (const e of entries) G.actionsSeen = e.isIntersecting;
      drawBar(G.lastMine);
    }).observe(actions);
  }
  window.hustingsSignals = G; // for tests: beeps and notifications counted
}

// ------------------------------------------------------------------------------------------- after each drawing

// S: the page's state (table.js); t: words; who(seat): a seat's name as the page shows it
export function afterDraw(S, t, who) {
  const m = S.model;
  if (!m) return;
  const mine = !!(m.legal || []).length && !m.over && !S.gone && S.seat !== null;
  const title = S.meta?.title || S.table?.game || "hustings";
  document.title = mine ? t("web.signals.title_turn", { title }) : `${title} · hustings`;
  favicon(mine);
  if (G.mine === false && mine) turnBegan(S, t, title); // not on the first drawing: opening a page is no news
  G.mine = mine;
  G.lastMine = mine;
  G.t = t;
  if (S.seat !== null) drawControls(t);
  else $("signals")?.replaceChildren(); // a spectator has no turn to be told of
  drawSince(S, t, who, mine);
  drawBar(mine);
}

function turnBegan(S, t, title) {
  G.dismissed = null;
  if (stored(SOUND) === "1") beep();
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    try {
      const n = new Notification(t("web.signals.title_turn", { title }), {
        body: t("web.signals.note_body", { game: title }), tag: `hustings-turn-${S.table?.id || ""}`, lang: S.lang,
      });
      n.onclick = () => { window.focus(); n.close(); };
      G.notified++;
    } catch (e) { console.warn(e); } // a browser that allows notifications only from a service worker
  }
}

// The tab's icon: an orange square with a "play" mark on my turn, a grey one with a dot otherwise (inline SVG)
function favicon(mine) {
  let link = document.querySelector('link[rel="icon"]');
  if (!link) { link = el("link", { rel: "icon" }); document.head.append(link); }
  if (link.dataset.turn === (mine ? "1" : "0")) return;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${mine ? "#d55e00" : "#6a6f76"}"/>${
    mine ? '<path d="M11 7l15 9-15 9z" fill="#fff"/>' : '<circle cx="16" cy="16" r="5" fill="#fff"/>'}</svg>`;
  link.href = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  link.dataset.turn = mine ? "1" : "0";
}

function beep() {
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return;
  try {
    G.audio = G.audio || new AC();
    const a = G.audio;
    const osc = a.createOscillator();
    const gain = a.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.0001, a.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.15, a.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, a.currentTime + 0.3);
    osc.connect(gain).connect(a.destination);
    osc.start();
    osc.stop(a.currentTime + 0.32);
    G.beeps++;
  } catch (e) { console.warn(e); }
}

// The sound toggle (kept in this browser) and, while the browser has never been asked, the one button that asks
// for notifications: the question comes from a click, once; refused or granted, the button is gone for good.
function drawControls(t) {
  const box = $("signals");
  if (!box) return;
  const on = stored(SOUND) === "1";
  const canAsk = "Notification" in window && Notification.permission === "default" && stored(ASKED) !== "1";
  const key = `${t("web.signals.sound")}|${on}|${canAsk}`;
  if (G.drawnLang === key) return;
  G.drawnLang = key;
  box.replaceChildren(...[
    el("button", { id: "sound", type: "button", "aria-pressed": String(on), title: t("web.signals.sound_hint"), onclick: () => {
      const now = stored(SOUND) !== "1";
      store(SOUND, now ? "1" : "0");
      if (now) beep(); // this click is the gesture the browser wants before a page may make a sound
      drawControls(G.t);
    } }, `♪ ${on ? t("web.signals.sound_on") : t("web.signals.sound_off")}`),
    canAsk ? el("button", { id: "notify", type: "button", title: t("web.signals.notify_hint"), onclick: () => {
      store(ASKED, "1");
      Promise.resolve(Notification.requestPermission()).catch(() => null).then(() => { G.drawnLang = null; drawControls(G.t); });
    } }, t("web.signals.notify")) : null,
  ].filter((x) => x !== null));
}

// On a phone, while it is my turn and the decision is off screen: a bar at the bottom that takes me there.
function drawBar(mine) {
  const bar = $("turn-bar");
  if (!bar || !G.t) return;
  const narrow = window.matchMedia("(max-width: 899px)").matches;
  // the docked decision (phone.js) is on screen already: the bar is for a page without it
  const show = !!mine && narrow && !G.actionsSeen && !document.body.classList.contains("docked");
  bar.hidden = !show;
  document.body.classList.toggle("turn-bar-shown", show);
  if (!show) return;
  const label = G.t("web.signals.bar");
  if (bar.textContent === label) return;
  bar.replaceChildren(el("button", { id: "turn-bar-go", type: "button", onclick: () => {
    const actions = $("actions");
    actions?.scrollIntoView({ block: "start", behavior: "smooth" });
    actions?.querySelector("button:not(:disabled), input, select")?.focus({ preventScroll: true });
  } }, label));
}

// ------------------------------------------------------------------------------------------- since my last turn

function sinceOf(S) {
  const m = S.model;
  if (!m || S.seat === null || m.over) return null;
  const last = m.last_turn ?? 0; // not moved yet: everything since the deal
  const events = S.events.filter((e) => e.step > last);
  const forMe = events.filter((e) => e.stand_in === S.seat);
  return { last, events, forMe, others: events.filter((e) => e.stand_in !== S.seat) };
}

// The panel: what a stand-in played for me ("while you were away"), then what happened since my last turn. Shown on
// my turn, or whenever a stand-in has played for me since; "Got it" hides it until I move again.
function drawSince(S, t, who, mine) {
  const box = $("since");
  if (!box) return;
  const since = sinceOf(S);
  const away = since && since.forMe.length > 0;
  // a renderer that summarises what changed on its own board (選舉之戰) is not repeated here, only the stand-in's part
  const others = since && !S.renderer?.ownSince ? since.others.filter((e) => e.text) : [];
  const show = !!since && G.dismissed !== since.last && (away || (mine && others.length > 0));
  box.hidden = !show;
  box.dataset.away = away ? "1" : "0";
  if (!show) return;
  const lines = (list) => {
    const shown = list.slice(-MAX_LINES);
    return [el("ul", {}, shown.map((e) => el("li", { "data-step": e.step }, e.text || e.type))),
      list.length > shown.length ? el("p", { class: "hint" }, t("web.signals.more", { n: list.length - shown.length })) : null];
  };
  const moves = away ? new Set(since.forMe.map((e) => e.step)).size : 0;
  box.replaceChildren(...[
    el("div", { class: "head" }, el("h3", {}, away ? t("web.signals.away_title") : t("web.signals.since_title")),
      el("button", { id: "since-ok", type: "button", onclick: () => { G.dismissed = since.last; box.hidden = true; } }, t("web.signals.got_it"))),
    away ? el("div", { class: "played" }, el("p", {}, t("web.signals.played_for_you", { n: moves })), ...lines(since.forMe)) : null,
    others.length && !S.renderer?.ownSince ? el("p", {}, t("web.signals.since_count", { n: others.length })) : null,
    ...(others.length ? lines(others) : []),
  ].filter((x) => x !== null));
}

// ------------------------------------------------------------------------------------------- the log

// One log line: a stand-in's move says whose seat it played (in the reader's language); what happened since my
// last turn is highlighted.
export function markEvent(S, e, li, t, who) {
  if (e.stand_in !== undefined && e.stand_in !== null) {
    li.classList.add("by-stand-in");
    li.dataset.standIn = String(e.stand_in);
    if (!e.n) { // once per move: on the first of its events this seat was sent
      const words = e.stand_in === S.seat ? t("web.signals.stand_in_you") : t("web.signals.stand_in", { who: who(e.stand_in) });
      li.querySelector(".ev-text")?.before(el("span", { class: "stand-in" }, words), " ");
    }
  }
  if (isSince(S, e)) li.classList.add("since");
}

// Whether a log line happened since my last turn (eventlog.js asks again for old lines when my last turn moves)
export function isSince(S, e) {
  const m = S.model;
  return S.seat !== null && !!m && !m.over && e.step > (m.last_turn ?? 0) && e.step > 0;
}
