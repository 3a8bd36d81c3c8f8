// A small, game-agnostic SVG kit for drawing boards (no game's names in here): tiles, tracks, pieces that carry a
// letter (colour is never the only cue), cards with an issue icon, an icon set, places on the board that choose a
// legal action when clicked, and a memory of the last drawing so that what changed since is animated.
// Games keep their own layout (coordinates, colours, which icon means what) in their own web folder.

export const NS = "http://www.w3.org/2000/svg";

// The kit's stylesheet, linked once (the page's own style.css stays the page's).
let linked = false;
export function useSheet() {
  if (linked || typeof document === "undefined") return;
  linked = true;
  if (document.querySelector("link[data-board-css]")) return;
  const l = document.createElement("link");
  l.rel = "stylesheet"; l.href = "/static/board.css"; l.dataset.boardCss = "1";
  document.head.append(l);
}

// An SVG element: s("rect", {x: 1}, child, "text", ...); attributes as the DOM names them, `class` as class.
export function s(tag, attrs = {}, ...children) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (k === "style" && typeof v === "object") for (const [p, x] of Object.entries(v)) e.style.setProperty(p, x);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

// The root of one drawing: scales to its container's width (viewBox), never wider than the screen.
export function svgRoot(w, h, attrs = {}, ...children) {
  useSheet();
  return s("svg", { viewBox: `0 0 ${w} ${h}`, class: `bd ${attrs.class || ""}`.trim(), role: "group",
    preserveAspectRatio: "xMidYMid meet", ...attrs, ...(attrs.class ? { class: `bd ${attrs.class}` } : {}) }, ...children);
}

// Text that keeps inside `w` (shrunk by the browser if longer: textLength), with a title for the whole of it.
export function label(x, y, text, { size = 12, w = 0, anchor = "start", cls = "", weight } = {}) {
  const str = String(text ?? "");
  const attrs = { x, y, "font-size": size, "text-anchor": anchor, class: `bd-text ${cls}`.trim(), "font-weight": weight };
  // a rough width: CJK glyphs are a full em, Latin about 0.58 em
  const est = [...str].reduce((a, ch) => a + (/[\u2e80-\uffff]/.test(ch) ? 1 : 0.58), 0) * size;
  if (w && est > w) { attrs.textLength = w; attrs.lengthAdjust = "spacingAndGlyphs"; }
  return s("text", attrs, str);
}

// A name in one line, or two when it is too long and has a place to break (a hyphen, a space).
export function nameLines(name, x, y, w, size, cls) {
  const str = String(name ?? "");
  const width = (t) => [...t].reduce((a, ch) => a + (/[\u2e80-\uffff]/.test(ch) ? 1 : 0.58), 0) * size;
  if (width(str) <= w) return [label(x, y, str, { size, w, anchor: "middle", cls })];
  const cut = Math.max(str.lastIndexOf("-", Math.ceil(str.length * 0.7)), str.lastIndexOf(" ", Math.ceil(str.length * 0.7)));
  if (cut <= 0) return [label(x, y, str, { size, w, anchor: "middle", cls })];
  const a = str.slice(0, str[cut] === "-" ? cut + 1 : cut), b = str.slice(cut + 1);
  return [label(x, y - size * 0.55, a, { size, w, anchor: "middle", cls }), label(x, y + size * 0.6, b, { size, w, anchor: "middle", cls })];
}

// A title (tooltip, and what a screen reader says) for an element.
export function titled(el, text) { if (text) el.prepend(s("title", {}, String(text))); return el; }

// A tile of a tile map: a rounded rectangle with a name; `on` marks it as in play.
export function tile(x, y, w, h, { name = "", cls = "", data = {}, fill } = {}) {
  const g = s("g", { class: `bd-tile ${cls}`.trim(), transform: `translate(${x} ${y})`, ...dataAttrs(data) },
    s("rect", { width: w, height: h, rx: 6, class: "bd-tile-bg", fill }));
  g.append(...nameLines(name, w / 2, h / 2 + 4, w - 6, 11, "bd-tile-name"));
  return titled(g, name);
}

