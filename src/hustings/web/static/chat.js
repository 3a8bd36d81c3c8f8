// The table's chat (issue 25, point 2; docs/web.md "Chat"): the seated players write, everyone at the table reads
// (spectators only read). Lines are plain text: every word goes into the page with textContent (common.js's el),
// never as HTML. Quick phrases travel as keys and are worded here in this page's language, so a table of several
// languages reads each phrase in its own. Muting a seat is this browser's own (localStorage), never the server's.
// table.js hands every server message over as a "hustings:message" window event and lends window.hustingsPage
// (send, words, seat names); nothing else of the page is touched.

import { el } from "./common.js";

// the chat's stylesheet, once
if (!document.querySelector('link[href="/static/chat.css"]')) {
  document.head.append(el("link", { rel: "stylesheet", href: "/static/chat.css" }));
}

const C = {
  lines: new Map(), // n -> line as the server sent it (a reconnection's history repeats some: each n once)
  canPost: false, maxChars: 300, phrases: [], ready: false, unread: 0, lastSent: null, seen: true,
};
const page = () => window.hustingsPage;
const t = (k, f) => page().t(k, f);
const $ = (id) => document.getElementById(id);

// -------------------------------------------------------------------------------- muting (this browser only)

const muteKey = () => `hustings.mute.${page().tableId}`;
function muted() {
  try {
    const v = JSON.parse(localStorage.getItem(muteKey()) || "[]");
    return new Set(Array.isArray(v) ? v.filter((x) => Number.isInteger(x)) : []);
  } catch { return new Set(); }
}
function toggleMute(seat) {
  const m = muted();
  if (m.has(seat)) m.delete(seat); else m.add(seat);
  localStorage.setItem(muteKey(), JSON.stringify([...m]));
  draw();
}

// -------------------------------------------------------------------------------- what a line says

// A phrase in this page's language (its key is what travels); the server's own wording of it if the page lacks it.
function lineText(line) {
  if (line.phrase) {
    const key = `chat.phrase.${line.phrase}`;
    const words = window.hustingsTable?.words;
    return words?.has(key) ? t(key) : line.text;
  }
  return line.text;
}

function timeOf(at) {
  try {
    return new Date(at * 1000).toLocaleTimeString(page().lang(), { hour: "2-digit", minute: "2-digit" });
  } catch { return ""; }
}

function mySeat() { return window.hustingsTable?.seat ?? null; }

// The people of the table other than this page's seat (bots never write)
function others() {
  const seats = window.hustingsTable?.table?.seats || [];
  return seats.filter((s) => !s.bot && s.seat !== mySeat());
}

// -------------------------------------------------------------------------------- drawing

function drawLines(list) {
  const mute = muted();
  const lines = [...C.lines.values()].sort((a, b) => a.n - b.n);
  const shown = lines.filter((l) => !mute.has(l.seat));
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  const items = shown.map((l) => el("li", {
    class: `chat-line${l.phrase ? " phrase" : ""}${l.seat === mySeat() ? " mine" : ""}`,
    "data-seat": l.seat, "data-n": l.n, "data-phrase": l.phrase,
  }, el("span", { class: "chat-who" }, page().seatName(l.seat)), " ",
  el("span", { class: "chat-text" }, lineText(l)), " ", el("time", { class: "chat-at" }, timeOf(l.at))));
  if (!items.length) items.push(el("li", { class: "hint chat-none" }, t("web.chat.none")));
  list.replaceChildren(...items);
  if (atBottom || C.stick) list.scrollTop = list.scrollHeight;
  C.stick = false;
  const hidden = lines.length - shown.length;
  return hidden ? el("p", { id: "chat-hidden", class: "hint" }, t("web.chat.muted_hidden", { n: hidden })) : null;
}

function send(body) {
  if (!page().send({ type: "chat", ...body })) { page().toast(t("web.chat.offline")); return false; }
  C.stick = true;
  return true;
}

