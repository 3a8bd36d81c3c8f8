// Choosing an action from the legal list the server sent (only these are ever offered).
// A kind with few actions shows one button each (a click sends it). A kind with many actions that all take
// arguments is composed step by step (a tree over its arguments, or an amount for a single number), then
// reviewed; nothing is sent until "send", and "cancel" drops the whole choice.

import { el } from "./common.js";

const GROUP_OVER = 8;

export function groups(legal) {
  const byKind = new Map();
  for (const a of legal) {
    if (!byKind.has(a.kind)) byKind.set(a.kind, []);
    byKind.get(a.kind).push(a);
  }
  const out = [];
  for (const [kind, acts] of byKind) {
    const n = acts[0].args.length;
    const uniform = acts.every((a) => a.args.length === n) && n > 0;
    if (acts.length > GROUP_OVER && uniform) out.push({ kind, mode: n === 1 ? "amount" : "tree", actions: acts });
    else for (const a of acts) out.push({ kind, mode: "single", actions: [a] });
  }
  return out;
}

// The longest common start of some labels, cut back to a word or separator boundary.
export function commonStart(labels) {
  if (!labels.length) return "";
  let p = labels[0];
  for (const s of labels) { let i = 0; while (i < p.length && i < s.length && p[i] === s[i]) i++; p = p.slice(0, i); }
  if (labels.every((s) => s.length === p.length)) return p;
  const cut = Math.max(p.lastIndexOf(" "), p.lastIndexOf(":"), p.lastIndexOf("："), p.lastIndexOf(","),
    p.lastIndexOf("，"), p.lastIndexOf("→"));
  return (cut > 0 ? p.slice(0, cut + 1) : p).replace(/[\s:：,，]+$/, "");
}

// The structured label the server sends beside each label (`words`: title, args as {role, id, text}, parts:
// literal text or the index of an argument) names each argument in any language: choices are grouped by kind
// and argument from it, never by splitting label text (in Chinese the labels share no word boundary).

// What argument `k` of action `a` is in words: its text, a bare number after the words just before it
// ("deployment 3"); null when the server sent no structured label.
export function argText(a, k) {
  const w = a.words;
  const arg = w && w.args ? w.args[k] : undefined;
  if (!arg) return null;
  const at = w.parts.indexOf(k);
  const before = at > 0 && typeof w.parts[at - 1] === "string" ? w.parts[at - 1].trim() : "";
  return /^\d+$/.test(arg.text) && before ? `${before} ${arg.text}` : arg.text;
}

function kindTitle(group, t) {
  const w = group.actions[0].words;
  if (w && w.title) return w.title;
  const c = commonStart(group.actions.map((a) => a.label));
  return c || t("kind_other", { kind: group.kind });
}

// One choice of a tree step: the argument's own words, else the labels' common start.
function choiceLabel(sub, depth, t, v) {
  if (sub.length === 1) return sub[0].label;
  return argText(sub[0], depth) ?? (commonStart(sub.map((a) => a.label)) || t("step_value", { n: v }));
}

// The composer: draws into `root`; `send(action)` is called only after review.
export class Composer {
  constructor(root, t, send) { this.root = root; this.t = t; this.send = send; this.open = null; }

  cancel() { this.open = null; }

  draw(legal, enabled) {
    const { t } = this;
    this.root.replaceChildren();
    if (this.open) {
      // the open choice takes the newest labels (a language switch re-sends them: issue 25, bug 9); it closes
      // when its actions are no longer legal (stale after an update)
      const byId = new Map(legal.map((a) => [a.id, a]));
      const o = this.open;
      if (!o.actions.every((a) => byId.has(a.id))) this.open = null;
      else {
        o.actions = o.actions.map((a) => byId.get(a.id));
        if (o.picked) o.picked = byId.get(o.picked.id);
      }
    }
    if (this.open) return this.drawOpen(enabled);
    for (const g of groups(legal)) {
      if (g.mode === "single") {
        const a = g.actions[0];
        this.root.append(el("button", {
          class: "act", "data-action": a.id, "data-kind": a.kind, disabled: !enabled,
          onclick: () => enabled && this.send(a),
        }, a.label));
      } else {
        this.root.append(el("button", {
          class: "act group", "data-kind": g.kind, "data-group": g.mode, disabled: !enabled,
          onclick: () => { this.open = { ...g, prefix: [], picked: null }; this.draw(legal, enabled); },
        }, t("entry_tree", { what: kindTitle(g, t), n: g.actions.length })));
      }
    }
  }