// A piece: a cube (square), disc, marker (diamond) or ring with a letter on it (a party's initial, say).
export function piece(kind, x, y, { size = 16, fill = "#888", ink = "#fff", letter = "", data = {}, cls = "", title } = {}) {
  const r = size / 2;
  let shape;
  if (kind === "cube") shape = s("rect", { x: -r, y: -r, width: size, height: size, rx: 2 });
  else if (kind === "marker") shape = s("path", { d: `M0 ${-r - 2}L${r + 2} 0L0 ${r + 2}L${-r - 2} 0Z` });
  else if (kind === "hex") shape = s("path", { d: hexPath(r + 1) });
  else shape = s("circle", { r });
  shape.setAttribute("fill", fill);
  shape.setAttribute("class", "bd-piece-shape");
  const g = s("g", { class: `bd-piece bd-${kind} ${cls}`.trim(), style: at(x, y), ...dataAttrs(data) },
    s("g", { class: "bd-inner" }, shape,
      letter ? s("text", { y: size * 0.3, "font-size": size * 0.72, "text-anchor": "middle", fill: ink, class: "bd-letter" }, letter) : null));
  return titled(g, title);
}

// Where a piece or card stands: a CSS transform (not the SVG attribute), which the stylesheet transitions, so a piece
// kept by draw() slides from its old place to its new one.
function at(x, y) { return { transform: `translate(${x}px, ${y}px)` }; }

function hexPath(r) {
  const p = [];
  for (let i = 0; i < 6; i++) { const a = Math.PI / 3 * i + Math.PI / 6; p.push(`${(r * Math.cos(a)).toFixed(1)} ${(r * Math.sin(a)).toFixed(1)}`); }
  return `M${p.join("L")}Z`;
}

// A track of spaces in a row (popularity, trend, votes...): `spaces` are the labels of its spaces, `markers`
// [{space, fill, ink, letter, key, data, title}] stand on them (several on one space stack downwards).
// `remember` (a Memory) animates a marker that moved since the last drawing from its old space.
export function track(x, y, w, { spaces, markers = [], title = "", size = 16, remember, cls = "", highlight } = {}) {
  const n = spaces.length;
  const sw = w / n;
  const stack = new Map();
  for (const m of markers) stack.set(m.space, (stack.get(m.space) || 0) + 1);
  const depth = Math.max(1, ...stack.values());
  const h = 14 + depth * (size + 2) + 2;
  const g = s("g", { class: `bd-track ${cls}`.trim(), transform: `translate(${x} ${y})` });
  if (title) g.append(titled(s("g", {}), title));
  spaces.forEach((lab, i) => {
    g.append(s("rect", { x: i * sw + 1, y: 0, width: sw - 2, height: h, rx: 3,
      class: `bd-space${highlight === i ? " bd-space-hi" : ""}` }),
    label(i * sw + sw / 2, 11, lab, { size: 10, anchor: "middle", w: sw - 4, cls: "bd-space-label" }));
  });
  const placed = new Map();
  for (const m of markers) {
    const k = placed.get(m.space) || 0;
    placed.set(m.space, k + 1);
    const px = m.space * sw + sw / 2;
    const py = 14 + size / 2 + 1 + k * (size + 2);
    const p = piece(m.kind || "disc", px, py, { size, fill: m.fill, ink: m.ink, letter: m.letter, data: m.data, title: m.title });
    if (remember && m.key) remember.moved(p, m.key, x + px, y + py);
    g.append(p);
  }
  g.dataset.height = String(h);
  return g;
}

