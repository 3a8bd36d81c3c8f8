// Die Macher (classic) in the browser: each party's public program, seats and supplies and this seat's own
// hand, money, starting sheet and bid; the four election boards (opinion cards, key issue, media, cubes,
// popularity, votes, coalitions, shadow cabinet); the national board (opinion row, media, decks); polls and
// auctions; the election results. Seat p plays party p (the view's numbers are indexed by seat).

// Points so far, as the final scoring counts them (rules/scoring.py): seats won, national media, national
// opinions matching the program, and members: a point each (unless the table plays the bonus only) plus the
// bonus (10 for most, 6 for second; a tie for most shares 16).
function pointsSoFar(view, d) {
  const n = view.players.length;
  const members = view.players.map((p) => p.members);
  const bonus = Array(n).fill(0);
  const top = Math.max(...members);
  const first = members.flatMap((m, p) => (m === top ? [p] : []));
  if (first.length > 1) for (const p of first) bonus[p] = Math.floor((d.members_bonus[0] + d.members_bonus[1]) / first.length);
  else {
    bonus[first[0]] = d.members_bonus[0];
    const rest = members.filter((_, p) => p !== first[0]);
    if (rest.length) {
      const second = Math.max(...rest);
      const seconds = members.flatMap((m, p) => (m === second && p !== first[0] ? [p] : []));
      if (seconds.length === 1) bonus[seconds[0]] = d.members_bonus[1];
    }
  }
  const count = view.rules?.member_score !== "bonus";
  return view.players.map((p, s) => {
    const seats = p.seats.reduce((a, b) => a + b, 0);
    const memberPoints = bonus[s] + (count ? p.members : 0);
    const media = view.national_media.filter(([q]) => q === s).reduce((a, [, e]) => a + (d.media_points[e - 1] ?? 0), 0);
    let opinions = 0;
    view.national_row.forEach(([card, secured], j) => {
      if (p.program.includes(card)) opinions += (d.national_points[j] ?? 0) + (secured ? d.secured_bonus : 0);
    });
    return { seats, media, members: memberPoints, opinions, total: seats + media + memberPoints + opinions };
  });
}

