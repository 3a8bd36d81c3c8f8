// Die Macher (2019) in the browser: the state boards (opinion cards, double marker, media, rallies, trends,
// votes, politicians), the players (platform, money and hand where this seat may see them), the card
// displays, polls and auctions, and the election results. Numbers per seat are indexed by seat.

function partyOf(view, s) { return view.players[s]?.party ?? -1; }

export default {
  render(root, view, ctx) {
    const { h, t, names, who } = ctx;
    const seats = view.players.map((p) => p.seat);
    const nm = (s) => { const p = partyOf(view, s); return p >= 0 ? `${who(s)} · ${names.parties?.[p] ?? p}` : who(s); };
    const card = (c) => h("span", { class: `chip ${c % 2 === 0 ? "pro" : "contra"}`, "data-card": c }, names.cards?.[c] ?? c);
    const perSeat = (arr) => seats.filter((s) => arr[s]).map((s) => `${names.parties?.[partyOf(view, s)] ?? who(s)} ${arr[s]}`).join(" · ") || "—";

    // media presence after an election (三.9.2): which state voted, what a marker is worth, who decides
    const pv = view.phase === "presence" ? view.presence : null;
    if (pv) {
      const stateName = names.states?.[pv.state] ?? pv.state;
      root.append(h("section", { class: "panel presence", "data-board": pv.board },
        h("h3", {}, t("web.presence_title", { state: stateName })),
        h("div", { class: "kv" },
          h("span", {}, t("web.presence_value")), h("span", {}, t("web.presence_value_n", { value: pv.value })),
          h("span", {}, t("web.presence_deciders")), h("span", {}, pv.deciders.map(nm).join(" → ") || "—"))));
    }

    // players
    root.append(h("section", { class: "panel" }, h("h3", {}, `${t("web.round", { n: view.round })} · ${t(`phase.${view.phase}`)}`),
      h("div", { class: "boards players" }, view.players.map((p) => h("div", {
        class: `boardcard party-${p.party}${p.seat === view.you ? " mine-panel" : ""}`, "data-seat": p.seat },
        h("h4", {}, nm(p.seat)),
        h("div", { class: "kv" },
          h("span", {}, t("web.money")), h("span", { class: "money" }, p.money === null ? "?" : `${p.money.toLocaleString("en")} €`),
          h("span", {}, t("web.base")), h("span", {}, String(p.base)),
          h("span", {}, t("web.reserves")), h("span", {}, `${t("web.media")} ${p.media_reserve} · ${t("web.rallies")} ${p.rally_reserve}`),
          h("span", {}, t("web.points")), h("span", {}, `${p.election_points} (+${p.election_bonus})`),
          h("span", {}, t("web.platform")), h("span", { class: "chips" }, p.platform.map(card)),
          h("span", {}, t("web.hand")), p.hand === null
            ? h("span", {}, t("web.cards_n", { n: p.hand_size }))
            : h("span", { class: "chips hand" }, p.hand.map(card))))))));

    // state boards
    root.append(h("section", { class: "panel" }, h("h3", {}, t("web.boards")), h("div", { class: "boards" }, view.boards.map((b) => {
      if (b.state < 0) return h("div", { class: "boardcard" }, h("h4", {}, t("part.board", { n: b.board + 1 })), "—");
      const deciding = pv && pv.board === b.board;
      return h("div", { class: `boardcard${deciding ? " current" : ""}`, "data-board": b.board },
        h("h4", {}, `${t("part.board", { n: b.board + 1 })}: ${names.states?.[b.state] ?? b.state}`,
          b.election_round ? h("span", { class: "hint" }, ` · ${t("web.election_in", { n: b.election_round })}`) : null,
          deciding && pv.deciders.includes(view.you) ? h("span", { class: "hint" }, ` · ${t("web.presence_mine")}`) : null),
        h("div", { class: "kv" },
          h("span", {}, t("web.opinions")), h("span", { class: "chips" }, b.opinions.map(card),
            Array.from({ length: b.hidden_opinions }, () => h("span", { class: "chip hidden" }, "?"))),
          h("span", {}, t("web.double")), h("span", {}, b.double >= 0 ? names.issues?.[b.double] ?? b.double : "—"),
          h("span", {}, t("web.media")), h("span", {}, perSeat(b.media) + (b.media_controller >= 0 ? ` (${t("web.controls", { who: nm(b.media_controller) })})` : "")),
          h("span", {}, t("web.rallies")), h("span", {}, perSeat(b.rallies)),
          h("span", {}, t("web.trend")), h("span", {}, perSeat(b.trend)),
          h("span", {}, t("web.votes")), h("span", {}, perSeat(b.votes)),
          b.politicians.length ? h("span", {}, t("web.politicians")) : null,
          b.politicians.length ? h("span", {}, b.politicians.map((x) => `${names.parties?.[partyOf(view, x.player)] ?? who(x.player)}: ${x.politician === null ? "?" : names.politicians?.[x.politician] ?? x.politician}`).join(" · ")) : null));
    }))));

    // displays, polls, auctions
    const extra = [];
    extra.push(h("span", {}, t("web.program_display")), h("span", { class: "chips" }, view.program.display.map(card), ` (${t("web.deck")} ${view.program.deck_size})`));
    extra.push(h("span", {}, t("web.opinion_display")), h("span", { class: "chips" }, view.opinion.display.map(card), ` (${t("web.deck")} ${view.opinion.deck_size})`));
    extra.push(h("span", {}, t("web.polls")), h("span", {}, `${t("web.deck")} ${view.polls.deck_size}`));
    if (view.poll) {
      const p = view.poll;
      extra.push(h("span", {}, t("web.poll")), h("span", {},
        `${t("part.board", { n: p.board + 1 })}${p.trend ? ` · ${t("web.trend")} ${p.trend.join(", ")}` : ""}${p.high_bidder >= 0 ? ` · ${t("web.high_bid", { who: nm(p.high_bidder), amount: p.high_bid })}` : ""}`));
    }
    if (view.tie) extra.push(h("span", {}, t("web.tie")), h("span", {}, `${view.tie.players.map(nm).join(", ")} · ${view.tie.price} / ${view.tie.high}`));
    if (view.bids_submitted) extra.push(h("span", {}, t("web.bids")), h("span", {}, seats.map((s) => `${who(s)} ${view.bids_submitted[s] ? "✓" : "…"}`).join(" · ")));
    if (view.your_bid !== undefined) extra.push(h("span", {}, t("web.your_bid")), h("span", {}, String(view.your_bid)));
    if (view.draft && view.draft.packet.length) extra.push(h("span", {}, t("web.draft")), h("span", { class: "chips" }, view.draft.packet.map(card)));
    extra.push(h("span", {}, t("web.double_left")), h("span", {}, String(view.double_markers_left)));
    root.append(h("section", { class: "panel" }, h("div", { class: "kv" }, extra)));

    if (view.results.length) {
      root.append(h("section", { class: "panel" }, h("h3", {}, t("web.results")), h("div", { class: "scroll-x" },
        h("table", { class: "grid" }, h("tr", {}, h("th", {}, "#"), h("th", {}, ""), seats.map((s) => h("th", {}, nm(s)))),
          view.results.map((r) => h("tr", {}, h("td", {}, String(r.election + 1)), h("td", {}, names.states?.[r.state] ?? r.state),
            seats.map((s) => h("td", { class: r.winners.includes(s) ? "winner" : "" }, `${r.votes[s]} → ${r.points[s]}${r.bonus[s] ? `+${r.bonus[s]}` : ""}`))))))));
    }
  },
  // what the phase asks of this seat (the generic "your turn" otherwise)
  asks(view, ctx) {
    if (view.phase === "presence" && view.presence) {
      const pv = view.presence;
      return ctx.t("web.presence_asks", { state: ctx.names.states?.[pv.state] ?? pv.state, value: pv.value });
    }
    return undefined;
  },
  scores(view) {
    if (Array.isArray(view.scores)) return view.scores.map((s, i) => ({ seat: i, total: s.total }));
    return view.players.map((p) => ({ seat: p.seat, total: p.election_points + p.election_bonus }));
  },
};