// A numbered scale (votes, points): ticks every `step` from 0 to `max`, markers [{value, ...piece options, key}]
// standing at their exact value (markers too close to each other stack downwards), each with its number.
export function scale(x, y, w, { max, step = 5, markers = [], size = 16, remember, title = "" } = {}) {
  const top = Math.max(step, Math.ceil(Math.max(max, ...markers.map((m) => m.value)) / step) * step);
  const px = (v) => 6 + (w - 12) * (v / top);
  const g = s("g", { class: "bd-scale", transform: `translate(${x} ${y})` });
  if (title) g.append(titled(s("g", {}), title));
  g.append(s("rect", { x: 0, y: 12, width: w, height: 6, rx: 3, class: "bd-space" }));
  for (let v = 0; v <= top; v += step) {
    g.append(s("line", { x1: px(v), x2: px(v), y1: 10, y2: 20, class: "bd-tick" }), label(px(v), 8, v, { size: 9, anchor: "middle", cls: "bd-space-label" }));
  }
  const rows = [];
  const sorted = [...markers].sort((a, b) => a.value - b.value);
  for (const m of sorted) {
    let row = 0;
    while (rows[row] !== undefined && px(m.value) - rows[row] < size + 14) row++;
    rows[row] = px(m.value);
    const cx = px(m.value), cy = 30 + row * (size + 4);
    const p = piece(m.kind || "disc", cx, cy, { size, fill: m.fill, ink: m.ink, letter: m.letter, data: m.data, title: m.title });
    p.querySelector(".bd-inner").append(label(size / 2 + 2, 4, m.value, { size: 10, cls: "bd-scale-n" }));
    if (remember && m.key) remember.moved(p, m.key, x + cx, y + cy);
    g.append(p);
  }
  g.dataset.height = String(30 + Math.max(1, rows.length) * (size + 4));
  return g;
}

// A card: face up (an icon, a title, a corner mark such as "+" or "−") or face down (a back); `tone` picks the
// colour class (bd-tone-<tone>). Clicking is added by place().
export function card(x, y, w, h, { title = "", mark = "", icon, face = "up", tone = "", data = {}, cls = "", note, tip } = {}) {
  const g = s("g", { class: `bd-card ${face === "down" ? "bd-back" : `bd-tone-${tone}`} ${cls}`.trim(),
    style: at(x, y), ...dataAttrs(data) });
  const inner = s("g", { class: "bd-inner", style: { "transform-origin": `${w / 2}px ${h / 2}px` } });
  inner.append(s("rect", { width: w, height: h, rx: Math.min(6, w / 8), class: "bd-card-bg" }));
  if (face === "down") {
    inner.append(s("path", { d: `M${w * 0.2} ${h * 0.2}L${w * 0.8} ${h * 0.8}M${w * 0.8} ${h * 0.2}L${w * 0.2} ${h * 0.8}`, class: "bd-back-mark" }),
      label(w / 2, h / 2 + 5, "?", { size: Math.min(w, h) * 0.35, anchor: "middle", cls: "bd-back-q" }));
  } else {
    const isz = Math.min(w * 0.62, h * 0.48);
    if (icon) inner.append(useIcon(icon, (w - isz) / 2, h * 0.1, isz));
    if (mark) inner.append(label(w - 3, 13, mark, { size: 13, anchor: "end", cls: "bd-card-mark", weight: 700 }));
    if (title) inner.append(...nameLines(title, w / 2, h - 7, w - 4, Math.min(10, h / 6), "bd-card-title"));
    if (note) inner.append(label(4, 13, note, { size: 11, cls: "bd-card-note", weight: 700 }));
  }
  g.append(inner);
  return titled(g, tip ?? title);
}

