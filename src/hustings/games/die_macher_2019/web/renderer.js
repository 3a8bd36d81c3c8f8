// Die Macher (2019) in the browser, drawn as a board: a tile map of Germany with the states on the election boards
// marked, each election board with its opinion cards, double marker, media markers, rally cubes, trend and vote
// tracks and politicians; each party's money, base, reserves, platform and hand (where this seat may see them);
// the card displays, polls and auctions, and the election results. Pieces carry their party's letter as well as
// its colour. Places that stand for a legal action (a board, a card) choose it when clicked; the page's action
// list still offers everything. What changed since the last drawing is animated (board.js's Memory).

import { s, svgRoot, label, tile, piece, track, scale, card, place, Memory, Steps, stepsPanel, draw } from "/static/board.js";
import { TILES, PARTIES, ISSUE_ICONS } from "./layout.js";

const memory = new Memory();
// kinds whose arguments are several places, chosen step by step on the board (board.js"s Steps)
const STEP_KINDS = ["deploy"];
const steps = new Steps();
const GREY = { fill: "#9aa0a6", ink: "#fff" };

function partyOf(view, s) { return view.players[s]?.party ?? -1; }

const renderer = {
  // drawn in place: each update changes only what differs from the last drawing (board.js's draw)
  inPlace: true,
  render(root, view, ctx) { draw(root, (fresh) => renderer.build(fresh, view, ctx)); },
  build(root, view, ctx) {
    const { h, t, names, who } = ctx;
    memory.begin(ctx); // ctx: what changed since this seat's last turn stays outlined
    steps.sync(ctx, STEP_KINDS); // a choice of several places under way (ctx.steps while it is)
    if (ctx.steps) root.append(stepsPanel(steps, ctx));
    const seats = view.players.map((p) => p.seat);
    const partyName = (s) => names.parties?.[partyOf(view, s)] ?? who(s);
    const nm = (s) => { const p = partyOf(view, s); return p >= 0 ? `${who(s)} · ${names.parties?.[p] ?? p}` : who(s); };
    // a seat's colour and letter (its party's once chosen, else grey with the seat's number)
    const look = (s) => {
      const id = names.party_ids?.[partyOf(view, s)];
      return id && PARTIES[id] ? PARTIES[id] : { ...GREY, letter: String(s + 1) };
    };
    const pc = (s, data = {}) => ({ ...look(s), data: { seat: s, ...data }, title: nm(s) });
    const face = (c) => ({ title: names.issues?.[c >> 1] ?? "", mark: c % 2 ? "−" : "+", icon: ISSUE_ICONS[c >> 1],
      tone: c % 2 ? "contra" : "pro", tip: names.cards?.[c] ?? String(c) });
    const money = (v) => (v === null ? "?" : `${v.toLocaleString("en")} €`);
    const nb = names.board || {};
    const lo = nb.trend?.[0] ?? -3, hi = nb.trend?.[1] ?? 3;

    // media presence after an election (三.9.2): which state voted, what a marker is worth, who decides
    const pv = view.phase === "presence" ? view.presence : null;
    if (pv) {
      const stateName = names.states?.[pv.state] ?? pv.state;
      root.append(h("section", { class: "panel presence", "data-key": "presence", "data-board": pv.board },
        h("h3", {}, t("web.presence_title", { state: stateName })),
        h("div", { class: "kv" },
          h("span", {}, t("web.presence_value")), h("span", {}, t("web.presence_value_n", { value: pv.value })),
          h("span", {}, t("web.presence_deciders")), h("span", {}, pv.deciders.map(nm).join(" → ") || "—"))));
    }

    // the board a politician or an influence acts on now: its opinion cards are places for the issue choices
    const focus = view.politician_turn?.board ?? view.influence_board ?? -1;
    const boardPlace = (el, b) => place(el, ctx, { role: "board", id: b, kinds: ["media", "rally", "place", ...STEP_KINDS] });

    // --- the map
    const T = 72, G = 6;
    const map = svgRoot(5 * (T + G) + G, 5 * (T + G) + G, { class: "bd-map", "aria-label": t("web.boards") });
    const onBoard = new Map(view.boards.filter((b) => b.state >= 0).map((b) => [b.state, b]));
    (names.state_codes || []).forEach((code, st) => {
      const at = TILES[code];
      if (!at) return;
      const b = onBoard.get(st);
      const voting = b && b.election_round === view.round;
      const w = at[2] * T + (at[2] - 1) * G;
      const g = tile(G + at[0] * (T + G), G + at[1] * (T + G), w, T, {
        name: names.states?.[st] ?? code, cls: b ? `bd-on${voting ? " bd-voting" : ""}` : "",
        data: { state: st, board: b ? b.board : undefined } });
      if (b) {
        g.append(piece("hex", 12, 12, { size: 16, fill: "#1d5fa8", letter: String(b.board + 1), title: t("part.board", { n: b.board + 1 }) }));
        if (b.election_round) g.append(label(w / 2, T - 6, t("web.election_in", { n: b.election_round }), { size: 9, anchor: "middle", w: w - 6, cls: "bd-muted" }));
        boardPlace(g, b.board);
      }
      memory.seen(g, `tile:${st}`, b ? `${b.board}` : "");
      map.append(g);
    });

    // --- the election boards
    const W = 360;
    const boardSvgs = view.boards.map((b) => {
      const wrap = h("div", { class: `boardcard bd-boardcard${pv && pv.board === b.board ? " current" : ""}`, "data-board": b.board, "data-key": `board:${b.board}` });
      if (b.state < 0) return null;
      const svg = svgRoot(W, 100, { "aria-label": `${t("part.board", { n: b.board + 1 })}: ${names.states?.[b.state]}` });
      const frame = s("rect", { x: 1, y: 1, width: W - 2, height: 98, rx: 8, class: `bd-frame${b.election_round === view.round ? " bd-current" : ""}` });
      svg.append(frame);
      svg.append(piece("hex", 16, 16, { size: 18, fill: "#1d5fa8", letter: String(b.board + 1) }),
        label(32, 21, names.states?.[b.state] ?? "", { size: 15, weight: 700, w: 200 }),
        b.election_round ? label(W - 10, 21, t("web.election_in", { n: b.election_round }), { size: 12, anchor: "end", cls: "bd-muted", w: 110 }) : null);
      let y = 34;
      // opinion cards (the doubled issue outlined and marked x2)
      svg.append(label(10, y + 10, t("web.opinions"), { size: 11, cls: "bd-muted", w: 80 }));
      y += 16;
      const cw = 50, ch = 64;
      const all = [...b.opinions.map((c) => ({ c })), ...Array.from({ length: b.hidden_opinions }, () => ({ c: -1 }))];
      all.forEach((o, i) => {
        const x = 10 + i * (cw + 6);
        const key = `op:${b.board}:${i}`;
        const el = o.c < 0
          ? card(x, y, cw, ch, { face: "down", data: { kind: "opinion", board: b.board, card: -1 } })
          : card(x, y, cw, ch, { ...face(o.c), cls: (o.c >> 1) === b.double ? "bd-tone-key" : "",
            note: (o.c >> 1) === b.double ? "×2" : "", data: { kind: "opinion", board: b.board, card: o.c } });
        memory.flipped(el, key, o.c);
        if (o.c >= 0 && b.board === focus) place(el, ctx, { role: "issue", id: o.c >> 1, kinds: ["dbl_on", "replace"] });
        svg.append(el);
      });
      if (b.double >= 0) {
        const x = 10 + Math.max(all.length, 1) * (cw + 6) + 4;
        const m = piece("marker", x + 12, y + 20, { size: 18, fill: "#fff", ink: "#1f2328", letter: "×2", data: { kind: "double", board: b.board, issue: b.double },
          title: `${t("web.double")}: ${names.issues?.[b.double] ?? ""}` });
        memory.seen(m, `dbl:${b.board}`, b.double);
        svg.append(m, label(x, y + 50, names.issues?.[b.double] ?? "", { size: 10, w: Math.max(40, W - x - 8), cls: "bd-muted" }));
      }
      y += ch + 12;
      // media: the slots, filled with markers in seat order; who controls the media
      svg.append(label(10, y + 13, t("web.media"), { size: 11, cls: "bd-muted", w: 70 }));
      const slots = Math.max(nb.media_slots ?? 5, b.media.reduce((a, v) => a + v, 0));
      let k = 0;
      for (let i = 0; i < slots; i++) svg.append(s("circle", { cx: 96 + i * 26, cy: y + 9, r: 10, class: "bd-slot" }));
      seats.forEach((st) => {
        for (let j = 0; j < b.media[st]; j++, k++) {
          const p = piece("marker", 96 + k * 26, y + 9, { size: 15, ...pc(st, { kind: "media", board: b.board }) });
          // media presence: a marker of the seat whose marker may be removed here chooses that (a menu: replace or not)
          if (pv && pv.board === b.board) place(p, ctx, { role: "target", id: st, kinds: ["mremove"] });
          svg.append(memory.seen(p, `media:${b.board}:${st}:${j}`));
        }
      });
      if (b.media_controller >= 0) {
        svg.append(label(96 + slots * 26, y + 13, t("web.controls", { who: partyName(b.media_controller) }), { size: 11, w: Math.max(40, W - 100 - slots * 26) }));
      }
      y += 28;
      // rally cubes: a row per party that has any
      svg.append(label(10, y + 12, t("web.rallies"), { size: 11, cls: "bd-muted", w: 70 }));
      const rallying = seats.filter((st) => b.rallies[st]);
      if (!rallying.length) { svg.append(label(96, y + 12, "—", { size: 11 })); y += 20; }
      rallying.forEach((st) => {
        for (let j = 0; j < b.rallies[st]; j++) {
          const p = piece("cube", 96 + j * 20, y + 9, { size: 15, ...pc(st, { kind: "cube", board: b.board }) });
          svg.append(memory.seen(p, `cube:${b.board}:${st}:${j}`));
        }
        svg.append(label(96 + b.rallies[st] * 20 + 2, y + 13, `${b.rallies[st]}`, { size: 11, cls: "bd-muted" }));
        y += 20;
      });
      y += 6;
      // trend track
      svg.append(label(10, y + 12, t("web.trend"), { size: 11, cls: "bd-muted", w: 70 }));
      const spaces = []; for (let v = lo; v <= hi; v++) spaces.push(v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "0");
      const tr = track(90, y, W - 100, { spaces, size: 14, remember: memory, highlight: -lo,
        markers: seats.filter((st) => partyOf(view, st) >= 0).map((st) => ({ space: b.trend[st] - lo, key: `trend:${b.board}:${st}`,
          ...pc(st, { kind: "trend", board: b.board, value: b.trend[st] }) })) });
      svg.append(tr);
      y += Number(tr.dataset.height) + 8;
      // vote track
      svg.append(label(10, y + 12, t("web.votes"), { size: 11, cls: "bd-muted", w: 70 }));
      const sc = scale(90, y, W - 100, { max: 20, step: 5, size: 14, remember: memory,
        markers: seats.filter((st) => b.votes[st] > 0).map((st) => ({ value: b.votes[st], key: `votes:${b.board}:${st}`,
          ...pc(st, { kind: "votes", board: b.board, value: b.votes[st] }) })) });
      svg.append(sc);
      y += Number(sc.dataset.height) + 6;
      // politicians sent here (face down ones show only to their owner)
      if (b.politicians.length) {
        svg.append(label(10, y + 12, t("web.politicians"), { size: 11, cls: "bd-muted", w: 70 }));
        b.politicians.forEach((x, i) => {
          const px = 100 + (i % 2) * 125, py = y + 9 + Math.floor(i / 2) * 22;
          const who2 = x.politician === null ? "?" : names.politicians?.[x.politician] ?? x.politician;
          const p = piece("hex", px, py, { size: 16, ...pc(x.player, { kind: "politician", board: b.board }), title: `${partyName(x.player)}: ${who2}` });
          svg.append(memory.seen(p, `pol:${b.board}:${i}`, `${x.player}:${x.politician}`), label(px + 12, py + 4, who2, { size: 11, w: 105 }));
        });
        y += 22 * Math.ceil(b.politicians.length / 2) + 4;
      }
      y += 4;
      svg.setAttribute("viewBox", `0 0 ${W} ${y}`);
      frame.setAttribute("height", String(y - 2));
      boardPlace(svg, b.board);
      wrap.append(svg);
      return wrap;
    });
    root.append(h("section", { class: "panel bd-area", "data-key": "area" },
      h("h3", {}, `${t("web.round", { n: view.round })} · ${t(`phase.${view.phase}`)}`),
      h("div", { class: "bd-layout" }, h("div", { class: "bd-mapbox" }, map,
        view.boards.filter((b) => b.state < 0).map((b) => h("span", { class: "boardcard bd-empty", "data-board": b.board }, `${t("part.board", { n: b.board + 1 })}: —`))),
      h("div", { class: "boards bd-boards" }, boardSvgs.filter(Boolean)))));

    // --- a row of cards (platform, hand, displays): one drawing per card, 48 px wide, wrapped by the page
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
    const pieceIcon = (kind, st, n) => {
      const svg = svgRoot(22, 22, { class: "bd-mini", style: { width: "22px" } }, piece(kind, 11, 11, { size: 14, ...look(st) }));
      return h("span", { class: "bd-count" }, svg, `×${n}`);
    };

    // --- the parties
    root.append(h("section", { class: "panel", "data-key": "parties" },
      h("div", { class: "boards players" }, view.players.map((p) => {
        const mine = p.seat === view.you;
        const badge = svgRoot(24, 24, { class: "bd-mini", style: { width: "24px" } }, piece("disc", 12, 12, { size: 20, ...look(p.seat) }));
        const el = h("div", { class: `boardcard party-${p.party}${mine ? " mine-panel" : ""}`, "data-seat": p.seat },
          h("h4", { class: "bd-party-head" }, badge, nm(p.seat)),
          h("div", { class: "kv" },
            h("span", {}, t("web.money")), h("span", { class: "money" }, money(p.money)),
            h("span", {}, t("web.base")), h("span", {}, String(p.base)),
            h("span", {}, t("web.reserves")), h("span", { class: "bd-reserves" },
              h("span", { title: t("web.media") }, pieceIcon("marker", p.seat, p.media_reserve)), " ",
              h("span", { title: t("web.rallies") }, pieceIcon("cube", p.seat, p.rally_reserve))),
            h("span", {}, t("web.points")), h("span", {}, `${p.election_points} (+${p.election_bonus})`),
            h("span", {}, t("web.platform")), cardRow(p.platform, { kinds: mine ? ["swap"] : null, role: "slot", ids: p.platform.map((_, i) => i),
              keyOf: (c, i) => `plat:${p.seat}:${i}`, dataOf: (c) => ({ kind: "platform", seat: p.seat, card: c }) }),
            h("span", {}, t("web.hand")), p.hand === null
              ? h("span", { class: "bd-rowwrap", title: t("web.cards_n", { n: p.hand_size }) }, cardRow(Array(p.hand_size).fill(-1), {
                dataOf: () => ({ kind: "hand", seat: p.seat, card: -1 }) }), h("span", { class: "hint" }, t("web.cards_n", { n: p.hand_size })))
              : h("span", { class: "hand" }, cardRow(p.hand, { kinds: ["plat", "keep", "discard", "pick"],
                keyOf: (c, i) => `hand:${p.seat}:${i}`, dataOf: (c) => ({ kind: "hand", seat: p.seat, card: c }) }))));
        memory.seen(el, `money:${p.seat}`, p.money);
        return el;
      }))));

    // --- displays, polls, auctions
    const extra = [];
    // choosing a party: a badge per party still free, each a place
    const free = (ctx.legal || []).filter((a) => a.kind === "party");
    if (free.length) {
      extra.push(h("span", {}, t("web.choose_party")), h("span", { class: "bd-rowwrap bd-parties" }, free.map((a) => {
        const q = a.args[0];
        const lk = PARTIES[names.party_ids?.[q]] || { ...GREY, letter: String(q + 1) };
        const b = h("span", { class: "bd-party-pick", "data-party": q },
          svgRoot(30, 30, { class: "bd-mini", style: { width: "30px" } }, piece("disc", 15, 15, { size: 26, ...lk })), ` ${names.parties?.[q] ?? q}`);
        place(b, ctx, { role: "party", id: q, kinds: ["party"] });
        return b;
      })));
    }
    extra.push(h("span", {}, t("web.program_display")), h("span", { class: "bd-rowwrap" }, cardRow(view.program.display, { kinds: ["take"],
      keyOf: (c, i) => `prog:${i}`, dataOf: (c) => ({ kind: "display", card: c }) }), h("span", { class: "hint" }, ` ${t("web.deck")} ${view.program.deck_size}`)));
    extra.push(h("span", {}, t("web.opinion_display")), h("span", { class: "bd-rowwrap" }, cardRow(view.opinion.display, {
      keyOf: (c, i) => `opd:${i}`, dataOf: (c) => ({ kind: "opinion-display", card: c }) }), h("span", { class: "hint" }, ` ${t("web.deck")} ${view.opinion.deck_size}`)));
    if (view.draft && view.draft.packet.length) {
      extra.push(h("span", {}, t("web.draft")), cardRow(view.draft.packet, { kinds: ["draft"], keyOf: (c, i) => `draft:${i}:${c}`,
        dataOf: (c) => ({ kind: "draft", card: c }) }));
    }
    extra.push(h("span", {}, t("web.polls")), h("span", {}, `${t("web.deck")} ${view.polls.deck_size}`));
    if (view.poll) {
      const p = view.poll;
      extra.push(h("span", {}, t("web.poll")), h("span", {},
        `${t("part.board", { n: p.board + 1 })}${p.trend ? ` · ${t("web.trend")} ${p.trend.join(", ")}` : ""}${p.high_bidder >= 0 ? ` · ${t("web.high_bid", { who: nm(p.high_bidder), amount: money(p.high_bid) })}` : ""}`));
    }
    if (view.tie) extra.push(h("span", {}, t("web.tie")), h("span", {}, `${view.tie.players.map(nm).join(", ")} · ${view.tie.price} / ${view.tie.high}`));
    if (view.bids_submitted) extra.push(h("span", {}, t("web.bids")), h("span", {}, seats.map((s) => `${who(s)} ${view.bids_submitted[s] ? "✓" : "…"}`).join(" · ")));
    if (view.your_bid !== undefined && view.your_bid >= 0) extra.push(h("span", {}, t("web.your_bid")), h("span", {}, money(view.your_bid)));
    extra.push(h("span", {}, t("web.double_left")), h("span", {}, String(view.double_markers_left)));
    root.append(h("section", { class: "panel", "data-key": "extra" }, h("div", { class: "kv" }, extra)));

    if (view.results.length) {
      root.append(h("section", { class: "panel", "data-key": "results" }, h("h3", {}, t("web.results")), h("div", { class: "scroll-x" },
        h("table", { class: "grid" }, h("tr", {}, h("th", {}, "#"), h("th", {}, ""), seats.map((s) => h("th", {}, nm(s)))),
          view.results.map((r) => h("tr", {}, h("td", {}, String(r.election)) /* the view counts elections from 1 */, h("td", {}, names.states?.[r.state] ?? r.state),
            seats.map((s) => h("td", { class: r.winners.includes(s) ? "winner" : "" }, `${r.votes[s]} → ${r.points[s]}${r.bonus[s] ? `+${r.bonus[s]}` : ""}`))))))));
    }
    memory.end();
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
export default renderer;
