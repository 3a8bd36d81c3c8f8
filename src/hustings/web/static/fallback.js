// The generic renderer for a game without its own: the view as a readable tree, the viewer's own part first.

function label(k) { return String(k).replace(/_/g, " "); }

function tree(h, value, depth = 0) {
  if (value === null || value === undefined) return h("span", { class: "nil" }, "—");
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return h("span", { class: "list" }, value.map((v) => (v === null ? "—" : String(v))).join(", ") || "∅");
    return h("ol", { class: "tree", start: 0 }, value.map((v) => h("li", {}, tree(h, v, depth + 1))));
  }
  if (typeof value === "object") {
    return h("dl", { class: "tree" }, Object.entries(value).flatMap(([k, v]) => [h("dt", {}, label(k)), h("dd", {}, tree(h, v, depth + 1))]));
  }
  return h("span", { class: typeof value }, String(value));
}

export default {
  render(root, view, ctx) {
    const h = ctx.h;
    const me = view && typeof view === "object" ? view.you : null;
    const players = view?.players;
    if (Number.isInteger(me) && Array.isArray(players) && players[me]) {
      root.append(h("section", { class: "panel mine" }, h("h3", {}, ctx.t("your_side", { who: ctx.who(me) })), tree(h, players[me])));
    }
    root.append(h("section", { class: "panel" }, h("h3", {}, ctx.t("table_view")), tree(h, view)));
  },
  scores(view) {
    if (Array.isArray(view?.scores)) return view.scores.map((s, i) => ({ seat: i, total: typeof s === "object" ? s?.total : s }));
    return [];
  },
};