// ------------------------------------------------------------------------------------------ icons
// A small icon set (24x24, drawn for this kit): a game says which one stands for what. Strokes take the
// current colour.
export const ICONS = {
  book: "M4 5c3-1 6-1 8 1 2-2 5-2 8-1v14c-3-1-6-1-8 1-2-2-5-2-8-1zM12 6v14",
  chip: "M7 7h10v10H7zM10 10h4v4h-4zM9 3v4M12 3v4M15 3v4M9 17v4M12 17v4M15 17v4M3 9h4M3 12h4M3 15h4M17 9h4M17 12h4M17 15h4",
  dna: "M7 3c0 6 10 6 10 12s-10 6-10 6M17 3c0 6-10 6-10 12s10 6 10 6M8 7h8M8 17h8M10 12h4",
  shield: "M12 3l8 3v6c0 5-4 8-8 9-4-1-8-4-8-9V6zM9 12l2 2 4-4",
  people: "M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20c0-4 2-6 5-6s5 2 5 6M11 20c0-4 2-6 5-6s5 2 5 6",
  leaf: "M5 19C5 9 11 5 20 4c0 9-4 15-13 15zM5 19l8-8",
  car: "M4 15l2-6h12l2 6v4H4zM4 15h16M7 19v2M17 19v2M8 16.5h.01M16 16.5h.01",
  atom: "M12 12m-1.5 0a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0M12 3c-3 0-4 4-4 9s1 9 4 9 4-4 4-9-1-9-4-9zM4.2 7.5c-1.5 2.6 1.4 5.6 5.8 8.1s8.3 3.4 9.8.9-1.4-5.6-5.8-8.1-8.3-3.4-9.8-.9z",
  pen: "M4 20l4-1L19 8l-3-3L5 16zM14 7l3 3M4 20h16",
  euro: "M18 6a7 7 0 1 0 0 12M4 10h10M4 14h10",
  cross: "M9 3h6v6h6v6h-6v6H9v-6H3V9h6z",
  star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z",
  media: "M4 6h16v10H4zM9 20h6M12 16v4",
  bank: "M3 9l9-5 9 5M5 10v8M9 10v8M15 10v8M19 10v8M3 20h18",
  person: "M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-5 3-8 8-8s8 3 8 8",
  poll: "M5 20V10M10 20V4M15 20v-7M20 20V8M3 20h18",
  double: "M6 6l12 12M18 6L6 18",
};

export function useIcon(name, x, y, size) {
  const d = ICONS[name];
  if (!d) return null;
  return s("g", { class: `bd-icon bd-icon-${name}`, transform: `translate(${x} ${y}) scale(${size / 24})` },
    s("path", { d, fill: "none", stroke: "currentColor", "stroke-width": 1.8, "stroke-linecap": "round", "stroke-linejoin": "round" }));
}

// An icon beside a label in HTML text (a legend, a panel heading).
export function iconSpan(name, text, size = 18) {
  useSheet();
  const svg = s("svg", { viewBox: "0 0 24 24", width: size, height: size, class: "bd-inline-icon", "aria-hidden": "true" });
  const g = useIcon(name, 0, 0, 24);
  if (g) svg.append(g);
  const span = document.createElement("span");
  span.className = "bd-iconlabel";
  span.append(svg, document.createTextNode(` ${text}`));
  return span;
}

function dataAttrs(data) {
  const out = {};
  for (const [k, v] of Object.entries(data || {})) if (v !== undefined && v !== null) out[`data-${k}`] = v;
  return out;
}

// ------------------------------------------------------------------------------------------ places
// A place on the board that stands for an argument of some legal actions ({role, id}: a board, a card...). When
// one legal action matches, a click sends it; several (a board with 1 to 3 rallies) open a small menu of them
// near the place. `kinds` limits which action kinds it may choose; `only` says the place must be the action's
// only argument. While a choice is being made step by step on the board (`Steps`), a place that stands for one of
// the next argument's values picks that value instead. Returns the matching actions (empty: not clickable now).
//
// Clicks are handled once for the whole document (below), from the element's attributes and the latest ctx: an
// element draw() kept from an earlier drawing has no listener of its own, and an old drawing's listener could
// send an action no longer legal.
let active = null; // the ctx of the latest drawing that has places
export function place(el, ctx, { role, id, kinds, only = false, onlyArgs } = {}) {
  const st = ctx && ctx.steps;
  if (st && st.open && (!kinds || kinds.includes(st.kind))) {
    const next = st.options().find((o) => o.role === role && o.id === id);
    if (!next) return [];
    mark(el, ctx, { "data-step": `${role}:${id}` });
    return st.left.filter((a) => a.words.args[st.chosen.length].id === id);
  }
  const legal = (ctx.legal || []).filter((a) => {
    if (kinds && !kinds.includes(a.kind)) return false;
    const args = a.words?.args || [];
    if (onlyArgs && args.length !== onlyArgs) return false;
    if (only && args.length !== 1) return false;
    return args.some((x) => x.role === role && x.id === id);
  });
  if (!legal.length) return legal;
  mark(el, ctx, { "data-actions": legal.map((a) => a.id).join(" ") });
  return legal;
}

