// The end-of-game chart: one stacked bar per seat, one colour per score component (inline SVG, no library).

const NS = "http://www.w3.org/2000/svg";
const COLOURS = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f"];

function s(tag, attrs, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

export function scoreChart(scores, comps, labels, seatName) {
  const rows = scores.length;
  const barH = 22, gap = 10, left = 110, right = 50, legendH = 22 * Math.ceil(comps.length / 3) + 6;
  const width = 560, height = rows * (barH + gap) + legendH + 10;
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
    const x = 10 + (j % 3) * 180, y = rows * (barH + gap) + 10 + Math.floor(j / 3) * 22;
    svg.append(s("rect", { x, y, width: 14, height: 14, fill: COLOURS[j % COLOURS.length] }));
    svg.append(s("text", { x: x + 20, y: y + 12, class: "chart-legend" }, labels[k] || k));
  });
  return svg;
}
