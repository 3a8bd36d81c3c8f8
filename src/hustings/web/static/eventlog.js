// The table page's event log, drawn incrementally (issue 24 point 7): an update appends the rows of its new events and
// leaves every other row's DOM alone; a row is built again only when its `?` is opened or closed or its explanation
// arrives. Rebuilding the whole log on each update made a long game's page slower with every event (a forced
// layout of the whole page on each draw): benchmarks/page_draw.py measures it.
// table.js owns what the rows say (row(e, key)) and calls draw() after each message, reset() on a fresh `state`.

export const LOG_ROWS = 300; // the newest events shown; older ones leave the top of the list

export class EventLog {
  // box: the <ol>; row(e, key) builds one <li>; since(e) says whether the row is "new since my last turn";
  // sinceKey() changes whenever that answer may change for old rows (my move, the end, another seat)
  constructor(box, { row, since, sinceKey }) {
    this.box = box;
    this.row = row;
    this.since = since;
    this.sinceKey = sinceKey;
    this.rows = new Map(); // key -> {e, li, open, items}
    this.drawnSince = null;
    this.atBottom = true; // kept by the scroll listener: reading it during a draw would force a layout
    this.scrollQueued = false;
    box.addEventListener("scroll", () => {
      this.atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
    }, { passive: true });
  }

  // a fresh state (after an undo, a language switch, a reconnection): every row again
  reset() {
    this.rows.clear();
    this.box.replaceChildren();
    this.drawnSince = null;
  }

  // events: every event this seat holds, each with `step` and `n`; explain: the open keys; explained: key -> items
  draw(events, explain, explained) {
    const shown = events.slice(-LOG_ROWS);
    const keys = shown.map((e) => `${e.step}:${e.n}`);
    const keep = new Set(keys);
    for (const [k, r] of this.rows) {
      if (!keep.has(k)) { r.li.remove(); this.rows.delete(k); }
    }
    const sinceKey = this.sinceKey();
    const sinceChanged = sinceKey !== this.drawnSince;
    this.drawnSince = sinceKey;
    const tail = document.createDocumentFragment(); // new rows at the end, put in at once
    let prev = null;
    shown.forEach((e, i) => {
      const key = keys[i];
      const open = explain.has(key);
      const items = open ? explained.get(key) : undefined;
      let r = this.rows.get(key);
      if (r && tail.firstChild) r.li.before(tail); // (only if an old row follows new ones: they go before it)
      if (r && r.e === e && r.open === open && r.items === items) {
        if (sinceChanged) r.li.classList.toggle("since", this.since(e));
      } else {
        const li = this.row(e, key);
        if (r) r.li.replaceWith(li);
        else if (prev && !prev.li.isConnected) tail.append(li); // prev is itself waiting in the fragment
        else if (prev) prev.li.after(li);
        else if (this.box.firstChild) this.box.prepend(li);
        else tail.append(li);
        r = { e, li, open, items };
        this.rows.set(key, r);
      }
      prev = r;
    });
    if (tail.firstChild) this.box.append(tail);
    // follow the newest line when the reader was at the bottom: once per frame, when the browser lays out anyway
    if (this.atBottom && !this.scrollQueued) {
      this.scrollQueued = true;
      requestAnimationFrame(() => {
        this.scrollQueued = false;
        this.box.scrollTop = this.box.scrollHeight;
        this.atBottom = true;
      });
    }
  }
}