export default {
  render(root, view, ctx) {
    const { h, t, names, who } = ctx;
    const d = names.scoring || {};
    const partyName = (s) => names.parties?.[view.players[s]?.party ?? s] ?? who(s);
    const nm = (s) => `${who(s)} · ${partyName(s)}`;
    const card = (c, extra = "") => h("span", { class: `chip ${c % 2 === 0 ? "pro" : "contra"}${extra}`, "data-card": c }, names.cards?.[c] ?? c);
    const perSeat = (arr, fmt = (v) => v) => {
      const parts = arr.map((v, s) => (v ? h("span", { class: `chip party-${s}`, "data-seat": s }, `${partyName(s)} ${fmt(v)}`) : null)).filter(Boolean);
      return parts.length ? h("span", { class: "chips" }, parts) : h("span", {}, "—");
    };
    const boardName = (b) => (b >= 0 ? `${t("part.board", { n: b + 1 })}${view.boards[b]?.state >= 0 ? ` (${names.states?.[view.boards[b].state] ?? ""})` : ""}` : "—");
    const money = (v) => `${Number(v).toLocaleString("en")} DM`;
    // the popularity track (003 §2): a marker's value and which of the five spaces it is, counted from the top
    const track = names.track || [3, 2, 0, -2, -3];
    const popValue = (v) => (v > 0 ? `+${v}` : String(v));
    const popLabel = (v) => t("part.pop", { value: popValue(v), n: track.indexOf(v) + 1, of: track.length });
    const move = (c) => t(c === 0 ? "part.move.none" : `part.move.${c > 0 ? "up" : "down"}${Math.abs(c) === 1 ? "1" : ""}`, { n: Math.abs(c) });

    // the parties
    root.append(h("section", { class: "panel" }, h("h3", {}, `${t("web.round", { n: view.round })} / ${view.rounds} · ${t(`phase.${view.phase}`)}`),
      h("div", { class: "boards players" }, view.players.map((p, s) => {
        const mine = s === view.you;
        const rows = [
          h("span", {}, t("web.money")), h("span", { class: "money" }, p.money === null ? "?" : money(p.money)),
          h("span", {}, t("web.members")), h("span", {}, String(p.members)),
          h("span", {}, t("web.seats")), h("span", {}, `${p.seats.join(" · ")} (Σ ${p.seats.reduce((a, b) => a + b, 0)})`),
          h("span", {}, t("web.supplies")), h("span", {}, `${t("web.media")} ${p.media_supply} · ${t("web.cubes")} ${p.cube_supply} · ${t("web.coalition_tiles")} ${p.coalition_tiles}`),
          h("span", {}, t("web.platform")), h("span", { class: "chips" }, p.program.map((c) => card(c))),
          h("span", {}, t("web.hand")), p.hand === null
            ? h("span", {}, t("web.cards_n", { n: p.hand_size }))
            : h("span", { class: "chips hand" }, p.hand.length ? p.hand.map((c) => card(c)) : "—"),
        ];
        if (mine && p.sheet && p.sheet.some((a) => a >= 0)) {
          rows.push(h("span", {}, t("web.sheet")), h("span", { class: "sheet" },
            p.sheet.filter((a) => a >= 0).map((a) => h("div", {}, names.sheet?.[a] ?? a))));
        } else if (!mine && p.sheet_written.some(Boolean) && view.phase === "sheet") {
          rows.push(h("span", {}, t("web.sheet")), h("span", {}, t("web.written")));
        }
        if (p.bid !== null && p.bid !== undefined) rows.push(h("span", {}, t("web.your_bid")), h("span", {}, money(p.bid)));
        else if (p.bid_written && (view.phase === "bid" || view.phase === "tie")) rows.push(h("span", {}, t("web.bid")), h("span", {}, t("web.written")));
        if (p.donation.length) rows.push(h("span", {}, t("web.donation")), h("span", {}, p.donation[0] < 0 ? t("web.face_down") : `#${p.donation[0] + 1} ${p.donation[1] ? "✓" : "✗"}`));
        if (p.in_coalition) rows.push(h("span", {}, t("web.coalitions")), h("span", {}, "✓"));
        return h("div", { class: `boardcard party-${p.party}${mine ? " mine-panel" : ""}`, "data-seat": s },
          h("h4", {}, nm(s), s === view.first && !["sheet", "bid", "tie", "first"].includes(view.phase)
            ? h("span", { class: "chip" }, t("web.start_player")) : null), h("div", { class: "kv" }, rows));
      }))));

    // the election boards
    root.append(h("section", { class: "panel" }, h("h3", {}, t("web.boards")), h("div", { class: "boards" }, view.boards.map((b, i) => {
      if (b.state < 0) return h("div", { class: "boardcard", "data-board": i }, h("h4", {}, t("part.board", { n: i + 1 })), "—");
      const current = view.board === i;
      return h("div", { class: `boardcard${current ? " current" : ""}`, "data-board": i },
        h("h4", {}, `${t("part.board", { n: i + 1 })}: ${names.states?.[b.state] ?? b.state}`,
          h("span", { class: "hint" }, ` · ${t("web.election_in", { n: b.election })}`),
          b.controller >= 0 ? h("span", { class: `chip party-${b.controller}` }, t("web.controls", { who: partyName(b.controller) })) : null),
        h("div", { class: "kv" },
          h("span", {}, t("web.opinions")), h("span", { class: "chips" }, b.up.map((c) => card(c, b.key_issue === (c >> 1) ? " key" : "")),
            Array.from({ length: b.down }, () => h("span", { class: "chip hidden" }, "?"))),
          h("span", {}, t("web.key_issue")), h("span", {}, b.key_issue >= 0 ? names.issues?.[b.key_issue] ?? b.key_issue : "—"),
          h("span", {}, t("web.media")), perSeat(b.media),
          h("span", {}, t("web.cubes")), perSeat(b.cubes),
          h("span", {}, t("web.popularity")), perSeat(b.popularity, popLabel),
          h("span", {}, t("web.votes")), perSeat(b.votes),
          b.coalitions.length ? h("span", {}, t("web.coalitions")) : null,
          b.coalitions.length ? h("span", {}, b.coalitions.map(([a, c]) => `${partyName(a)} + ${partyName(c)}`).join(" · ")) : null,
          b.cabinet.length ? h("span", {}, t("web.cabinet")) : null,
          b.cabinet.length ? h("span", { class: "chips" }, b.cabinet.map(([s, c]) => h("span", { class: `chip party-${s}` },
            `${partyName(s)}: ${c < 0 ? "?" : names.cabinet?.[c] ?? c}`))) : null));
    }))));

    // the national board, decks, the auction or poll under way
    const nat = [];
    nat.push(h("span", {}, t("web.national_row")), view.national_row.length
      ? h("ol", { class: "national-row" }, view.national_row.map(([c, secured], j) => h("li", {}, card(c),
        ` ${d.national_points?.[j] ?? ""}${secured ? ` +${d.secured_bonus} (${t("web.secured")})` : ""}`)))
      : h("span", {}, "—"));
    nat.push(h("span", {}, t("web.national_media")), view.national_media.length
      ? h("span", { class: "chips" }, view.national_media.map(([q, e]) => h("span", { class: `chip party-${q}` }, `${partyName(q)} ${d.media_points?.[e - 1] ?? ""}`)))
      : h("span", {}, "—"));
    nat.push(h("span", {}, t("web.deck")), h("span", {}, `${t("web.program_display")} ${view.decks.program} · ${t("web.opinions")} ${view.decks.opinion} · ${t("web.polls")} ${view.decks.poll} · ${t("web.states_left")} ${view.decks.state}`));
    if (view.exchange_pool.length) nat.push(h("span", {}, t("web.exchange_pool")), h("span", { class: "chips" }, view.exchange_pool.map((c) => card(c))));
    if (view.tie.players.length) nat.push(h("span", {}, t("web.tie")), h("span", {}, `${view.tie.players.map(nm).join(", ")} ≥ ${money(view.tie.minimum)}`));
    if (view.poll.board >= 0) {
      nat.push(h("span", {}, t("web.poll")), h("span", {}, `${boardName(view.poll.board)}${view.poll.bidder >= 0 ? ` · ${t("web.high_bid", { who: nm(view.poll.bidder), amount: money(view.poll.high) })}` : ""}`));
      if (view.poll.roll >= 0) nat.push(h("span", {}, t("web.poll_card")), h("span", {}, t("part.poll_roll", { roll: view.poll.roll, board: boardName(view.poll.board) })));
      else if (view.poll.card) nat.push(h("span", {}, t("web.poll_card")), h("ol", {}, view.poll.card.map((o) => h("li", {},
        o.slice(0, view.players.length).map((c, s) => (c ? `${partyName(s)} ${move(c)}` : null)).filter(Boolean).join(" · ") || "0"))));
    }
    if (view.offer[0] >= 0) nat.push(h("span", {}, t("web.offer")), h("span", {}, `${partyName(view.offer[0])} → ${partyName(view.offer[1])}`));
    if (view.rally_board >= 0) nat.push(h("span", {}, t("web.rallies")), h("span", {}, boardName(view.rally_board)));
    if (view.convert_board >= 0) nat.push(h("span", {}, t("web.convert")), h("span", {}, boardName(view.convert_board)));
    root.append(h("section", { class: "panel" }, h("h3", {}, t("web.national")), h("div", { class: "kv" }, nat)));

    // the elections so far: votes and seats per party, the winner and how
    if (view.results.length) {
      const n = view.players.length;
      root.append(h("section", { class: "panel results" }, h("h3", {}, t("web.results")), h("div", { class: "scroll-x" },
        h("table", { class: "grid" },
          h("tr", {}, h("th", {}, t("web.round_short")), h("th", {}, t("web.state")),
            Array.from({ length: n }, (_, s) => h("th", { class: `party-${s}` }, partyName(s))), h("th", {}, t("web.winner"))),
          view.results.map((r) => h("tr", { "data-round": r.round },
            h("td", {}, String(r.round)), h("td", {}, names.states?.[r.state] ?? r.state),
            Array.from({ length: n }, (_, s) => h("td", { class: r.winners.includes(s) ? "winner" : "" },
              `${r.votes[s]} ${t("web.votes_short")} → ${r.seats[s]} ${t("web.seats_short")}`)),
            h("td", {}, `${r.winners.map(partyName).join(" + ") || "—"} (${t(`win.${r.kind}`)})`)))))));
    }
  },
  scores(view, ctx) {
    const d = ctx.names.scoring;
    if (Array.isArray(view.scores)) return view.scores.map((s, i) => ({ seat: i, total: s.total }));
    if (!d) return view.players.map((p, s) => ({ seat: s, total: p.seats.reduce((a, b) => a + b, 0) }));
    return pointsSoFar(view, d).map((r, s) => ({ seat: s, total: r.total }));
  },
};
