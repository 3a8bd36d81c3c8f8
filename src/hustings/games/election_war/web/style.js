// The look of 選舉之戰's board (renderer.js adds it once to the page's head). Cards scale with the board's width
// (a container query): a phone fits five candidates a line, fifteen seats wrap onto more lines, never sideways.
export default `
.ew { container-type: inline-size; --red: #c62828; --blue: #1565c0; --yellow: #e0a100; --green: #2e7d32; --ink: #1f2328; }
.ew h4 { margin: .5em 0 .3em; font-size: .95em; }
.ew-head { display: flex; flex-wrap: wrap; gap: .2em 1em; align-items: baseline; }
.ew-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(112px, 1fr)); gap: 8px; }
.ew-card { position: relative; display: flex; flex-direction: column; gap: 2px; width: 100%; min-width: 0; min-height: 96px;
  margin: 0; padding: 4px 5px 5px; border-radius: 8px; border: 3px solid #777; background: #fffdf7; color: var(--ink);
  font: inherit; font-size: 12px; line-height: 1.25; text-align: left; box-shadow: 0 1px 2px #0003; overflow: hidden; cursor: default; }
.ew .ew-card.f-0 { border-color: var(--red); } .ew .ew-card.f-1 { border-color: var(--blue); }
.ew .ew-card.f-2 { border-color: var(--yellow); } .ew .ew-card.council { border-color: var(--green); background: #f1f8f1; }
.ew-card.f-0 .ew-top { background: #fbe3e1; } .ew-card.f-1 .ew-top { background: #e2ecf9; } .ew-card.f-2 .ew-top { background: #fdf1cc; }
.ew-card.council .ew-top { background: #d7ecd8; }
.ew-top { display: flex; justify-content: space-between; align-items: center; gap: 3px; margin: -4px -5px 1px; padding: 2px 4px; }
.ew-shape { font-weight: 700; white-space: nowrap; }
.ew-party { display: inline-block; min-width: 1.5em; padding: 0 .25em; border-radius: 4px; background: var(--pc); color: #111;
  font-weight: 700; text-align: center; border: 1px solid #0004; }
.ew-name { font-weight: 600; overflow-wrap: anywhere; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.ew-stats { display: flex; gap: 6px; flex-wrap: wrap; font-variant-numeric: tabular-nums; }
.ew-st { font-weight: 700; } .ew-share { color: #555; font-variant-numeric: tabular-nums; }
.ew sup { font-size: .8em; font-weight: 700; margin-left: 1px; } .ew sup.up { color: var(--green); } .ew sup.down { color: #b3261e; }
.ew-status { margin-top: auto; font-size: 11px; font-weight: 700; color: #b3261e; }
.ew-status.won { color: #7a5400; }
.ew-card.out > :not(.ew-status) { opacity: .4; } .ew-card.out .ew-name { text-decoration: line-through; }
.ew-shield { position: absolute; right: 4px; bottom: 3px; font-size: 14px; color: var(--blue); }
.ew-secret { margin-top: auto; font-size: 10px; color: #555; }
.ew-back { align-items: center; justify-content: center; border-color: #23313f;
  background: repeating-linear-gradient(45deg, #34495e 0 6px, #3f5873 6px 12px); color: #fff; }
.ew-back-mark { font-size: 22px; font-weight: 700; opacity: .85; }
.ew-slot-empty { align-items: center; justify-content: center; border: 2px dashed #c8c2b2; background: transparent; box-shadow: none;
  color: #999; font-size: 18px; }
.ew-card.news { border-color: #6b6b6b; }
.ew-card.news.w-gale { border-color: #37474f; } .ew-card.news.w-boom { border-color: #b3261e; border-style: double; border-width: 4px; }
.ew-dievalue { display: inline-flex; align-items: center; gap: 2px; padding: 0 3px; border-radius: 4px; background: #d6d6d6; font-weight: 700; }
svg.ew-pips { width: 14px; height: 14px; } svg.ew-pips rect { fill: #fff; stroke: #444; stroke-width: 2; } svg.ew-pips circle { fill: #222; }
.ew-wind { font-weight: 600; white-space: nowrap; } .w-boom .ew-wind { color: #b3261e; }
.ew-effect { margin-top: auto; padding: 2px 3px; border-radius: 4px; background: #fff; border: 1px solid #ddd; font-size: 11px; }
.ew-card.news .ew-top { background: #eee; }
.ew-card.small { min-height: 70px; font-size: 11px; } .ew-card.small .ew-wind-word { display: none; }
.ew-card.tiny { min-height: 0; font-size: 10px; padding: 2px 3px; }
.ew-card.tiny .ew-effect, .ew-card.tiny .ew-wind { display: none; }
.ew-middle { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; margin: .4em 0; }
.ew-pile { display: flex; flex-direction: column; gap: 3px; width: 118px; padding: 4px; border-radius: 8px; border: 1px solid transparent;
  background: transparent; font: inherit; text-align: left; min-height: 0; }
.ew-pile-title { font-size: 11px; color: #555; font-weight: 600; } .ew-count { font-size: 11px; color: #555; }
.ew-roll { width: 200px; } svg.ew-die { width: 44px; height: 44px; } svg.ew-die rect { fill: #fff; stroke: #333; stroke-width: 2.5; }
svg.ew-die circle { fill: #222; } .ew-roll.ok svg.ew-die rect { stroke: var(--green); } .ew-roll.bad svg.ew-die rect { stroke: #b3261e; }
.ew-roll.ok .ew-count { color: var(--green); font-weight: 600; } .ew-roll.bad .ew-count { color: #b3261e; font-weight: 600; }
.ew-mine { background: var(--mine, #fff4cc); border-radius: 8px; padding: .2em .5em .5em; margin: .4em 0; }
.ew-prompt { margin: .4em 0 0; font-weight: 600; color: #1d5fa8; }
.ew .pickable { cursor: pointer; } .ew .pickable:hover { transform: translateY(-2px); }
.ew .picked { transform: translateY(-6px); outline: 4px solid #1d5fa8; outline-offset: 1px; }
.ew-since { margin: .4em 0; padding: .3em .6em; border: 1px solid #e0c36a; border-radius: 8px; background: #fffaf0; font-size: .9em; }
.ew-since ul { margin: .2em 0; padding-left: 1.2em; }
.ew-since li { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.ew-rows { display: flex; flex-direction: column; gap: 8px; margin-top: .5em; }
.ew-row { display: grid; grid-template-columns: 104px minmax(0, 1fr); gap: 4px 8px; padding: 6px; border: 1px solid #ddd6c6; border-radius: 10px; background: #fbfaf6; }
.ew-row.current { border: 3px solid #1d5fa8; background: #eef4fc; }
.ew-row.counted { background: #f7f7f7; }
.ew-rowhead { display: flex; flex-direction: column; gap: 3px; }
.ew-rowno { font-size: 12px; font-weight: 700; } .ew-rowno em { color: #1d5fa8; font-style: normal; }
.ew-card.council.taken { opacity: .6; }
.ew-cands { display: grid; grid-template-columns: repeat(auto-fill, minmax(100px, 1fr)); gap: 6px; }
.ew-rows.many .ew-cands { grid-template-columns: repeat(auto-fill, minmax(80px, 1fr)); }
.ew-slot { position: relative; display: flex; flex-direction: column; gap: 2px; min-width: 0; padding: 0; border: 0; background: transparent;
  font: inherit; text-align: left; min-height: 0; border-radius: 8px; }
.ew-who { font-size: 11px; color: #555; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.ew-slot.mine .ew-who { color: var(--ink); font-weight: 700; } .ew-slot.turn .ew-who::before { content: "▶ "; color: #1d5fa8; }
.ew-slot.target { cursor: pointer; } .ew-slot.target .ew-card { outline: 4px solid #2f7d32; outline-offset: 1px; animation: ew-pulse 1.2s infinite; }
.ew-pile.target { cursor: pointer; border: 3px solid #2f7d32; animation: ew-pulse 1.2s infinite; }
.ew-slot.winner .ew-card { box-shadow: 0 0 0 3px #f2c200; }
.ew-slot .on-card { position: absolute; right: -3px; bottom: -5px; width: 64%; transform: rotate(-5deg); z-index: 1; }
.ew-countline { grid-column: 1 / -1; font-size: 12px; color: #333; }
.ew-countline span + span::before { content: ""; }
.ew-seats { display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 6px; }
.ew-seat { padding: 4px 6px; border: 1px solid #ddd6c6; border-radius: 8px; background: #fff; font-size: 12px; min-width: 0; }
.ew-seat.mine { background: var(--mine, #fff4cc); } .ew-seat.turn { border: 2px solid #1d5fa8; }
.ew-seat-head { display: flex; justify-content: space-between; gap: 4px; } .ew-seat-head strong { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.ew-votes { font-weight: 700; white-space: nowrap; }
.ew-won, .ew-held { display: flex; flex-wrap: wrap; gap: 2px 6px; margin-top: 2px; min-height: 0; }
.ew-won i { display: inline-flex; align-items: center; justify-content: center; width: 16px; height: 20px; border-radius: 3px; border: 2px solid #777;
  font-style: normal; font-size: 10px; background: #fff; }
.ew-won i.f-0 { border-color: var(--red); } .ew-won i.f-1 { border-color: var(--blue); } .ew-won i.f-2 { border-color: var(--yellow); }
.ew-won i.council { border-color: var(--green); background: #f1f8f1; }
.ew-minis { display: inline-flex; gap: 1px; } .ew-minis i { display: inline-block; width: 9px; height: 13px; border-radius: 2px; background: #3f5873; border: 1px solid #23313f; }
.ew-minis.role i { background: #8a6d3b; border-color: #5b4520; }
.ew-legend { margin-top: .6em; font-size: .88em; color: #444; } .ew-legend p { margin: .3em 0; }
/* changed since this seat's last turn: a violet dashed ring and a corner star (not colour alone) */
.ew-slot.ew-new .ew-card, .ew-card.ew-new, .ew-pile.ew-new .ew-card, .ew-seat.ew-new { outline: 2px dashed #7b1fa2; outline-offset: 2px; }
.ew-slot.ew-new::after, .ew-card.ew-new::after, .ew-seat.ew-new::after { content: "✱"; position: absolute; top: -7px; right: -5px;
  font-size: 13px; color: #7b1fa2; z-index: 2; }
.ew-card.ew-new::after { top: auto; bottom: 1px; right: 3px; }
.ew-seat { position: relative; }
.anim-flip .ew-card, .ew-pile.anim-flip .ew-card { animation: ew-flip .5s ease-out; }
.ew-slot.anim-deal .ew-card, .ew-card.anim-draw { animation: ew-deal .45s ease-out; }
.ew-slot.anim-bump .ew-card, .ew-seat.anim-bump, .ew-pile.anim-bump .ew-card { animation: ew-bump .5s ease-out; }
.ew-slot.anim-out .ew-card { animation: ew-shake .5s ease-out; }
.ew-pile.anim-play .ew-card, .ew-card.anim-play { animation: ew-deal .45s ease-out; }
.ew-roll.anim-roll svg.ew-die { animation: ew-roll .6s ease-out; }
.ew-rowhead.anim-win .ew-card, .ew-row.anim-row { animation: ew-bump .6s ease-out; }
@keyframes ew-flip { from { transform: perspective(400px) rotateY(90deg); } to { transform: none; } }
@keyframes ew-deal { from { transform: translateY(-28px) scale(.85); opacity: 0; } to { transform: none; opacity: 1; } }
@keyframes ew-bump { 40% { transform: scale(1.06); } }
@keyframes ew-shake { 20% { transform: translateX(-4px); } 40% { transform: translateX(4px); } 60% { transform: translateX(-3px); } 80% { transform: translateX(2px); } }
@keyframes ew-roll { from { transform: rotate(-270deg) scale(.5); } to { transform: none; } }
@keyframes ew-pulse { 50% { outline-color: #8bc34a; border-color: #8bc34a; } }
@media (prefers-reduced-motion: reduce) { .ew *, .ew { animation: none !important; transition: none !important; } }
@container (max-width: 560px) {
  .ew-row { grid-template-columns: minmax(0, 1fr); }
  .ew-rowhead { flex-direction: row; align-items: stretch; }
  .ew-rowhead .ew-rowno { width: 4.5em; }
  .ew-rowhead .ew-card.council { flex: 1; min-height: 0; flex-direction: row; flex-wrap: wrap; align-items: center; gap: 2px 8px; }
  .ew-rowhead .ew-card.council .ew-top { margin: 0; }
  .ew-cands, .ew-rows.many .ew-cands { grid-template-columns: repeat(auto-fill, minmax(60px, 1fr)); gap: 4px; }
  .ew-cands .ew-card { font-size: 10.5px; padding: 3px 3px 4px; min-height: 88px; border-width: 2px; }
  .ew-cands .ew-card .ew-top { margin: -3px -3px 1px; padding: 1px 2px; }
  .ew-cands .ew-stats { gap: 3px; }
  .ew-cards { grid-template-columns: repeat(auto-fill, minmax(100px, 1fr)); gap: 6px; }
  .ew-middle { gap: 4px; } .ew-pile { width: 92px; } .ew-roll { width: 138px; } svg.ew-die { width: 36px; height: 36px; }
  .ew-seats { grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); }
}
`;
