// Choosing an action from the legal list the server sent (only these are ever offered).
// A kind with few actions shows one button each (a click sends it). A kind with many actions is composed step
// by step from the actions' structure (issue 24, point 3): the kind first, then each argument in turn, then a
// review; nothing is sent until "send", and "cancel" drops the whole choice.
//
// Every word comes from the structured label the server sends beside each label (`words`: `title`, `args` as
// {role, id, text}, `parts`: literal text or the index of an argument; the parts join to the label). Choices are
// grouped by argument ids and worded by the arguments' own text and the label's literal parts, never by
// splitting label text (in Chinese the labels share no word boundary). A group whose actions carry no structured
// label is offered as a list of whole labels.

import { el } from "./common.js";

const GROUP_OVER = 8;
const LATER = "…"; // an argument still to choose, or words that depend on it
const ASKED = "?"; // the argument chosen at this step

let styled = false;
function addStyle() {
  // the composer's own look, added once by the page that uses it (no edit of the shared stylesheet)
  if (styled || typeof document === "undefined" || !document.head) return;
  styled = true;
  document.head.append(el("link", { rel: "stylesheet", href: "/static/compose.css" }));
}

function structured(a) {
  const w = a.words;
  return !!(w && Array.isArray(w.parts) && Array.isArray(w.args) && w.args.length === a.args.length);
}

// Kinds in the order of their first action in the legal list. Actions of one kind may name different numbers
// of arguments (classic's starting-sheet combinations name 1 to 3 boards): the steps follow each action's own.
export function groups(legal) {
  const byKind = new Map();
  for (const a of legal) {
    if (!byKind.has(a.kind)) byKind.set(a.kind, []);
    byKind.get(a.kind).push(a);
  }
  const out = [];
  for (const [kind, acts] of byKind) {
    const withArgs = acts.every((a) => a.args.length > 0);
    if (acts.length <= GROUP_OVER || !withArgs) {
      for (const a of acts) out.push({ kind, mode: "single", actions: [a] });
    } else if (!acts.every(structured)) {
      out.push({ kind, mode: "list", actions: acts });
    } else if (acts.every((a) => a.args.length === 1 && typeof a.args[0] === "number"
                                 && ["amount", "count"].includes(a.words.args[0].role))) {
      out.push({ kind, mode: "amount", actions: acts });
    } else {
      out.push({ kind, mode: "tree", actions: acts });
    }
  }
  return out;
}

// The label of the actions `acts` (one kind, structured) as pieces: an argument below `shownUpTo` in its own
// words, the argument `asked` as ASKED, any later argument as LATER, and a literal part where all of `acts` agree
// on it (else LATER: it depends on what is still open). Consecutive LATER pieces fold into one.
// Returns [{text, cls}] or null when the actions' labels do not share one arrangement of parts.
export function pieces(acts, shownUpTo, asked = -1) {
  const first = acts[0].words.parts;
  const same = acts.every((a) => a.words.parts.length === first.length
    && a.words.parts.every((p, i) => (typeof p === "number") === (typeof first[i] === "number")
                                     && (typeof p !== "number" || p === first[i])));
  if (!same) return null;
  const out = [];
  const push = (text, cls) => {
    if (text === LATER && out.length && out[out.length - 1].text === LATER) return;
    out.push({ text, cls });
  };
  first.forEach((p, i) => {
    if (typeof p === "number") {
      if (p === asked) push(ASKED, "asked");
      else if (p < shownUpTo) push(acts[0].words.args[p].text, "chosen");
      else push(LATER, "later");
    } else if (acts.every((a) => a.words.parts[i] === p)) {
      push(p, "lit");
    } else {
      push(LATER, "later");
    }
  });
  return out;
}

const joinPieces = (ps) => ps.map((p) => p.text).join("");

// What argument `k` of action `a` is in words: its text, or a bare number after the literal part just before it
// ("deployment 3"); null when the server sent no structured label.
export function argText(a, k) {
  if (!structured(a)) return null;
  const w = a.words;
  const arg = w.args[k];
  const at = w.parts.indexOf(k);
  const before = at > 0 && typeof w.parts[at - 1] === "string" ? w.parts[at - 1].trim() : "";
  if (!/^\d+$/.test(arg.text) || !before) return arg.text;
  return /[\u3000-\u9fff\uff00-\uffef]$/.test(before) ? `${before}${arg.text}` : `${before} ${arg.text}`; // 組合3
}