function mark(el, ctx, attrs) {
  active = ctx;
  listen();
  el.classList.add("bd-place");
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
}

let listening = false;
function listen() {
  if (listening || typeof document === "undefined") return;
  listening = true;
  const go = (ev) => {
    const el = ev.target instanceof Element ? ev.target.closest(".bd-place, [data-bd-step]") : null;
    if (!el || !active) return;
    ev.stopPropagation();
    ev.preventDefault();
    const ctx = active;
    if (ev.type === "keydown" && el.tagName === "BUTTON") return; // a button's own click follows
    const step = el.getAttribute("data-step") ?? el.getAttribute("data-bd-step");
    if (step !== null) { ctx.steps?.press(step); return; }
    const ids = new Set((el.getAttribute("data-actions") || "").split(" ").filter(Boolean).map(Number));
    const legal = (ctx.legal || []).filter((a) => ids.has(a.id));
    if (legal.length === 1) ctx.act(legal[0]);
    else if (legal.length) menu(el, legal, ctx);
  };
  document.addEventListener("click", go);
  document.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") go(ev); });
}

// The menu of several actions one place stands for: a button per action, with the server's words.
function menu(anchor, legal, ctx) {
  document.querySelector(".bd-menu")?.remove();
  const box = document.createElement("div");
  box.className = "bd-menu";
  box.setAttribute("role", "menu");
  box.dataset.actions = legal.map((a) => a.id).join(" ");
  const title = legal[0].words?.title;
  if (title) { const h = document.createElement("div"); h.className = "bd-menu-title"; h.textContent = title; box.append(h); }
  for (const a of legal) {
    const b = document.createElement("button");
    b.type = "button"; b.className = "bd-menu-item"; b.dataset.action = a.id;
    b.textContent = a.label;
    b.onclick = () => { box.remove(); ctx.act(a); };
    box.append(b);
  }
  const close = document.createElement("button");
  close.type = "button"; close.className = "bd-menu-close"; close.textContent = "×";
  close.setAttribute("aria-label", ctx.t ? ctx.t("web.cancel") : "cancel");
  close.onclick = () => box.remove();
  box.prepend(close);
  const r = anchor.getBoundingClientRect();
  box.style.top = `${Math.max(4, r.bottom + window.scrollY + 4)}px`;
  document.body.append(box);
  const left = Math.min(Math.max(4, r.left + window.scrollX), window.scrollX + document.documentElement.clientWidth - box.offsetWidth - 4);
  box.style.left = `${Math.max(4, left)}px`;
  box.querySelector(".bd-menu-item")?.focus();
}

// ------------------------------------------------------------------------------------------ steps
// A choice made step by step on the board, from the actions' structured arguments (never their label text): for
// legal actions of one kind whose arguments are several places (Die Macher's starting sheet: a combination, then a
// board for each of its icons; a deployment scheme, then its boards), the first argument is picked from a short
// list of its values (each worded by the server's own parts with the places still to choose left as "…"), then
// each next argument by clicking its place on the board (place() above) or its button; Back undoes a step, the
// last one sends the one action left. Nothing leaves the page before the action is whole.
//
// One Steps lives in a renderer's closure; `sync(ctx, kinds)` each drawing (the chosen prefix survives redraws and
// is forgotten when the legal actions change).
const SLOT = "▢"; // the argument being chosen now, in the sentence so far (whichever side of it the language words it)