  drawOpen(enabled) {
    const { t } = this;
    const o = this.open;
    const box = el("div", { class: "compose", "data-kind": o.kind });
    const redraw = () => this.drawOpen(enabled);
    const cancel = el("button", { class: "cancel", onclick: () => { this.open = null; this.root.dispatchEvent(new Event("redraw")); } },
      t("web.cancel"));
    this.root.replaceChildren(box);
    box.append(el("div", { class: "compose-title" }, kindTitle(o, t)));
    if (o.picked) {
      box.append(el("div", { class: "review" }, t("tree_confirm", { action: o.picked.label })),
        el("div", { class: "row" },
          el("button", { class: "send primary", "data-action": o.picked.id, disabled: !enabled,
            onclick: () => { const a = o.picked; this.open = null; this.send(a); } }, t("web.send")),
          el("button", { class: "back", onclick: () => { o.picked = null; if (o.mode === "tree") o.prefix.pop(); redraw(); } },
            t("web.back")),
          cancel));
      return;
    }
    if (o.mode === "amount") {
      const acts = [...o.actions].sort((a, b) => a.args[0] - b.args[0]);
      const values = acts.map((a) => a.args[0]);
      let i = 0;
      const shown = el("div", { class: "amount-label" }, acts[0].label);
      const range = el("input", { type: "range", min: 0, max: acts.length - 1, step: 1, value: 0, class: "amount" });
      const num = el("input", { type: "number", value: values[0], class: "amount-num", inputmode: "numeric" });
      const err = el("div", { class: "error-line" });
      const set = (k) => { i = k; range.value = k; num.value = values[k]; shown.textContent = acts[k].label; err.textContent = ""; };
      range.addEventListener("input", () => set(Number(range.value)));
      num.addEventListener("change", () => {
        const k = values.indexOf(Number(num.value));
        if (k < 0) err.textContent = t("amount_bad", { text: num.value, lo: values[0], hi: values[values.length - 1] });
        else set(k);
      });
      box.append(el("div", { class: "hint" }, t("amount_range", { lo: values[0], hi: values[values.length - 1] })),
        range, num, shown, err,
        el("div", { class: "row" },
          el("button", { class: "review-btn primary", onclick: () => { o.picked = acts[i]; redraw(); } }, t("web.review")),
          cancel));
      return;
    }
    // tree: one argument at a time
    const depth = o.prefix.length;
    const matching = o.actions.filter((a) => o.prefix.every((v, k) => a.args[k] === v));
    const values = [...new Set(matching.map((a) => a.args[depth]))];
    if (depth > 0) {
      const named = o.prefix.map((v, k) => argText(matching[0], k));
      const parts = named.every((x) => x !== null) ? named.join(", ")
        : (commonStart(matching.map((a) => a.label)) || o.prefix.join(", "));
      box.append(el("div", { class: "hint" }, t("tree_so_far", { parts })));
    }
    const list = el("div", { class: "choices" });
    for (const v of values) {
      const sub = matching.filter((a) => a.args[depth] === v);
      const label = choiceLabel(sub, depth, t, v);
      list.append(el("button", { class: "choice", "data-value": v, onclick: () => {
        o.prefix.push(v);
        if (sub.length === 1) o.picked = sub[0];
        redraw();
      } }, sub.length === 1 ? label : `${label} … (${sub.length})`));
    }
    box.append(list, el("div", { class: "row" },
      depth > 0 ? el("button", { class: "back", onclick: () => { o.prefix.pop(); redraw(); } }, t("web.back")) : null,
      cancel));
  }
}