// The heading of a kind: the game's title for it, else its label with every argument left open ("bid …").
export function kindTitle(group, t) {
  const w = group.actions[0].words;
  if (w && w.title) return w.title;
  if (group.actions.every(structured)) {
    const ps = pieces(group.actions, 0);
    if (ps && ps.some((p) => p.cls === "lit" && p.text.trim().length > 1)) return joinPieces(ps).trim();
  }
  return t("web.compose_other");
}

// Whether choosing value-set `sub` out of `going` settles words of the label that were still open (a starting
// sheet's combination says what it gives; a board says nothing new).
function settlesWords(going, sub) {
  const first = sub[0].words.parts;
  return first.some((p, i) => typeof p === "string" && p.trim()
    && sub.every((a) => a.words.parts[i] === p) && !going.every((a) => a.words.parts[i] === p));
}

// One choice of step `depth`: the argument's own words, or the label as far as this value settles it (later
// arguments open) when it settles more words (a combination says what it gives, a count its cost). A choice
// that leaves one action is its whole label, unless it only names the last argument below the label-so-far
// line. Several actions left: how many.
function choiceLabel(going, sub, depth, lineShown) {
  const settles = settlesWords(going, sub);
  if (sub.length === 1) {
    const last = depth === sub[0].args.length - 1;
    return settles || !lineShown || !last ? sub[0].label : argText(sub[0], depth);
  }
  const ps = settles ? pieces(sub, depth + 1) : null;
  return `${ps ? joinPieces(ps) : argText(sub[0], depth)} (${sub.length})`;
}

// The composer: draws into `root`; `send(action)` is called only after review.
export class Composer {
  constructor(root, t, send) { this.root = root; this.t = t; this.send = send; this.open = null; addStyle(); }

  cancel() { this.open = null; }

