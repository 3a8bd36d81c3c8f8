// Shared by the lobby and the table page: words from the catalogs, the server's API, tokens kept in this browser.

export const LANGS = ["zh-Hans", "zh-Hant", "en"];

export function normalizeLang(tag) {
  const t = String(tag || "").replace("_", "-").toLowerCase();
  if (/^zh-(hant|tw|hk|mo)/.test(t)) return "zh-Hant";
  if (t.startsWith("zh")) return "zh-Hans";
  return "en";
}

export function chosenLang() {
  return normalizeLang(localStorage.getItem("hustings.lang") || navigator.language);
}

// The language this browser's person picked themselves, or null (then a table speaks the language it was set
// up in, before the browser's own).
export function savedLang() {
  const v = localStorage.getItem("hustings.lang");
  return v ? normalizeLang(v) : null;
}

export function saveLang(lang) { localStorage.setItem("hustings.lang", lang); }

// A template from the catalog with {name}, {name:d}, {name:+d} and {name:,} filled; {{ and }} are braces.
export function fill(template, fields = {}) {
  return String(template).replace(/\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(?::([^}]*))?\}/g, (m, name, spec) => {
    if (m === "{{") return "{";
    if (m === "}}") return "}";
    if (!(name in fields)) return m;
    const v = fields[name];
    if (spec === "+d" && typeof v === "number") return (v >= 0 ? "+" : "") + v;
    if (spec === "," && typeof v === "number") return v.toLocaleString("en");
    return String(v);
  });
}

export class Words {
  constructor(lang, shell = {}, game = {}) { this.lang = lang; this.shell = shell; this.game = game; }
  static async load(lang) { return new Words(lang, await getJSON(`/web/i18n/${lang}.json`)); }
  has(key) { return key in this.game || key in this.shell; }
  t(key, fields) {
    const tpl = key in this.game ? this.game[key] : this.shell[key];
    return tpl === undefined ? key : fill(tpl, fields);
  }
  // a bot's level in words ("ismcts:hard" -> "hard", 「困難」); a name with settings of its own shows as it is
  bot(name) { return this.has(`web.bot_level.${name}`) ? this.t(`web.bot_level.${name}`) : name; }
}

// A legal list in the compact form (the hello's legal_form: "compact") made whole again: each entry's label and
// structured words, from the message's legal_words (titles by kind, names by role, then value). An entry sent in the
// full form (it has its label) is kept as it is.
export function expandLegal(legal, words) {
  if (!legal || !words) return legal;
  const names = words.names || {}, titles = words.titles || {};
  return legal.map((a) => {
    if (a.label !== undefined) return a;
    const args = (a.roles || []).map((role, i) => ({ role, id: a.args[i], text: (names[role] || {})[String(a.args[i])] ?? String(a.args[i]) }));
    const parts = a.parts || [];
    const label = parts.map((p) => (typeof p === "string" ? p : args[p].text)).join("");
    return { id: a.id, kind: a.kind, args: a.args, label, words: { title: titles[a.kind] ?? "", args, parts } };
  });
}

export async function getJSON(url) {
  const r = await fetch(url, { headers: { Accept: "application/json" } });
  if (!r.ok) throw new Error(await errorText(r));
  return r.json();
}

export async function postJSON(url, body) {
  const r = await fetch(url, {
    method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(await errorText(r));
  return r.json();
}

async function errorText(r) {
  try {
    const j = await r.json();
    const d = j.detail ?? j.message ?? j.error ?? j;
    return typeof d === "string" ? d : JSON.stringify(d);
  } catch { return `${r.status} ${r.statusText}`; }
}

// Tokens live only in this browser (localStorage); the server keeps their hashes.
const TOKENS = "hustings.tokens";
export function myTokens() {
  try { const v = JSON.parse(localStorage.getItem(TOKENS) || "[]"); return Array.isArray(v) ? v : []; }
  catch { return []; }
}
export function keepToken(entry) {
  const all = myTokens().filter((e) => e.token !== entry.token);
  all.unshift({ ...entry, at: Date.now() });
  localStorage.setItem(TOKENS, JSON.stringify(all.slice(0, 200)));
  // tied to this browser's personal key too, so that "my tables" lists it on every device (open.js)
  window.hustingsOpen?.tie([entry.token]).catch((e) => console.warn("tie:", e.message));
}

// A table's host secret (the creator's, or the first to ask for a rematch): kept only in this browser too.
const HOSTS = "hustings.hosts";
function hosts() {
  try { const v = JSON.parse(localStorage.getItem(HOSTS) || "{}"); return v && typeof v === "object" ? v : {}; }
  catch { return {}; }
}
export function hostSecret(table) { return hosts()[table] || null; }
export function keepHost(table, secret) {
  const all = hosts();
  all[table] = secret;
  const ids = Object.keys(all);
  for (const id of ids.slice(0, Math.max(0, ids.length - 200))) delete all[id];
  localStorage.setItem(HOSTS, JSON.stringify(all));
}

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "style" && typeof v === "object") Object.assign(e.style, v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export function langSelect(current, onChange) {
  const names = { "zh-Hans": "简体中文", "zh-Hant": "繁體中文", en: "English" };
  const s = el("select", { id: "lang", "aria-label": "language / 语言 / 語言", onchange: () => onChange(s.value) },
    LANGS.map((l) => el("option", { value: l, selected: l === current }, names[l])));
  return s;
}

export function inviteURL(path) { return new URL(path, location.origin).href; }
