// Die Macher (classic) in the browser, drawn as a board: a tile map of Germany with the states on the four election
// boards marked; each election board with its opinion cards (the key issue marked), media markers, cubes, the
// five-space popularity track, the vote track, coalitions and the shadow cabinet; the national board (opinion row
// with its points, national media); each party's money, members, seats, supplies, program and (own) hand,
// starting sheet and bid; polls and auctions; the election results. Seat p plays party p. Pieces carry their
// party's letter as well as its colour; places that stand for a legal action (a board, a card, a party) choose it
// when clicked, and what changed since the last drawing is animated (board.js's Memory).

import { s, svgRoot, label, tile, piece, track, scale, card, place, Memory, Steps, stepsPanel, draw } from "/static/board.js";
import { TILES, PARTIES, ISSUE_ICONS } from "./layout.js";

const memory = new Memory();
// kinds whose arguments are several places, chosen step by step on the board (board.js"s Steps)
const STEP_KINDS = ["sheet1", "sheet2"];
const steps = new Steps();

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

const renderer = {
  // drawn in place: each update changes only what differs from the last drawing (board.js's draw)
  inPlace: true,
  render(root, view, ctx) { draw(root, (fresh) => renderer.build(fresh, view, ctx)); },
  build(root, view, ctx) {
    const { h, t, names, who } = ctx;
    memory.begin(ctx); // ctx: what changed since this seat's last turn stays outlined
    steps.sync(ctx, STEP_KINDS); // a choice of several places under way (ctx.steps while it is)
    if (ctx.steps) root.append(stepsPanel(steps, ctx));
    const d = names.scoring || {};
    const n = view.players.length;
    const seatsIdx = view.players.map((_, i) => i);
    const partyName = (s) => names.parties?.[view.players[s]?.party ?? s] ?? who(s);
    const nm = (s) => `${who(s)} · ${partyName(s)}`;
    const look = (s) => PARTIES[names.party_ids?.[view.players[s]?.party ?? s]] || { fill: "#9aa0a6", ink: "#fff", letter: String(s + 1) };
    const pc = (s, data = {}) => ({ ...look(s), data: { seat: s, ...data }, title: nm(s) });
    const face = (c) => ({ title: names.issues?.[c >> 1] ?? "", mark: c % 2 ? "−" : "+", icon: ISSUE_ICONS[c >> 1],
      tone: c % 2 ? "contra" : "pro", tip: names.cards?.[c] ?? String(c) });
    const boardName = (b) => (b >= 0 ? `${t("part.board", { n: b + 1 })}${view.boards[b]?.state >= 0 ? ` (${names.states?.[view.boards[b].state] ?? ""})` : ""}` : "—");
    const money = (v) => `${Number(v).toLocaleString("en")} DM`;
    const nb = names.board || {};
    // the popularity track (003 §2): five spaces, drawn from the lowest value on the left to the highest
    const trackVals = [...(names.track || [3, 2, 0, -2, -3])].reverse();
    const popValue = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "0");
    const move = (c) => t(c === 0 ? "part.move.none" : `part.move.${c > 0 ? "up" : "down"}${Math.abs(c) === 1 ? "1" : ""}`, { n: Math.abs(c) });
    // the board a cabinet card of this seat acts on now: its opinion cards are places for the key issue
    const mineExec = (view.cabinet_actions || []).find((e) => e[0] === view.you);
    const focus = view.phase === "cab_exec" && mineExec ? mineExec[1] : -1;
    const boardPlace = (el, b) => place(el, ctx, { role: "board", id: b, kinds: ["media", "cab", ...STEP_KINDS] });

    // --- the map
    const T = 72, G = 6;
    const map = svgRoot(5 * (T + G) + G, 5 * (T + G) + G, { class: "bd-map", "aria-label": t("web.boards") });
    const onBoard = new Map(view.boards.map((b, i) => [b.state, i]).filter(([st]) => st >= 0));
    (names.state_codes || []).forEach((code, st) => {
      const at = TILES[code];
      if (!at) return;
      const bi = onBoard.get(st);
      const b = bi === undefined ? null : view.boards[bi];
      const voting = b && view.board === bi;
      const w = at[2] * T + (at[2] - 1) * G;
      const g = tile(G + at[0] * (T + G), G + at[1] * (T + G), w, T, {
        name: names.states?.[st] ?? code, cls: b ? `bd-on${voting ? " bd-voting" : ""}` : "", data: { state: st, board: bi } });
      if (b) {
        g.append(piece("hex", 12, 12, { size: 16, fill: "#1d5fa8", letter: String(bi + 1), title: t("part.board", { n: bi + 1 }) }));
        if (b.election) g.append(label(w / 2, T - 6, t("web.election_in", { n: b.election }), { size: 9, anchor: "middle", w: w - 6, cls: "bd-muted" }));
        boardPlace(g, bi);
      }
      memory.seen(g, `tile:${st}`, b ? `${bi}` : "");
      map.append(g);
    });

    // --- the election boards
    const W = 360;
    const boardSvgs = view.boards.map((b, i) => {
      if (b.state < 0) return null;
      const current = view.board === i;
      const wrap = h("div", { class: `boardcard bd-boardcard${current ? " current" : ""}`, "data-board": i, "data-key": `board:${i}` });
      const svg = svgRoot(W, 100, { "aria-label": boardName(i) });
      const frame = s("rect", { x: 1, y: 1, width: W - 2, height: 98, rx: 8, class: `bd-frame${current ? " bd-current" : ""}` });
      svg.append(frame, piece("hex", 16, 16, { size: 18, fill: "#1d5fa8", letter: String(i + 1) }),
        label(32, 21, names.states?.[b.state] ?? "", { size: 15, weight: 700, w: 200 }),
        b.election ? label(W - 10, 21, t("web.election_in", { n: b.election }), { size: 12, anchor: "end", cls: "bd-muted", w: 110 }) : null);
      let y = 34;
      svg.append(label(10, y + 10, t("web.opinions"), { size: 11, cls: "bd-muted", w: 80 }));
      if (b.key_issue >= 0) svg.append(label(W - 10, y + 10, `${t("web.key_issue")}: ${names.issues?.[b.key_issue] ?? ""}`, { size: 11, anchor: "end", w: 220 }));
      y += 16;
      const cw = 50, ch = 64;
      const all = [...b.up, ...Array(b.down).fill(-1)];
      all.forEach((c, j) => {
        const x = 10 + j * (cw + 6);
        const key = (c >> 1) === b.key_issue && c >= 0;
        const el = c < 0 ? card(x, y, cw, ch, { face: "down", data: { kind: "opinion", board: i, card: -1 } })
          : card(x, y, cw, ch, { ...face(c), cls: key ? "bd-tone-key" : "", note: key ? "×2" : "", data: { kind: "opinion", board: i, card: c } });
        memory.flipped(el, `op:${i}:${j}`, c);
        if (c >= 0 && i === focus) place(el, ctx, { role: "issue", id: c >> 1, kinds: ["cab_double"] });
        svg.append(el);
      });
      y += ch + 12;
      svg.append(label(10, y + 13, t("web.media"), { size: 11, cls: "bd-muted", w: 70 }));
      const slots = Math.max(nb.media_slots ?? 5, b.media.reduce((a, v) => a + v, 0));
      for (let k = 0; k < slots; k++) svg.append(s("circle", { cx: 96 + k * 26, cy: y + 9, r: 10, class: "bd-slot" }));
      let k = 0;
      seatsIdx.forEach((st) => {
        for (let j = 0; j < b.media[st]; j++, k++) {
          svg.append(memory.seen(piece("marker", 96 + k * 26, y + 9, { size: 15, ...pc(st, { kind: "media", board: i }) }), `media:${i}:${st}:${j}`));
        }
      });
      if (b.controller >= 0) svg.append(label(96 + slots * 26, y + 13, t("web.controls", { who: partyName(b.controller) }), { size: 11, w: Math.max(40, W - 100 - slots * 26) }));
      y += 28;
      svg.append(label(10, y + 12, t("web.cubes"), { size: 11, cls: "bd-muted", w: 70 }));
      const rallying = seatsIdx.filter((st) => b.cubes[st]);
      if (!rallying.length) { svg.append(label(96, y + 12, "—", { size: 11 })); y += 20; }
      rallying.forEach((st) => {
        const per = 11;
        for (let j = 0; j < b.cubes[st]; j++) {
          svg.append(memory.seen(piece("cube", 96 + (j % per) * 20, y + 9 + Math.floor(j / per) * 18, { size: 15, ...pc(st, { kind: "cube", board: i }) }), `cube:${i}:${st}:${j}`));
        }
        svg.append(label(96 + Math.min(b.cubes[st], per) * 20 + 2, y + 13, `${b.cubes[st]}`, { size: 11, cls: "bd-muted" }));
        y += 20 + 18 * Math.floor((b.cubes[st] - 1) / per);
      });
      y += 6;
      svg.append(label(10, y + 12, t("web.popularity"), { size: 11, cls: "bd-muted", w: 76 }));
      const tr = track(90, y, W - 100, { spaces: trackVals.map(popValue), size: 14, remember: memory, highlight: trackVals.indexOf(0),
        markers: seatsIdx.map((st) => ({ space: trackVals.indexOf(b.popularity[st]), key: `pop:${i}:${st}`,
          ...pc(st, { kind: "popularity", board: i, value: b.popularity[st] }) })).filter((m) => m.space >= 0) });
      svg.append(tr);
      y += Number(tr.dataset.height) + 8;
      svg.append(label(10, y + 12, t("web.votes"), { size: 11, cls: "bd-muted", w: 70 }));
      const sc = scale(90, y, W - 100, { max: nb.vote_cap ?? 50, step: 10, size: 14, remember: memory,
        markers: seatsIdx.filter((st) => b.votes[st] > 0).map((st) => ({ value: b.votes[st], key: `votes:${i}:${st}`,
          ...pc(st, { kind: "votes", board: i, value: b.votes[st] }) })) });
      svg.append(sc);
      y += Number(sc.dataset.height) + 6;
      if (b.coalitions.length) {
        svg.append(label(10, y + 12, t("web.coalitions"), { size: 11, cls: "bd-muted", w: 76 }));
        b.coalitions.forEach(([a, c], j) => {
          const x = 100 + j * 70;
          svg.append(memory.seen(s("g", { class: "bd-coalition", "data-kind": "coalition", "data-board": i, "data-seats": `${a} ${c}` },
            piece("hex", x, y + 9, { size: 15, ...pc(a) }), label(x + 10, y + 13, "+", { size: 12 }), piece("hex", x + 26, y + 9, { size: 15, ...pc(c) })), `coal:${i}:${a}:${c}`));
        });
        y += 24;
      }
      if (b.cabinet.length) {
        svg.append(label(10, y + 12, t("web.cabinet"), { size: 11, cls: "bd-muted", w: 76 }));
        b.cabinet.forEach(([st, c], j) => {
          const px = 100 + (j % 2) * 125, py = y + 9 + Math.floor(j / 2) * 22;
          const what = c < 0 ? "?" : names.cabinet?.[c] ?? c;
          svg.append(memory.seen(piece("hex", px, py, { size: 16, ...pc(st, { kind: "cabinet", board: i }), title: `${partyName(st)}: ${what}` }), `cab:${i}:${j}`, `${st}:${c}`),
            label(px + 12, py + 4, what, { size: 11, w: 105 }));
        });
        y += 22 * Math.ceil(b.cabinet.length / 2) + 4;
      }
      y += 4;
      svg.setAttribute("viewBox", `0 0 ${W} ${y}`);
      frame.setAttribute("height", String(y - 2));
      boardPlace(svg, i);
      wrap.append(svg);
      return wrap;
    });

    // --- the national board: the opinion row with its points, national media
    const NW = 360;
    const nat = svgRoot(NW, 100, { class: "bd-national", "aria-label": t("web.national") });
    let ny = 4;
    nat.append(label(4, ny + 12, t("web.national_row"), { size: 12, cls: "bd-muted", w: 200 }));
    ny += 18;
    const slotsN = Math.max(d.national_points?.length ?? 5, view.national_row.length);
    for (let j = 0; j < slotsN; j++) {
      const x = 4 + j * 56;
      const entry = view.national_row[j];
      if (entry) {
        const [c, secured] = entry;
        const el = card(x, ny, 50, 62, { ...face(c), data: { kind: "national", card: c, secured } });
        memory.flipped(el, `nat:${j}`, c);
        nat.append(el);
      } else nat.append(s("rect", { x, y: ny, width: 50, height: 62, rx: 6, class: "bd-slot" }));
      nat.append(label(x + 25, ny + 76, `${d.national_points?.[j] ?? ""}${entry && entry[1] ? ` +${d.secured_bonus}` : ""}`, { size: 11, anchor: "middle", w: 50 }));
    }
    ny += 84;
    nat.append(label(4, ny + 12, t("web.national_media"), { size: 12, cls: "bd-muted", w: 200 }));
    ny += 18;
    if (!view.national_media.length) { nat.append(label(8, ny + 12, "—", { size: 12 })); ny += 20; }
    view.national_media.forEach(([q, e], j) => {
      const x = 14 + (j % 6) * 56, yy = ny + 10 + Math.floor(j / 6) * 26;
      nat.append(memory.seen(piece("marker", x, yy, { size: 16, ...pc(q, { kind: "national-media" }) }), `natm:${j}`),
        label(x + 14, yy + 4, `${d.media_points?.[e - 1] ?? ""}`, { size: 11 }));
    });
    ny += 26 * Math.ceil(Math.max(1, view.national_media.length) / 6);
    nat.setAttribute("viewBox", `0 0 ${NW} ${ny + 4}`);

    root.append(h("section", { class: "panel bd-area", "data-key": "area" },
      h("h3", {}, `${t("web.round", { n: view.round })} / ${view.rounds} · ${t(`phase.${view.phase}`)}`),
      h("div", { class: "bd-layout" }, h("div", { class: "bd-mapbox" }, map,
        view.boards.map((b, i) => (b.state < 0 ? h("span", { class: "boardcard bd-empty", "data-board": i }, `${t("part.board", { n: i + 1 })}: —`) : null))),
      h("div", { class: "boards bd-boards" }, boardSvgs.filter(Boolean)),
      h("div", { class: "boardcard bd-natbox" }, h("h4", {}, t("web.national")), nat))));

    // --- a row of cards: one drawing per card, 48 px wide, wrapped by the page
    const cardRow = (cards, { kinds, role = "card", ids, keyOf, dataOf } = {}) => {
      const cw = 48, ch = 62;
      const row = h("span", { class: "bd-cardrow" }, cards.length ? null : "—");
      cards.forEach((c, j) => {
        const svg = svgRoot(cw + 2, ch + 2, { class: "bd-cards", style: { width: `${cw + 2}px` } });
        const el = c < 0 ? card(1, 1, cw, ch, { face: "down", data: dataOf?.(c, j) }) : card(1, 1, cw, ch, { ...face(c), data: dataOf?.(c, j) });
        if (keyOf) memory.flipped(el, keyOf(c, j), c);
        if (kinds && c >= 0) place(el, ctx, { role, id: ids ? ids[j] : c, kinds });
        svg.append(el);
        row.append(svg);
      });
      return row;
    };
    const pieceIcon = (kind, st, cnt) => h("span", { class: "bd-count" },
      svgRoot(22, 22, { class: "bd-mini", style: { width: "22px" } }, piece(kind, 11, 11, { size: 14, ...look(st) })), `×${cnt}`);

    // --- the parties
    root.append(h("section", { class: "panel", "data-key": "parties" },
      h("div", { class: "boards players" }, view.players.map((p, st) => {
        const mine = st === view.you;
        const badge = svgRoot(24, 24, { class: "bd-mini", style: { width: "24px" } }, piece("disc", 12, 12, { size: 20, ...look(st) }));
        const head = h("h4", { class: "bd-party-head" }, badge, nm(st), st === view.first && !["sheet", "bid", "tie", "first"].includes(view.phase)
          ? h("span", { class: "chip" }, t("web.start_player")) : null);
        place(head, ctx, { role: "party", id: st, kinds: ["cab_down", "cab_media", "first", "offer", "force"] });
        const rows = [
          h("span", {}, t("web.money")), h("span", { class: "money" }, p.money === null ? "?" : money(p.money)),
          h("span", {}, t("web.members")), h("span", {}, String(p.members)),
          h("span", {}, t("web.seats")), h("span", {}, `${p.seats.join(" · ")} (Σ ${p.seats.reduce((a, b) => a + b, 0)})`),
          h("span", {}, t("web.supplies")), h("span", { class: "bd-reserves" },
            h("span", { title: t("web.media") }, pieceIcon("marker", st, p.media_supply)),
            h("span", { title: t("web.cubes") }, pieceIcon("cube", st, p.cube_supply)),
            h("span", { title: t("web.coalition_tiles") }, pieceIcon("hex", st, p.coalition_tiles))),
          h("span", {}, t("web.platform")), cardRow(p.program, { kinds: mine ? ["swap"] : null, role: "slot", ids: p.program.map((_, j) => j),
            keyOf: (c, j) => `prog:${st}:${j}`, dataOf: (c) => ({ kind: "platform", seat: st, card: c }) }),
          h("span", {}, t("web.hand")), p.hand === null
            ? h("span", { class: "bd-rowwrap" }, cardRow(Array(p.hand_size).fill(-1), { dataOf: () => ({ kind: "hand", seat: st, card: -1 }) }),
              h("span", { class: "hint" }, t("web.cards_n", { n: p.hand_size })))
            : h("span", { class: "hand" }, cardRow(p.hand, { kinds: ["discard", "natop"], keyOf: (c, j) => `hand:${st}:${j}`,
              dataOf: (c) => ({ kind: "hand", seat: st, card: c }) })),
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
        const el = h("div", { class: `boardcard party-${p.party}${mine ? " mine-panel" : ""}`, "data-seat": st }, head, h("div", { class: "kv" }, rows));
        memory.seen(el, `money:${st}`, p.money);
        return el;
      }))));

    // --- decks, the auction or poll under way
    const nat2 = [];
    nat2.push(h("span", {}, t("web.deck")), h("span", {}, `${t("web.program_display")} ${view.decks.program} · ${t("web.opinions")} ${view.decks.opinion} · ${t("web.polls")} ${view.decks.poll} · ${t("web.states_left")} ${view.decks.state}`));
    if (view.exchange_pool.length) nat2.push(h("span", {}, t("web.exchange_pool")), cardRow(view.exchange_pool, { kinds: ["exch"], keyOf: (c, j) => `pool:${j}`, dataOf: (c) => ({ kind: "pool", card: c }) }));
    if (view.tie.players.length) nat2.push(h("span", {}, t("web.tie")), h("span", {}, `${view.tie.players.map(nm).join(", ")} ≥ ${money(view.tie.minimum)}`));
    if (view.poll.board >= 0) {
      nat2.push(h("span", {}, t("web.poll")), h("span", {}, `${boardName(view.poll.board)}${view.poll.bidder >= 0 ? ` · ${t("web.high_bid", { who: nm(view.poll.bidder), amount: money(view.poll.high) })}` : ""}`));
      if (view.poll.roll >= 0) nat2.push(h("span", {}, t("web.poll_card")), h("span", {}, t("part.poll_roll", { roll: view.poll.roll, board: boardName(view.poll.board) })));
      else if (view.poll.card) nat2.push(h("span", {}, t("web.poll_card")), h("ol", {}, view.poll.card.map((o, j) => {
        // an option of the poll card: a place for publishing it (alone or with another: a menu of them)
        const li = h("li", { "data-option": j }, o.slice(0, n).map((c, q) => (c ? `${partyName(q)} ${move(c)}` : null)).filter(Boolean).join(" · ") || "0");
        place(li, ctx, { role: "option", id: j, kinds: ["publish"] });
        return li;
      })));
    }
    if (view.offer[0] >= 0) nat2.push(h("span", {}, t("web.offer")), h("span", {}, `${partyName(view.offer[0])} → ${partyName(view.offer[1])}`));
    if (view.rally_board >= 0) nat2.push(h("span", {}, t("web.rallies")), h("span", {}, boardName(view.rally_board)));
    if (view.convert_board >= 0) nat2.push(h("span", {}, t("web.convert")), h("span", {}, boardName(view.convert_board)));
    root.append(h("section", { class: "panel", "data-key": "decks" }, h("div", { class: "kv" }, nat2)));

    // the elections so far: votes and seats per party, the winner and how
    if (view.results.length) {
      root.append(h("section", { class: "panel results", "data-key": "results" }, h("h3", {}, t("web.results")), h("div", { class: "scroll-x" },
        h("table", { class: "grid" },
          h("tr", {}, h("th", {}, t("web.round_short")), h("th", {}, t("web.state")),
            Array.from({ length: n }, (_, q) => h("th", { class: `party-${q}` }, partyName(q))), h("th", {}, t("web.winner"))),
          view.results.map((r) => h("tr", { "data-round": r.round },
            h("td", {}, String(r.round)), h("td", {}, names.states?.[r.state] ?? r.state),
            Array.from({ length: n }, (_, q) => h("td", { class: r.winners.includes(q) ? "winner" : "" },
              `${r.votes[q]} ${t("web.votes_short")} → ${r.seats[q]} ${t("web.seats_short")}`)),
            h("td", {}, `${r.winners.map(partyName).join(" + ") || "—"} (${t(`win.${r.kind}`)})`)))))));
    }
    memory.end();
  },
  scores(view, ctx) {
    const d = ctx.names.scoring;
    if (Array.isArray(view.scores)) return view.scores.map((s, i) => ({ seat: i, total: s.total }));
    if (!d) return view.players.map((p, s) => ({ seat: s, total: p.seats.reduce((a, b) => a + b, 0) }));
    return pointsSoFar(view, d).map((r, s) => ({ seat: s, total: r.total }));
  },
};
export default renderer;
