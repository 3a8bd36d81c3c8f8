// The end-of-game charts (inline SVG, no library): one stacked bar per seat, one colour per score component; a
// one-person game (a puzzle) gets one bar per component instead, since moves, par and swaps do not add up.
// The drawing is 420 units wide and its text 14 units high, so that on a phone (~320 px) the words stay ~11 px.

const NS = "http://www.w3.org/2000/svg";
const WIDTH = 420;
const COLOURS = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f"];

function s(tag, attrs, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

export function scoreChart(scores, comps, labels, seatName) {
  const rows = scores.length;
  const barH = 22, gap = 10, left = 100, right = 40, legendH = 22 * Math.ceil(comps.length / 2) + 6;
  const width = WIDTH, height = rows * (barH + gap) + legendH + 10;
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img", width: "100%" });
  const parts = scores.map((sc) => comps.map((k) => Math.max(0, Number(sc?.[k]) || 0)));
  const max = Math.max(1, ...parts.map((p) => p.reduce((a, b) => a + b, 0)), ...scores.map((sc) => Number(sc?.total) || 0));
  const scale = (width - left - right) / max;
  scores.forEach((sc, i) => {
    const y = i * (barH + gap) + 4;
    svg.append(s("text", { x: left - 6, y: y + barH * 0.7, "text-anchor": "end", class: "chart-seat" }, seatName(i)));
    let x = left;
    parts[i].forEach((v, k) => {
      if (v <= 0) return;
      const r = s("rect", { x, y, width: v * scale, height: barH, fill: COLOURS[k % COLOURS.length] });
      r.append(s("title", {}, `${labels[comps[k]] || comps[k]}: ${sc[comps[k]]}`));
      svg.append(r);
      x += v * scale;
    });
    svg.append(s("text", { x: x + 4, y: y + barH * 0.7, class: "chart-total" }, String(sc?.total ?? "")));
  });
  comps.forEach((k, j) => {
    const x = 10 + (j % 2) * 200, y = rows * (barH + gap) + 10 + Math.floor(j / 2) * 22;
    svg.append(s("rect", { x, y, width: 14, height: 14, fill: COLOURS[j % COLOURS.length] }));
    svg.append(s("text", { x: x + 20, y: y + 12, class: "chart-legend" }, labels[k] || k));
  });
  return svg;
}

// One person's score: a bar per component, each with its label and value (moves beside par, swaps, undos, hints).
export function soloChart(score, comps, labels) {
  const rows = comps.length;
  const barH = 22, gap = 8, left = 120, right = 36, width = 340;  // narrower: a dialog on a phone
  const height = rows * (barH + gap) + 6;
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart solo", role: "img", width: "100%" });
  const values = comps.map((k) => Math.max(0, Number(score?.[k]) || 0));
  const scale = (width - left - right) / Math.max(1, ...values);
  comps.forEach((k, i) => {
    const y = i * (barH + gap) + 3;
    svg.append(s("text", { x: left - 6, y: y + barH * 0.7, "text-anchor": "end", class: "chart-seat" }, labels[k] || k));
    const w = values[i] * scale;
    if (w > 0) svg.append(s("rect", { x: left, y, width: w, height: barH, fill: COLOURS[i % COLOURS.length], "data-component": k }));
    svg.append(s("text", { x: left + w + 4, y: y + barH * 0.7, class: "chart-total" }, String(score?.[k] ?? "")));
  });
  return svg;
}