export class Steps {
  constructor() { this.key = ""; this.kind = null; this.chosen = []; this.open = false; this.ctx = null; }
  sync(ctx, kinds) {
    const legal = (ctx.legal || []).filter((a) => kinds.includes(a.kind) && (a.words?.args || []).length > 1);
    const key = legal.map((a) => a.id).join(",");
    if (key !== this.key) { this.key = key; this.chosen = []; this.kind = null; }
    this.ctx = ctx;
    this.all = legal;
    // one kind at a time: the first offered unless one was picked
    const kindsHere = [...new Set(legal.map((a) => a.kind))];
    if (!kindsHere.includes(this.kind)) { this.kind = kindsHere[0] ?? null; this.chosen = []; }
    this.kinds = kindsHere;
    this.open = legal.length > 0;
    ctx.steps = this.open ? this : null;
    return this;
  }
  get left() {
    return this.all.filter((a) => a.kind === this.kind && this.chosen.every((id, i) => a.words.args[i].id === id));
  }
  // the values of the next argument still possible: [{role, id, text, n}] (n: how many actions go on from it)
  options() {
    const i = this.chosen.length;
    const out = new Map();
    for (const a of this.left) {
      const x = a.words.args[i];
      if (!x) continue;
      const o = out.get(x.id) || { role: x.role, id: x.id, text: x.text, n: 0, sample: a };
      o.n += 1;
      out.set(x.id, o);
    }
    return [...out.values()];
  }
  get role() { return this.left[0]?.words.args[this.chosen.length]?.role; }
  // the action's words so far: its parts with the chosen arguments filled and the rest as "…"; `upto` fills the
  // arguments up to that index from `a`
  sentence(a, upto = this.chosen.length, mark = false) {
    const parts = a.words?.parts;
    if (!parts) return a.words?.title || "";
    return parts.map((p) => (typeof p !== "number" ? p : p < upto ? a.words.args[p].text : mark && p === upto ? SLOT : "…")).join("");
  }
  press(step) {
    if (step === "back") { this.chosen.pop(); this.redraw(); return; }
    if (step === "cancel") { this.chosen = []; this.redraw(); return; }
    if (step.startsWith("kind:")) { this.kind = step.slice(5); this.chosen = []; this.redraw(); return; }
    const id = Number(step.slice(step.indexOf(":") + 1));
    if (!this.options().some((o) => o.id === id)) return;
    this.chosen.push(id);
    const left = this.left;
    if (left.length === 1 && left[0].words.args.length === this.chosen.length) {
      const a = left[0];
      this.chosen = [];
      this.key = ""; // the next drawing starts afresh
      this.ctx.act(a);
      return;
    }
    this.redraw();
  }
  redraw() { document.querySelector(".bd-menu")?.remove(); this.ctx?.redraw?.(); }
}

// The panel of a choice under way (HTML, above the board): what is asked, what is chosen so far, a button per value
// of the next argument (the board's places choose them too), Back and Cancel. Words: the server's parts and the
// page's catalog (web.steps_*).
export function stepsPanel(steps, ctx) {
  const { h, t } = ctx;
  active = ctx;
  listen();
  const i = steps.chosen.length;
  const left = steps.left;
  const sample = left[0];
  const opts = steps.options();
  const onBoard = i > 0 && opts.every((o) => o.role === "board");
  const kindButtons = steps.kinds.length > 1 ? steps.kinds.map((k) => {
    const a = steps.all.find((x) => x.kind === k);
    return h("button", { type: "button", class: `bd-step-kind${k === steps.kind ? " primary" : ""}`, "data-bd-step": `kind:${k}`,
      "aria-pressed": k === steps.kind ? "true" : "false" }, a.words.title || k);
  }) : [];
  return h("section", { class: "panel bd-steps", "data-key": "steps", "data-step-kind": steps.kind, "data-step-index": i, "aria-live": "polite" },
    kindButtons,
    h("div", { class: "bd-steps-q" }, i === 0
      ? t("web.steps_first", { title: sample.words.title || "" })
      : onBoard ? t("web.steps_board", { slot: SLOT }) : t("web.steps_next", { slot: SLOT })),
    i > 0 ? h("div", { class: "bd-steps-so-far" }, t("web.steps_so_far", { text: steps.sentence(sample, i, true) })) : null,
    opts.map((o) => h("button", { type: "button", class: "bd-step-opt", "data-bd-step": `${o.role}:${o.id}` },
      i === 0 ? steps.sentence(o.sample, 1) : o.text)),
    i > 0 ? h("button", { type: "button", class: "bd-step-back", "data-bd-step": "back" }, `← ${t("web.back")}`) : null,
    i > 1 ? h("button", { type: "button", class: "bd-step-cancel", "data-bd-step": "cancel" }, t("web.cancel")) : null);
}

