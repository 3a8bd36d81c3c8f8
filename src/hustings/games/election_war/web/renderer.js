// 選舉之戰 in the browser: the six rows with each seat's candidate, the news hand, deck and discard, wind checks
// as they happen, the count. Only what this seat's view holds is drawn (others' hands are counts).

function pct(v) { return v === null || v === undefined ? "?" : `${Math.floor(v / 10)}.${v % 10}%`; }

export default {
  render(root, view, ctx) {
    const { h, t, names, who } = ctx;
    const n = view.players;
    const roleName = (c) => (c === null || c === undefined ? "" : names.roles?.[c] ?? `#${c}`);
    const candCell = (c) => {
      if (!c || !c.placed) return h("td", { class: "empty" }, "·");
      if (c.card === null || c.card === undefined) return h("td", { class: "facedown" }, h("span", { class: "chip hidden" }, "?"));
      return h("td", { class: `party-${c.party ?? 0}${c.status ? " out" : ""}`, "data-card": c.card },
        h("strong", {}, roleName(c.card)), " ",
        h("span", { class: "chip" }, names.frames?.[c.frame] ?? ""), " ",
        h("span", { class: "chip" }, names.parties?.[c.party] ?? ""), h("br"),
        h("span", { class: "hint" }, `Lv ${c.level} · ⚔ ${c.strength} · ${pct(c.vote_share)}`),
        c.status ? h("div", { class: "hint" }, t(`status.${c.status}`)) : null,
        c.protected ? h("span", { class: "chip pro" }, "🛡") : null);
    };
    const table = h("table", { class: "grid rows" },
      h("tr", {}, h("th", {}, "#"), h("th", {}, t("web.district")), Array.from({ length: n }, (_, s) => h("th", {}, who(s)))),
      view.rows.map((r, i) => h("tr", { class: i === view.round ? "current-row" : "", "data-row": i },
        h("td", {}, String(i + 1)), h("td", {}, names.districts?.[r.district] ?? r.district),
        (view.candidates[i] || []).map(candCell))));
    root.append(h("section", { class: "panel" },
      h("h3", {}, `${t(`phase.${view.phase}`)} · ${t("web.round", { n: Math.min(view.round + 1, 6) })}`),
      h("div", { class: "scroll-x" }, table)));

    // the news card being resolved and the latest wind checks (from the events this seat saw)
    const checks = ctx.events.filter((e) => e.type === "wind_check").slice(-3);
    if (view.pending || checks.length) {
      root.append(h("section", { class: "panel" },
        view.pending ? h("p", {}, t("web.in_play"), ": ", h("strong", {}, names.news_labels?.[view.pending.card] ?? view.pending.card),
          " → ", who(view.pending.target)) : null,
        checks.length ? h("ul", { class: "checks" }, checks.map((e) => h("li", { class: e.data.success ? "ok" : "bad" }, e.text || e.type))) : null));
    }

    // own secrets: the news hand and the role cards still in hand
    if (Number.isInteger(view.you)) {
      root.append(h("section", { class: "panel mine-panel" },
        h("h3", {}, t("your_side", { who: who(view.you) })),
        h("div", {}, h("strong", {}, t("web.hand")), ": ",
          h("div", { class: "chips hand" }, (view.hand || []).map((c) => h("span", { class: "chip", "data-news": c }, names.news_labels?.[c] ?? c)))),
        (view.role_hand || []).length ? h("div", {}, h("strong", {}, t("web.roles_in_hand")), ": ",
          h("div", { class: "chips" }, view.role_hand.map((c) => h("span", { class: "chip", "data-role": c }, names.role_labels?.[c] ?? c)))) : null));
    }

    const last = view.discard.slice(-5).map((c) => names.news?.[c] ?? c);
    root.append(h("section", { class: "panel" },
      h("div", { class: "kv" },
        h("span", {}, t("web.deck")), h("span", {}, String(view.deck)),
        h("span", {}, t("web.discard")), h("span", {}, `${view.discard.length}${last.length ? ` (${last.join(", ")} …)` : ""}`),
        h("span", {}, t("web.hand_sizes")), h("span", {}, view.hand_sizes.map((k, s) => `${who(s)}: ${k}`).join(" · ")),
        h("span", {}, t("score.total")), h("span", {}, view.votes.map((v, s) => `${who(s)}: ${v}`).join(" · ")))));

    if (view.results.length) {
      root.append(h("section", { class: "panel" }, h("h3", {}, t("web.results")),
        h("table", { class: "grid" }, view.results.map((r) => h("tr", {},
          h("td", {}, String(r.row + 1)), h("td", {}, names.districts?.[r.district] ?? ""),
          h("td", {}, r.winner >= 0 ? who(r.winner) : "—"), h("td", {}, roleName(r.card)),
          h("td", {}, r.took_district ? t("part.took_both") : t("part.took_card")))))));
    }
  },
  scores(view, ctx) { return view.votes.map((v, s) => ({ seat: s, total: v })); },
};
