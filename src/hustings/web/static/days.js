// Turn-based play over days (issue 25, point 4): the lobby's clocks of hours or days a move, and on the table page
// of such a table the seat's turn notices (an e-mail address, Web Push on this device). Everything here talks to
// the server with the seat's own secret; the address is shown to nobody else.

import { Words, chosenLang, getJSON, postJSON, el, myTokens } from "./common.js";

// the lobby's presets: seconds a move (a turn clock); docs/server.md "Turn-based play over days"
export const DAY_CLOCKS = [3600, 86400, 3 * 86400];

export function dayClockOptions(t) {
  return DAY_CLOCKS.map((s) => el("option", { value: `days:${s}` }, t(`web.days.clock_${s}`)));
}

// the create form's clock: {mode: "turn", turn_s} for a preset, else null (the lobby's own modes)
export function dayClock(value) {
  const m = /^days:(\d+)$/.exec(value || "");
  return m ? { mode: "turn", turn_s: Number(m[1]) } : null;
}

const DAYS_S = 3600; // a clock of at least an hour a move: a table of days (ClockSettings.over_days)

function overDays(clock) {
  if (!clock) return false;
  return (clock.mode === "turn" && clock.turn_s >= DAYS_S) || (clock.mode === "bank" && clock.bank_s >= DAYS_S);
}

function b64(buffer) {
  return btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function keyBytes(text) {
  const raw = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function mountNotices() {
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
  const frag = new URLSearchParams(location.hash.slice(1));
  const token = frag.get("token") || (myTokens().find((e) => e.table === tableId) || {}).token;
  if (!tableId || !token) return; // a spectator: nothing to be told
  let info;
  try { info = await getJSON(`/api/tables/${encodeURIComponent(tableId)}`); } catch { return; }
  if (!overDays(info.clock) || info.status === "over") return;
  const lang = chosenLang();
  const words = await Words.load(lang).catch(() => null);
  if (!words) return;
  const t = (k, f) => words.t(k, f);
  const url = `/api/tables/${encodeURIComponent(tableId)}/notify?lang=${encodeURIComponent(lang)}`;
  const box = el("section", { id: "days", class: "card days" });
  const note = el("p", { class: "days-note", role: "status" });
  const address = el("input", { id: "days-email", type: "email", maxlength: 254, autocomplete: "email",
    placeholder: t("web.days.email_placeholder") });
  const save = el("button", { id: "days-email-save", type: "button" }, t("web.days.email_save"));
  const pushBtn = el("button", { id: "days-push", type: "button" }, t("web.days.push_on"));
  const label = el("label", { for: "days-email" }, t("web.days.email"));
  const row = el("div", { class: "row days-row" }, address, save);
  const side = document.getElementById("side") || document.body;
  let state = null;
  const draw = (s) => {
    state = s;
    address.value = s.email || "";
    label.hidden = !s.can_email; row.hidden = !s.can_email; // this server sends no e-mail: no address asked
    const pushable = s.can_push && "serviceWorker" in navigator && "PushManager" in window && window.isSecureContext;
    pushBtn.hidden = !pushable;
    pushBtn.textContent = t(s.this_device ? "web.days.push_off" : "web.days.push_on");
    note.textContent = !s.can_email ? "" : s.email ? t("web.days.email_set", { email: s.email }) : t("web.days.none_set");
  };
  const ask = async (body) => {
    try { draw(await postJSON(url, { token, lang, ...body })); } catch (e) { note.textContent = e.message; }
  };
  save.onclick = () => ask({ email: address.value.trim() });
  pushBtn.onclick = async () => {
    try {
      const reg = await navigator.serviceWorker.register("/sw.js");
      const had = await reg.pushManager.getSubscription();
      if (state && state.this_device && had) { await ask({ push_off: had.endpoint }); await had.unsubscribe(); return; }
      // asked on this click only (a user gesture), never on its own
      if ((await Notification.requestPermission()) !== "granted") { note.textContent = t("web.days.push_denied"); return; }
      const { key } = await getJSON("/api/push/key");
      const sub = had || await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
      const json = sub.toJSON();
      await ask({ push: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } } });
    } catch (e) { note.textContent = t("web.days.push_failed"); }
  };
  box.append(el("h3", {}, t("web.days.title")), el("p", { class: "days-what" }, t("web.days.what")),
    label, row, pushBtn, note);
  let mine = null;
  try { mine = await navigator.serviceWorker?.getRegistration("/sw.js"); } catch { mine = null; }
  const sub = mine ? await mine.pushManager.getSubscription().catch(() => null) : null;
  try {
    const s = await postJSON(url, { token, lang });
    s.this_device = !!sub && s.push > 0;
    draw(s);
    side.prepend(box); // shown once it says what is set
  } catch (e) { /* no seat of this table after all: nothing to show */ }
}

// A turn notice's link is /t/<id>#turn (it never carries a secret): this browser's own seat of the table, if it
// keeps one, is put in the address before table.js reads it (table.html loads this module first)
function openKeptSeat() {
  if (location.hash !== "#turn") return;
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
  const kept = myTokens().find((e) => e.table === tableId);
  history.replaceState(null, "", kept ? `#seat=${kept.seat}&token=${kept.token}` : location.pathname);
}

if (document.body && document.body.classList.contains("table-page")) {
  openKeptSeat();
  mountNotices();
}

export { b64, overDays };
