// 逃出總統府 in the browser: the 3x3 palace. Tap a card, then a neighbour, to swap them (only swaps the server
// offers are sent; any other tap just moves the selection). Hint and undo are the server's own actions.

let selected = null; // the cell picked up, kept across redraws of the same game
let before = null; // the board last drawn: a swap (or an undo) since then slides its two cards

function swapFor(legal, a, b) {
  const lo = Math.min(a, b), hi = Math.max(a, b);
  return legal.find((x) => x.kind === "swap" && x.args[0] === lo && x.args[1] === hi);
}

function adjacent(a, b) {
  const ra = Math.floor(a / 3), ca = a % 3, rb = Math.floor(b / 3), cb = b % 3;
  return Math.abs(ra - rb) + Math.abs(ca - cb) === 1;
}

export default {
  render(root, view, ctx) {
    const { h, t, names } = ctx;
    const ranks = names.ranks || [], short = names.ranks_short || [], cells = names.cells || [];
    const hint = Array.isArray(view.hint) ? view.hint : [];
    const last = Array.isArray(view.last) ? view.last : [];
    const playing = view.status === "playing";
    if (!playing) selected = null;
    const note = h("div", { class: "palace-note", "aria-live": "polite" });
    const grid = h("div", { class: "palace", role: "grid", "aria-label": t("ui.board") });
    // the two cells that swapped since the last drawing: each card slides in from where it stood
    const moved = Array.isArray(before) && before.length === 9
      ? view.board.map((r, i) => (r !== before[i] ? i : -1)).filter((i) => i >= 0) : [];
    const swapped = moved.length === 2 && before[moved[0]] === view.board[moved[1]] && before[moved[1]] === view.board[moved[0]];
    before = view.board.slice();
    view.board.forEach((rank, cell) => {
      const cls = ["cell", `rank-${rank}`];
      if (cell === selected) cls.push("selected");
      if (hint.includes(cell)) cls.push("hinted");
      if (last.includes(cell)) cls.push("last");
      if (cell === view.goal) cls.push("goal");
      const canSwapHere = selected !== null && selected !== cell && swapFor(ctx.legal, selected, cell);
      if (canSwapHere) cls.push("target");
      let slide = null;
      if (swapped && moved.includes(cell)) {
        const from = moved[0] === cell ? moved[1] : moved[0];
        cls.push("moved");
        slide = `--dx:${(from % 3) - (cell % 3)};--dy:${Math.floor(from / 3) - Math.floor(cell / 3)}`;
      }
      grid.append(h("button", {
        class: cls.join(" "), "data-cell": cell, "data-rank": rank, role: "gridcell", style: slide,
        "aria-label": `${cells[cell] || cell}: ${ranks[rank] || rank}`,
        onclick: () => {
          if (!playing) return;
          if (selected === null || selected === cell) { selected = selected === cell ? null : cell; ctx.redraw?.(); return; }
          const a = swapFor(ctx.legal, selected, cell);
          if (a) { selected = null; ctx.act(a); return; }
          // not a legal swap: nothing is sent; say why and pick up the tapped card instead
          note.textContent = adjacent(selected, cell)
            ? t("keys.no_swap", { ra: ranks[view.board[selected]], rb: ranks[rank] })
            : "";
          selected = cell;
          for (const b of grid.children) b.classList.toggle("selected", Number(b.dataset.cell) === cell);
        },
      }, h("span", { class: "rank-short" }, short[rank] ?? rank), h("span", { class: "rank-name" }, ranks[rank] ?? ""),
      cell === view.goal ? h("span", { class: "goal-mark" }, t("ui.goal")) : null));
    });
    // par is null when the deal cannot be won; actions_left null when the table sets no action limit
    const counts = t("ui.counts", { moves: view.moves, par: view.par ?? "—", hints: view.hints, undos: view.undos });
    const status = t("ui.status", { variant: t(`variant.${view.variant}`), status: t(`status.${view.status}`) });
    const limit = view.actions_left === null || view.actions_left === undefined
      ? "" : ` · ${t("ui.actions_left", { n: view.actions_left })}`;
    // par as a track: one step per move of the shortest escape, the moves made so far filled, any beyond par red
    const par = Number.isInteger(view.par) ? view.par : null;
    const meter = par === null ? null : h("div", { class: "palace-par", "data-moves": view.moves, "data-par": par,
      role: "img", "aria-label": t("ui.par_meter", { moves: view.moves, par }) },
    h("span", { class: "palace-par-text" }, t("ui.par_meter", { moves: view.moves, par })),
    h("span", { class: "palace-par-track" }, Array.from({ length: Math.max(par, view.moves) }, (_, i) =>
      h("i", { class: i >= par ? "over" : i < view.moves ? "done" : "", "data-step": i + 1 }, i + 1 === par ? "⚑" : ""))));
    root.append(h("section", { class: "panel palace-panel" },
      h("h3", {}, t("ui.board")),
      h("p", { class: "hint" }, t("ui.goal_line")),
      meter,
      grid, note,
      h("p", { class: "palace-counts" }, counts),
      h("p", { class: "hint" }, `${status}${limit}`),
      view.hopeless ? h("p", { class: "palace-hopeless", role: "status" }, t("ui.hopeless")) : null,
      hint.length === 2 ? h("p", { class: "palace-hint" }, t("ui.hint_shown", {
        ra: ranks[view.board[hint[0]]], a: cells[hint[0]], rb: ranks[view.board[hint[1]]], b: cells[hint[1]] })) : null,
      last.length === 2 ? h("p", { class: "hint" }, t("ui.last", { a: cells[last[0]], b: cells[last[1]] })) : null,
      h("p", { class: "hint" }, t("ui.rule_line")),
      view.variant === "hard" ? h("p", { class: "hint" }, t(`ui.rule_hard_${view.capture}`)) : null,
      h("p", { class: "hint" }, t("ui.legend"))));
    if (!document.getElementById("palace-style")) {
      document.head.append(h("style", { id: "palace-style" }, `
.palace { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 8px; width: min(100%, 420px); aspect-ratio: 1; margin: .4em 0; }
.palace .cell { display: flex; flex-direction: column; align-items: center; justify-content: center; font-size: 1rem; border: 2px solid #b9b2a1; border-radius: 10px; background: #fffdf6; position: relative; }
.palace .rank-short { font-size: 1.9rem; font-weight: 700; line-height: 1; } .palace .rank-name { font-size: .8rem; color: #555; }
.palace .rank-0 { background: #ffe9a8; } .palace .rank-4 { background: #f3c9c6; }
.palace .cell.selected { outline: 4px solid #1d5fa8; } .palace .cell.target { border-color: #2f7d32; border-style: dashed; }
.palace .cell.hinted { box-shadow: 0 0 0 4px #2f7d32aa inset; } .palace .cell.last { border-color: #888; }
.palace .goal-mark { position: absolute; bottom: 3px; right: 6px; font-size: .7rem; color: #2f7d32; }
.palace-note { min-height: 1.3em; color: #b3261e; font-size: .9em; } .palace-counts { font-weight: 600; }
.palace-hopeless { color: #b3261e; font-weight: 600; }
.palace .cell.moved { animation: palace-swap .35s ease-out; z-index: 1; }
@keyframes palace-swap { from { transform: translate(calc(var(--dx) * (100% + 8px)), calc(var(--dy) * (100% + 8px))); } }
@media (prefers-reduced-motion: reduce) { .palace .cell.moved { animation: none; } }
.palace-par { display: flex; flex-direction: column; gap: 3px; width: min(100%, 420px); margin: .3em 0; }
.palace-par-text { font-weight: 600; }
.palace-par-track { display: flex; gap: 3px; flex-wrap: wrap; }
.palace-par-track i { flex: 1 0 14px; max-width: 34px; height: 16px; border: 1px solid #8a8472; border-radius: 3px; background: #fff;
  font-style: normal; font-size: 11px; line-height: 14px; text-align: center; }
.palace-par-track i.done { background: #2f7d32; border-color: #2f7d32; color: #fff; }
.palace-par-track i.over { background: #b3261e; border-color: #b3261e; color: #fff; background-image: repeating-linear-gradient(45deg, #0000 0 3px, #fff6 3px 5px); }`));
    }
  },
  asks(view, ctx) { return ctx.t("ui.goal_line"); },
  scores(view, ctx) {
    return [{ seat: 0, label: ctx.t("score.moves"), total: view.moves }, { seat: 0, label: ctx.t("score.par"), total: view.par ?? "—" }];
  },
};