  draw(legal, enabled) {
    const { t } = this;
    this.enabled = enabled;
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
    if (this.open) return this.drawOpen();
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
          onclick: () => { this.open = { ...g, prefix: [], auto: [], picked: null }; this.draw(legal, enabled); },
        }, t("entry_tree", { what: kindTitle(g, t), n: g.actions.length })));
      }
    }
  }

  close() { this.open = null; this.root.dispatchEvent(new Event("redraw")); }

  drawOpen() {
    const { t, enabled } = this;
    const o = this.open;
    const box = el("div", { class: "compose", "data-kind": o.kind, "data-mode": o.mode });
    const cancel = el("button", { class: "cancel", onclick: () => this.close() }, t("web.cancel"));
    this.root.replaceChildren(box);
    box.append(el("div", { class: "compose-title" }, kindTitle(o, t)));
    if (o.picked) return this.drawReview(box, enabled, cancel);
    if (o.mode === "amount") return this.drawAmount(box, cancel);
    if (o.mode === "list") return this.drawList(box, cancel);
    return this.drawStep(box, cancel);
  }

  drawReview(box, enabled, cancel) {
    const { t } = this;
    const o = this.open;
    const back = () => {
      if (o.mode === "tree" && !o.whole) this.popStep();
      o.picked = null;
      o.whole = false;
      this.drawOpen();
    };
    box.append(el("div", { class: "review" }, t("tree_confirm", { action: o.picked.label })),
      el("div", { class: "row" },
        el("button", { class: "send primary", "data-action": o.picked.id, disabled: !enabled,
          onclick: () => { const a = o.picked; this.open = null; this.send(a); } }, t("web.send")),
        el("button", { class: "back", onclick: back }, t("web.back")),
        cancel));
  }

  // Back over one chosen argument and every argument that had a single value after it (chosen for the person).
  popStep() {
    const o = this.open;
    while (o.prefix.length && o.auto[o.auto.length - 1]) { o.prefix.pop(); o.auto.pop(); }
    if (o.prefix.length) { o.prefix.pop(); o.auto.pop(); }
    while (o.prefix.length && o.auto[o.auto.length - 1]) { o.prefix.pop(); o.auto.pop(); }
  }

  // An amount (a bid, a count): a slider over the legal values, a step down and up, and a list of every legal
  // value, each worded by the server with its unit ("12,000€", "3,000 DM").
  drawAmount(box, cancel) {
    const { t } = this;
    const o = this.open;
    const acts = [...o.actions].sort((a, b) => a.args[0] - b.args[0]);
    const word = (a) => argText(a, 0);
    let i = o.at || 0;
    const shown = el("div", { class: "amount-label", "aria-live": "polite" }, acts[0].label);
    const range = el("input", { type: "range", min: 0, max: acts.length - 1, step: 1, value: 0, class: "amount",
      "aria-label": t("web.compose_amount") });
    const pick = el("select", { class: "amount-pick", "aria-label": t("web.compose_amount") },
      ...acts.map((a, k) => el("option", { value: k }, word(a))));
    const less = el("button", { class: "amount-step less", "aria-label": t("web.compose_less") }, "−");
    const more = el("button", { class: "amount-step more", "aria-label": t("web.compose_more") }, "+");
    const set = (k) => {
      i = Math.max(0, Math.min(acts.length - 1, k));
      range.value = String(i);
      pick.value = String(i);
      shown.textContent = acts[i].label;
      less.disabled = i === 0;
      more.disabled = i === acts.length - 1;
    };
    range.addEventListener("input", () => set(Number(range.value)));
    pick.addEventListener("change", () => set(Number(pick.value)));
    less.addEventListener("click", () => set(i - 1));
    more.addEventListener("click", () => set(i + 1));
    set(i);
    box.append(el("div", { class: "hint" }, t("amount_range", { lo: word(acts[0]), hi: word(acts[acts.length - 1]) })),
      el("div", { class: "amount-row" }, less, range, more), pick, shown,
      el("div", { class: "row" },
        el("button", { class: "review-btn primary", onclick: () => { o.at = i; o.picked = acts[i]; this.drawOpen(); } },
          t("web.review")),
        cancel));
  }

  // A kind without structured labels: its whole labels, one button each.
  drawList(box, cancel) {
    const o = this.open;
    const list = el("div", { class: "choices" });
    for (const a of o.actions) {
      list.append(el("button", { class: "choice", "data-action": a.id, onclick: () => { o.picked = a; this.drawOpen(); } },
        a.label));
    }
    box.append(list, el("div", { class: "row" }, cancel));
  }

  // One argument at a time, in the order of the actions' arguments. An argument with a single value left is
  // taken at once (nothing to choose); the line above the choices is the label so far, the argument asked
  // marked "?".
  drawStep(box, cancel) {
    const { t } = this;
    const o = this.open;
    const match = () => o.actions.filter((a) => a.args.length >= o.prefix.length
                                               && o.prefix.every((v, k) => a.args[k] === v));
    // a value shared by every action still open is taken without asking
    for (let m = match(); m.length > 1 && m.every((a) => a.args.length > o.prefix.length)
         && new Set(m.map((a) => a.args[o.prefix.length])).size === 1; m = match()) {
      o.prefix.push(m[0].args[o.prefix.length]);
      o.auto.push(true);
    }
    const matching = match();
    if (matching.length === 1) { o.picked = matching[0]; return this.drawOpen(); }
    const depth = o.prefix.length;
    const done = matching.filter((a) => a.args.length === depth); // complete here: chosen as a whole
    const going = matching.filter((a) => a.args.length > depth);
    const values = [...new Set(going.map((a) => a.args[depth]))];
    // "step n of m": the choices made, and the arguments that still differ among the actions open
    const made = o.auto.filter((x) => !x).length;
    const longest = Math.max(...matching.map((a) => a.args.length));
    let left = 0;
    for (let k = depth; k < longest; k++) {
      if (new Set(matching.filter((a) => a.args.length > k).map((a) => a.args[k])).size > 1) left++;
    }
    const line = pieces(going, depth, depth);
    if (line) {
      box.append(el("div", { class: "compose-line", "aria-label": t("web.compose_pick") },
        ...line.map((p) => el("span", { class: `cp-${p.cls}` }, p.text))));
    }
    // the count of steps is known when every action open names as many arguments
    const even = matching.every((a) => a.args.length === longest);
    box.append(el("div", { class: "hint compose-step" }, even
      ? t("web.compose_step", { n: made + 1, m: made + Math.max(1, left) }) : t("web.compose_step_n", { n: made + 1 })));
    const list = el("div", { class: "choices" });
    for (const a of done) {
      list.append(el("button", { class: "choice", "data-action": a.id, "data-n": 1,
        onclick: () => { o.picked = a; o.whole = true; this.drawOpen(); } }, a.label));
    }
    for (const v of values) {
      const sub = going.filter((a) => a.args[depth] === v);
      list.append(el("button", { class: "choice", "data-value": v, "data-n": sub.length, onclick: () => {
        o.prefix.push(v);
        o.auto.push(false);
        if (sub.length === 1) o.picked = sub[0];
        this.drawOpen();
      } }, choiceLabel(going, sub, depth, !!line)));
    }
    box.append(list, el("div", { class: "row" },
      o.prefix.some((_, k) => !o.auto[k])
        ? el("button", { class: "back", onclick: () => { this.popStep(); this.drawOpen(); } }, t("web.back"))
        : null,
      cancel));
  }
}
