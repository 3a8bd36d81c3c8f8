// House rules (issue 29): the create form's list of the game's settings (GameInfo.house_rules: each with its words,
// bounds and printed value; added and removed one by one), and the badge and list that every seat, spectator and
// replay shows of a table that plays house rules (TableInfo.rules / rules_text, in the page's language).
// The server checks every rule again and refuses a bad one naming its path: the bounds here only help.

import { el } from "./common.js";

const ID = "<id>";

function shown(v, t, s) {
  if (typeof v === "boolean") return t(v ? "web.house.yes" : "web.house.no");
  const k = s?.choices ? s.choices.indexOf(v) : -1;
  if (k >= 0 && s.choice_texts) return s.choice_texts[k];  // a choice in its words, never its id
  if (Array.isArray(v)) return v.join(", ");
  return String(v);
}

function rangeWords(s, t) {
  if (s.kind === "int") return t("web.house.range", { min: s.min, max: s.max });
  if (s.kind === "ints") {
    const items = s.min_items === s.max_items ? String(s.min_items) : t("web.house.range", { min: s.min_items, max: s.max_items });
    return t("web.house.list_range", { items, min: s.min, max: s.max });
  }
  return "";
}

// the setting a concrete path belongs to, and the index of its <id>
function settingOf(settings, path) {
  for (const s of settings) {
    if (s.path === path) return { s, i: -1 };
    if (!s.ids) continue;
    const [head, tail] = s.path.split(ID);
    if (path.startsWith(head) && path.endsWith(tail)) {
      const i = s.ids.indexOf(path.slice(head.length, path.length - tail.length));
      if (i >= 0) return { s, i };
    }
  }
  return null;
}

function label(s, i) {
  return i >= 0 ? s.text.replace(ID, s.id_names?.[i] ?? s.ids[i]) : s.text;
}

function printedOf(s, i) { return i >= 0 ? s.printed?.[s.ids[i]] : s.printed; }

// The value typed for a setting, or undefined (with the reason shown) when it is not one it takes.
function readValue(s, input) {
  if (s.kind === "bool") return input.value === "true";
  if (s.kind === "choice") return input.value;
  if (s.kind === "int") {
    const n = Number(input.value);
    return input.value.trim() !== "" && Number.isInteger(n) && n >= s.min && n <= s.max ? n : undefined;
  }
  const parts = input.value.split(/[,，、\s]+/).filter((x) => x !== "").map(Number);
  const ok = parts.every((n) => Number.isInteger(n) && n >= s.min && n <= s.max)
    && parts.length >= s.min_items && parts.length <= s.max_items;
  return ok ? parts : undefined;
}

function valueInput(s, printed, t) {
  if (s.kind === "bool") {
    return el("select", { id: "house-value" }, [true, false].map((v) =>
      el("option", { value: String(v), selected: v !== printed }, t(v ? "web.house.yes" : "web.house.no"))));
  }
  if (s.kind === "choice") {
    return el("select", { id: "house-value" }, s.choices.map((c, k) => el("option", { value: c, selected: c === printed }, s.choice_texts?.[k] ?? c)));
  }
  if (s.kind === "int") {
    return el("input", { id: "house-value", type: "number", inputmode: "numeric", min: s.min, max: s.max, step: 1,
      value: printed ?? s.min });
  }
  return el("input", { id: "house-value", inputmode: "numeric", value: Array.isArray(printed) ? printed.join(", ") : "" });
}

