// Die Macher (classic) in the browser: the four election boards (opinion cards, key issue, media, cubes,
// popularity, votes, coalitions, shadow cabinet), the national board, each party's public program and
// supplies, and this seat's own hand, money, starting sheet and bid. Per-seat numbers are indexed by seat.

export default {
  render(root, view, ctx) {
    const { h, t, names, who } = ctx;
    const n = view.players.length;
    const party = (s) => names.parties?.[view.players[s]?.party] ?? who(s);
    const nm = (s) => `${who(s)} · ${party(s)}`;
    const card = (c) => h("span", { class: `chip ${c % 2 === 0 ? "pro" : "contra"}`, "data-card": c }, names.cards?.[c] ?? c);
    const perSeat = (arr) => arr.map((v, s) => (v ? `${party(s)} ${v}` : null)).filter(Boolean).join(" · ") || "—";

    root.append(h("section", { class: "panel" }, h("h3", {}, `${t("web.round", { n: view.round })} / ${view.rounds} · ${t(`phase.${view.phase}`)}`),
      h("div", { class: "boards players" }, view.players.map((p, s) => h("div", {
        class: `boardcard party-${p.party}${s === view.you ? " mine-panel" : ""}`, "data-seat": s },
        h("h4", {}, nm(s)),
        h("div", { class: "kv" },
          h("span", {}, t("web.money")), h("span", { class: "money" }, p.money === null ? "?" : `${p.money.toLocaleString("en")} DM`),
          h("span", {}, t("web.members")), h("span", {}, String(p.members)),
          h("span", {}, t("web.seats")), h("span", {}, p.seats.join(" · ")),
          h("span", {}, t("web.supplies")), h("span", {}, `${t("web.media")} ${p.media_supply} · ${t("web.cubes")} ${p.cube_supply} · ${t("web.coalition_tiles")} ${p.coalition_tiles}`),
          h("span", {}, t("web.platform")), h("span", { class: "chips" }, p.program.map(card)),
          h("span", {}, t("web.hand")), p.hand === null
            ? h("span", {}, t("web.cards_n", { n: p.hand_size }))
            : h("span", { class: "chips hand" }, p.hand.map(card)),
          p.bid !== null && p.bid !== undefined ? h("span", {}, t("web.your_bid")) : null,
          p.bid !== null && p.bid !== undefined ? h("span", {}, String(p.bid)) : null))))));

    root.append(h("section", { class: "panel" }, h("h3", {}, t("web.boards")), h("div", { class: "boards" }, view.boards.map((b, i) => h("div", {
      class: `boardcard${view.board === i ? " mine-panel" : ""}`, "data-board": i },
      h("h4", {}, `${t("part.board", { n: i + 1 })}: ${names.states?.[b.state] ?? b.state}`, h("span", { class: "hint" }, ` · ${t("web.election_in", { n: b.election })}`)),
      h("div", { class: "kv" },
        h("span", {}, t("web.opinions")), h("span", { class: "chips" }, b.up.map(card), Array.from({ length: b.down }, () => h("span", { class: "chip hidden" }, "?"))),
        h("span", {}, t("web.double")), h("span", {}, b.key_issue >= 0 ? names.issues?.[b.key_issue] ?? b.key_issue : "—"),
        h("span", {}, t("web.media")), h("span", {}, perSeat(b.media)),
        h("span", {}, t("web.cubes")), h("span", {}, perSeat(b.cubes)),
        h("span", {}, t("web.popularity")), h("span", {}, perSeat(b.popularity)),
        h("span", {}, t("web.votes")), h("span", {}, perSeat(b.votes)),
        b.coalitions.length ? h("span", {}, t("web.coalitions")) : null,
        b.coalitions.length ? h("span", {}, b.coalitions.map(([a, c]) => `${party(a)}+${party(c)}`).join(" · ")) : null,
        b.cabinet.length ? h("span", {}, t("web.politicians")) : null,
        b.cabinet.length ? h("span", {}, b.cabinet.map(([s, c]) => `${party(s)}: ${c < 0 ? "?" : names.cabinet?.[c] ?? c}`).join(" · ")) : null)))))));

    const nat = [];
    if (view.national_row.length) nat.push(h("span", {}, t("web.national_row")), h("span", { class: "chips" }, view.national_row.map((x) => card(x[0]))));
    if (view.national_media.length) nat.push(h("span", {}, t("web.national_media")), h("span", {}, view.national_media.map((x) => party(x[0])).join(" · ")));
    nat.push(h("span", {}, t("web.deck")), h("span", {}, `${t("web.program_display")} ${view.decks.program} · ${t("web.opinions")} ${view.decks.opinion} · ${t("web.polls")} ${view.decks.poll}`));
    if (view.tie.players.length) nat.push(h("span", {}, t("web.tie")), h("span", {}, `${view.tie.players.map(nm).join(", ")} ≥ ${view.tie.minimum}`));
    if (view.poll.board >= 0) nat.push(h("span", {}, t("web.poll")), h("span", {}, `${t("part.board", { n: view.poll.board + 1 })}${view.poll.bidder >= 0 ? ` · ${t("web.high_bid", { who: nm(view.poll.bidder), amount: view.poll.high })}` : ""}`));
    root.append(h("section", { class: "panel" }, h("h3", {}, t("web.national")), h("div", { class: "kv" }, nat)));

    if (view.results.length) {
      root.append(h("section", { class: "panel" }, h("h3", {}, t("web.results")),
        h("ul", {}, view.results.map((r) => h("li", {}, JSON.stringify(r).slice(0, 200))))));
    }
    void n;
  },
  scores(view) {
    if (Array.isArray(view.scores)) return view.scores.map((s, i) => ({ seat: i, total: s.total }));
    return view.players.map((p, s) => ({ seat: s, total: p.seats.reduce((a, b) => a + b, 0) }));
  },
};