// ------------------------------------------------------------------------------------------ drawing in place
// draw(root, build): `build(fresh)` draws the whole board into a detached element as before; draw() then brings
// `root` to look exactly like it, keeping every node that is already right. Children are matched by `data-key`
// (Memory's keys: a cube, a card, a marker stays the same element from drawing to drawing) or else by tag in
// order; attributes and text are written only where they differ. So an update touches what changed only, a kept
// piece whose place changed slides there (board.css transitions its transform), and an animation class on a kept
// element starts again. A renderer that draws this way says `inPlace: true` (the page then does not empty the
// board before drawing).
export function draw(root, build) {
  const fresh = document.createElement(root.tagName || "div");
  build(fresh);
  const again = [];
  patchChildren(root, fresh, again);
  for (const el of again) for (const an of el.getAnimations?.() || []) an.currentTime = 0;
  // a menu left open from the last drawing whose actions are no longer all legal goes
  const m = document.querySelector(".bd-menu");
  if (m && active) {
    const ids = new Set((active.legal || []).map((a) => a.id));
    if (!(m.dataset.actions || "").split(" ").filter(Boolean).every((x) => ids.has(Number(x)))) m.remove();
  }
}

const ANIMATED = ["bd-changed", "bd-flip", "bd-new"];

function keyOf(n) { return n.nodeType === 1 ? n.getAttribute("data-key") : null; }

function patchChildren(live, fresh, again) {
  // the common case first: the same children in the same order (same tags, same keys), nothing to add or remove
  let a = live.firstChild, b = fresh.firstChild;
  while (a && b && a.nodeName === b.nodeName && keyOf(a) === keyOf(b)) { a = a.nextSibling; b = b.nextSibling; }
  if (!a && !b) {
    for (let x = live.firstChild, y = fresh.firstChild; x; x = x.nextSibling, y = y.nextSibling) morph(x, y, again);
    return;
  }
  const keyed = new Map();
  const loose = new Map();
  for (const c of live.childNodes) {
    const k = keyOf(c);
    if (k !== null) keyed.set(`${c.nodeName}|${k}`, c);
    else { const q = loose.get(c.nodeName); if (q) q.push(c); else loose.set(c.nodeName, [c]); }
  }
  const fs = [...fresh.childNodes];
  const pos = new Map(); // next unmatched index per tag in `loose`
  const match = fs.map((f) => {
    const k = keyOf(f);
    if (k !== null) { const m = keyed.get(`${f.nodeName}|${k}`); if (m) keyed.delete(`${f.nodeName}|${k}`); return m; }
    const q = loose.get(f.nodeName);
    const i = pos.get(f.nodeName) || 0;
    if (!q || i >= q.length) return undefined;
    pos.set(f.nodeName, i + 1);
    return q[i];
  });
  // what the new drawing does not have goes first, so that the nodes after it need not move
  const kept = new Set(match.filter(Boolean));
  for (const c of [...live.childNodes]) if (!kept.has(c)) live.removeChild(c);
  let at = live.firstChild;
  fs.forEach((f, i) => {
    let m = match[i];
    if (m) morph(m, f, again);
    else m = f; // new here: the fresh node itself goes in
    if (m !== at) live.insertBefore(m, at);
    else at = at.nextSibling;
  });
}