// The create form's part: `f.rules` holds path -> value; it redraws only itself (the rest of the form keeps what
// was typed). A game without house rules shows nothing.
export function houseForm(f, g, t) {
  const settings = g.house_rules || [];
  if (!settings.length) return null;
  f.rules = f.rules || {};
  const pick = { s: Math.min(f.houseSetting || 0, settings.length - 1), i: 0 };
  const box = el("details", { id: "house-form", class: "house-form", open: Object.keys(f.rules).length > 0 || f.houseOpen });
  box.addEventListener("toggle", () => { f.houseOpen = box.open; });
  const paint = () => {
    const s = settings[pick.s];
    if (s.ids && pick.i >= s.ids.length) pick.i = 0;
    const idx = s.ids ? pick.i : -1;
    const chosen = Object.entries(f.rules);
    const list = chosen.length
      ? el("ul", { class: "house-list" }, chosen.map(([path, value]) => {
        const found = settingOf(settings, path);
        const words = found ? label(found.s, found.i) : path;
        const printed = found ? printedOf(found.s, found.i) : undefined;
        return el("li", { class: "house-rule", "data-path": path },
          el("span", { class: "house-text" }, words, t("web.house.sep"), el("strong", {}, shown(value, t, found?.s)),
            printed !== undefined ? el("span", { class: "hint" }, ` (${t("web.house.printed", { value: shown(printed, t, found?.s) })})`) : null),
          el("button", { class: "house-remove", type: "button", "aria-label": `${t("web.house.remove")}: ${words}`,
            onclick: () => { delete f.rules[path]; paint(); } }, "×"));
      }))
      : el("p", { class: "hint house-none" }, t("web.house.none"));
    const which = s.ids ? el("label", { class: "house-field" }, el("span", {}, t("web.house.which")),
      el("select", { id: "house-which", onchange: (e) => { pick.i = Number(e.target.value); paint(); } },
        s.ids.map((id, i) => el("option", { value: i, selected: i === pick.i }, s.id_names?.[i] ?? id)))) : null;
    const input = valueInput(s, printedOf(s, idx), t);
    const range = rangeWords(s, t);
    const error = el("p", { class: "house-error", role: "alert", hidden: true });
    const add = () => {
      const value = readValue(s, input);
      if (value === undefined) { error.textContent = t("web.house.bad_value", { range }); error.hidden = false; return; }
      const path = s.ids ? s.path.replace(ID, s.ids[idx]) : s.path;
      const printed = printedOf(s, idx);
      if (JSON.stringify(value) === JSON.stringify(printed)) delete f.rules[path]; // the printed value: no house rule
      else f.rules[path] = value;
      paint();
    };
    box.replaceChildren(
      el("summary", {}, chosen.length ? t("web.house.badge", { n: chosen.length }) : t("web.house.title")),
      el("p", { class: "hint" }, t("web.house.hint")),
      list,
      el("div", { class: "house-add" },
        el("label", { class: "house-field" }, el("span", {}, t("web.house.setting")),
          el("select", { id: "house-setting", onchange: (e) => { pick.s = f.houseSetting = Number(e.target.value); pick.i = 0; paint(); } },
            settings.map((x, i) => el("option", { value: i, selected: i === pick.s }, x.text.replace(ID, "…"))))),
        which,
        el("label", { class: "house-field" }, el("span", {}, t("web.house.value")), input,
          range ? el("span", { class: "hint house-range" }, range) : null,
          el("span", { class: "hint" }, t("web.house.printed", { value: shown(printedOf(s, idx), t, s) }))),
        el("button", { id: "house-add", type: "button", onclick: add }, t("web.house.add")),
        error));
  };
  paint();
  return box;
}

// What create sends: the rules, or nothing for the printed game.
export function rulesBody(f) {
  return f.rules && Object.keys(f.rules).length ? { ...f.rules } : null;
}

// The lines that say a table's rules in `lang` (the server's words; path=value where it has none).
export function ruleLines(info, lang) {
  const rules = info?.rules || {};
  if (!Object.keys(rules).length) return [];
  const text = info.rules_text?.[lang] || info.rules_text?.en;
  return text && text.length ? text : Object.entries(rules).map(([p, v]) => `${p} = ${JSON.stringify(v)}`);
}

// The table and replay pages: the badge (a disclosure at the top, closed on a phone until tapped) and the list of
// the table's house rules, or nothing at a table of the printed game.
export function drawHouse(box, info, lang, t) {
  if (!box) return;
  const lines = ruleLines(info, lang);
  box.hidden = !lines.length;
  if (!lines.length) { box.replaceChildren(); return; }
  const key = JSON.stringify([lang, lines]);
  if (box.dataset.key === key) return; // unchanged: keep it open or closed as the person left it
  box.dataset.key = key;
  box.replaceChildren(
    el("summary", { class: "house-badge" }, t("web.house.badge", { n: lines.length })),
    el("p", { class: "hint" }, t("web.house.table_hint")),
    el("ul", { class: "house-list" }, lines.map((line) => el("li", { class: "house-rule" }, line))));
}