function draw() {
  const box = $("chat");
  if (!box || !C.ready || !window.hustingsTable?.words) return;
  box.hidden = false;
  const list = box.querySelector("#chat-list") || el("ol", { id: "chat-list", "aria-live": "polite" });
  const hiddenNote = drawLines(list);
  const parts = [el("h3", { id: "chat-title" }, t("web.chat.title")), list, hiddenNote];
  if (C.canPost) {
    const typed = $("chat-input")?.value ?? "";
    const input = el("input", {
      id: "chat-input", type: "text", maxlength: C.maxChars, value: typed, autocomplete: "off",
      enterkeyhint: "send", placeholder: t("web.chat.placeholder"), "aria-label": t("web.chat.placeholder"),
    });
    const form = el("form", { id: "chat-form", class: "row", onsubmit: (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if ([...text].length > C.maxChars) { page().toast(t("web.chat.too_long", { limit: C.maxChars })); return; }
      if (send({ text })) { C.lastSent = input.value; input.value = ""; }
    } }, input, el("button", { id: "chat-send", type: "submit", class: "primary" }, t("web.chat.send")));
    const phrases = el("details", { id: "chat-phrases", open: C.phrasesOpen || undefined,
      ontoggle: (e) => { C.phrasesOpen = e.target.open; } },
    el("summary", {}, t("web.chat.phrases")),
    el("div", { class: "chat-phrase-list" }, C.phrases.map((key) => el("button", {
      type: "button", class: "chat-phrase", "data-phrase": key, onclick: () => send({ phrase: key }),
    }, lineText({ phrase: key, text: key })))));
    parts.push(form, phrases);
  } else {
    parts.push(el("p", { id: "chat-readonly", class: "hint" }, t("web.chat.spectator")));
  }
  const people = others();
  if (people.length) {
    const mute = muted();
    parts.push(el("details", { id: "chat-mute", open: C.muteOpen || undefined,
      ontoggle: (e) => { C.muteOpen = e.target.open; } },
    el("summary", {}, t("web.chat.mute")),
    el("div", { class: "chat-mute-list" }, people.map((s) => {
      const name = page().seatName(s.seat);
      const on = mute.has(s.seat);
      return el("button", { type: "button", class: `chat-mute${on ? " on" : ""}`, "data-seat": s.seat,
        "aria-pressed": String(on), onclick: () => toggleMute(s.seat) },
      t(on ? "web.chat.unmute_seat" : "web.chat.mute_seat", { name }));
    }))));
  }
  const focused = document.activeElement?.id === "chat-input";
  box.replaceChildren(...parts.filter((x) => x !== null));
  if (focused) $("chat-input")?.focus();
  drawBadge();
}

// A button in the bar that takes a phone's reader to the chat, with the count of lines they have not seen yet.
function drawBadge() {
  let b = $("chat-open");
  if (!b) {
    const bar = $("bar");
    if (!bar) return;
    b = el("button", { id: "chat-open", type: "button", onclick: () => {
      $("chat")?.scrollIntoView({ behavior: "smooth", block: "start" });
      C.unread = 0;
      drawBadge();
      $("chat-input")?.focus({ preventScroll: true });
    } });
    bar.insertBefore(b, $("rules-open"));
  }
  b.textContent = C.unread ? t("web.chat.open_unread", { n: C.unread }) : t("web.chat.title");
  b.dataset.unread = String(C.unread);
}

// -------------------------------------------------------------------------------- the server's messages

function onChat(msg) {
  if (msg.history) {
    C.ready = true;
    C.canPost = !!msg.can_post;
    C.maxChars = msg.max_chars || C.maxChars;
    C.phrases = Array.isArray(msg.phrases) ? msg.phrases : [];
  }
  const mute = muted();
  for (const line of msg.lines || []) {
    if (C.lines.has(line.n)) continue;
    C.lines.set(line.n, line);
    if (line.seat === mySeat()) C.lastSent = null; // this page's line arrived: nothing to give back
    if (!msg.history && !C.seen && line.seat !== mySeat() && !mute.has(line.seat)) C.unread += 1;
  }
  draw();
}

window.addEventListener("hustings:message", (e) => {
  const msg = e.detail || {};
  if (msg.type === "chat") onChat(msg);
  else if (msg.type === "state" || msg.type === "table") draw(); // a language switch, a name changed
  else if (msg.type === "error" && String(msg.code || "").startsWith("chat_") && C.lastSent !== null) {
    const input = $("chat-input");
    if (input && !input.value) input.value = C.lastSent; // refused: what was typed is not lost
    C.lastSent = null;
  }
});

// Lines are "seen" while the panel is on screen; otherwise they count on the bar's button.
const watcher = new IntersectionObserver((entries) => {
  for (const en of entries) C.seen = en.isIntersecting;
  if (C.seen && C.unread) { C.unread = 0; drawBadge(); }
});
const panel = $("chat");
if (panel) watcher.observe(panel);

window.hustingsChat = C; // for tests and debugging: the lines this page was sent