function morph(a, b, again) {
  if (a.nodeType !== 1) { if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue; return; }
  const had = a.getAttribute("class") || "";
  // by names (strings): walking .attributes would make an Attr object per attribute, most of the cost
  const names = b.getAttributeNames();
  for (const name of names) { const v = b.getAttribute(name); if (a.getAttribute(name) !== v) a.setAttribute(name, v); }
  const had2 = a.getAttributeNames();
  if (had2.length !== names.length || had2.some((n, i) => n !== names[i])) {
    for (const name of had2) if (!b.hasAttribute(name)) a.removeAttribute(name);
  }
  const now = b.getAttribute("class") || "";
  if (now && had) { // an animation class it already had: the animation starts again
    const before = had.split(" "), after = now.split(" ");
    if (ANIMATED.some((c) => after.includes(c) && before.includes(c))) again.push(a);
  }
  patchChildren(a, b, again);
}

// ------------------------------------------------------------------------------------------ memory
// What the last drawing showed, to animate what changed: a piece that appeared pops in, a value that changed
// flashes, a card turned over flips, a marker that moved slides from where it was. Each element it sees gets its
// key as `data-key`, by which draw() keeps it from drawing to drawing. The first drawing animates
// nothing; nor does a drawing under prefers-reduced-motion (the stylesheet turns the animations off).
//
// With the page's ctx (`begin(ctx)`), it also keeps the drawing made just after the seat's own last move (ctx.lastTurn
// changed): on the seat's next turn (ctx.myTurn) everything that differs from it is outlined ("bd-since") until the
// seat acts: what happened while it was away (issue 24, point 2).
export class Memory {
  constructor() { this.prev = null; this.next = new Map(); this.base = null; this.baseTurn = undefined; this.since = false; }
  begin(ctx) {
    this.next = new Map();
    this.ctx = ctx;
    this.since = !!(ctx?.myTurn && this.base);
  }
  end() {
    this.prev = this.next;
    const c = this.ctx;
    if (c && !c.myTurn && c.lastTurn !== this.baseTurn) { this.base = this.next; this.baseTurn = c.lastTurn; }
  }
  // outlined when it differs from the drawing after the seat's last move
  _since(el, key, same) {
    if (!this.since) return;
    const old = this.base.get(key);
    if (!old || !same(old)) el.classList.add("bd-since");
  }
  // an element keyed `key` showing `sig`: "bd-new" when it was not there, "bd-changed" when its sig changed
  seen(el, key, sig = "") {
    el.setAttribute("data-key", key);
    this.next.set(key, { sig: String(sig) });
    this._since(el, key, (o) => o.sig === String(sig));
    if (!this.prev) return el;
    const old = this.prev.get(key);
    if (!old) el.classList.add("bd-new");
    else if (old.sig !== String(sig)) el.classList.add("bd-changed");
    return el;
  }
  // a card keyed `key`: flips when it turned face up (or changed face)
  flipped(el, key, face) {
    el.setAttribute("data-key", key);
    this.next.set(key, { sig: String(face) });
    this._since(el, key, (o) => o.sig === String(face));
    if (!this.prev) return el;
    const old = this.prev.get(key);
    if (old && old.sig !== String(face)) el.classList.add("bd-flip");
    else if (!old) el.classList.add("bd-new");
    return el;
  }
  // a piece keyed `key` now at (x, y) in its drawing: drawn in place (draw()), the kept piece slides from its old
  // place (a transition of its transform); marked "bd-move" for what reads the board
  moved(el, key, x, y) {
    el.setAttribute("data-key", key);
    this.next.set(key, { x, y });
    this._since(el, key, (o) => o.x === x && o.y === y);
    if (!this.prev) return el;
    const old = this.prev.get(key);
    if (!old) { el.classList.add("bd-new"); return el; }
    if (old.x !== undefined && (old.x !== x || old.y !== y)) el.classList.add("bd-move");
    return el;
  }
}
