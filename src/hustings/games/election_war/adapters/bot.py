"""選舉之戰's bot adapter: rule-of-thumb play from the view and the legal actions only.

Reads static card data (role figures, news effects, dice) from the game's data module, never the state
(``evaluate`` scores a search bot's determinization, not the real game). The rules of thumb, from seed 004:

- declaring (2.): strongest cards on the rows with the strongest councils, so more winners also take the district
  card without a check (4.);
- playing (3-2): a card is worth the chance it lands times what it changes about who wins this row. A card on an
  opponent lands with p(1-p) (they call a press conference), one's own support with p, where p = (7 - level)/6 with a
  uniform news die; stop when nothing is worth playing;
- press conference: always against a harmful card, never against a helpful one;
- discarding (3-3): throw away cards that do nothing for us (level changes), keep the rest for later rows.
"""

from __future__ import annotations

from typing import Any

from hustings.bots.heuristic import Advice, Heuristic
from hustings.engine import Action, GameState
from hustings.games.election_war import data as D
from hustings.games.election_war.view import build_view, candidate_view

View = dict[str, Any]

_HELPFUL = frozenset({"protect", "draw"})


def _p(level: int) -> float:
    """Chance a wind check against ``level`` succeeds with the deck's uniform dice (註1)."""
    return max(0.0, min(1.0, (7 - level) / 6))


def _win(margin: float) -> float:
    """How sure a candidate is to win its row with ``margin`` strength over the best rival (soft, since later
    players still play cards)."""
    return max(0.0, min(1.0, 0.5 + 0.18 * margin))


class _Row:
    def __init__(self, view: View) -> None:
        self.me: int = view["you"]
        r = view["round"]
        rows = len(view["rows"])
        self.row = view["candidates"][r] if r < rows else []
        self.council: int = view["rows"][r]["council"] if r < rows else 0
        self.votes: list[int] = view["votes"]
        # the row as it stands: every card's value is measured against it (worked out once per decision)
        self.now: dict[int, int] = self.strengths()
        self.base: float = self.my_value(self.now)

    def standing(self, q: int) -> bool:
        c = self.row[q]
        return bool(c["status"] == 0 and c["strength"] is not None)

    def strengths(self) -> dict[int, int]:
        return {q: int(c["strength"]) for q, c in enumerate(self.row) if self.standing(q)}

    def my_value(self, st: dict[int, int]) -> float:
        """What the row is worth to me: my chance to win it, minus a little for the leader's owner if not me."""
        if self.me in st:
            rivals = [v for q, v in st.items() if q != self.me]
            mine = st[self.me]
            win = _win(mine - max(rivals)) if rivals else 1.0
            bonus = 0.5 if mine >= self.council else 0.25
            return win * (1.0 + bonus)
        if not st:
            return 0.0
        best = max(st.values())
        # not in the race: prefer the row going to a seat that is behind in votes
        leader = min((q for q, v in st.items() if v == best), key=lambda q: -self.votes[q])
        return -0.2 * (1 + self.votes[leader]) / (1 + max(self.votes))


def _play_value(view: View, rv: _Row, a: Action) -> float:
    lands, gain, cost = _play_parts(view, rv, a)
    return lands * gain - cost


def _play_parts(view: View, rv: _Row, a: Action) -> tuple[float, float, float]:
    """A card's worth in parts: the chance it lands, what it changes about the row for me if it does, and the cost
    of ending my playing (爆) with it."""
    t, q = a.args
    card = D.NEWS[t]
    me = rv.me
    c = rv.row[q]
    level = int(c["level"])
    p = _p(level)
    lands = p if q == me else p * (1 - p)  # the target's owner clears harmful cards at a press conference
    st, base = rv.now, rv.base
    eff, k = card.effect, card.amount
    if eff == "withdraw" or eff == "strength":
        after = dict(st)
        if eff == "withdraw":
            after.pop(q, None)
        else:
            after[q] = max(0, after[q] + k)
        gain = rv.my_value(after) - base
    elif eff == "protect":
        gain = 0.3 if q == me and me in st and base > 0.6 else -0.1
    elif eff == "draw":
        gain = 0.15 * k if q == me else -0.05
    elif eff == "discard":
        gain = 0.06 * min(k, view["hand_sizes"][q]) if q != me else -0.2
    else:  # level changes cut both ways; not worth a card
        gain = -0.05
    # 爆 ends the playing: a small cost (0.0 otherwise, so lands * gain - cost is lands * gain exactly)
    cost = 0.03 * max(0, len(view["hand"] or []) - 1) if card.stops else 0.0
    return lands, gain, cost


def _play_advice(view: View, rv: _Row, legal: list[Action], best: Action, value: float) -> Advice:
    """Why ``best`` is played: the chance it lands, what it changes on the row, and the next best card's worth (a
    sure win of the row is worth 100 to 150 row points: the heuristic's own scale, times 100)."""
    q = best.args[1]
    lands, gain, cost = _play_parts(view, rv, best)
    others = [_play_value(view, rv, a) for a in legal if a.kind == "play" and a is not best]
    return Advice(best, "advice.play_own" if q == rv.me else "advice.play_rival", {
        "chance": round(100 * lands), "level": int(rv.row[q]["level"]), "value": round(100 * value, 1),
        "next": round(100 * max(others, default=0.0), 1), "gain": round(100 * gain, 1), "cost": round(100 * cost, 1)})


def _declare(view: View, legal: list[Action], why: list[Advice] | None) -> Action:
    """2.: pair remaining cards and remaining rows, both sorted (strength against council), and place the card
    paired with the next row."""
    hand = sorted((a for a in legal), key=lambda a: (D.ROLES[a.args[0]].strength, -D.ROLES[a.args[0]].level, a.id))
    nrows = len(view["rows"])
    next_row = nrows - len(hand)
    rows = sorted(range(next_row, nrows), key=lambda r: (view["rows"][r]["council"], r))
    k = rows.index(next_row)
    out = hand[k]
    if why is not None:
        why.append(Advice(out, "advice.declare", {
            "council": view["rows"][next_row]["council"], "council_rank": k + 1, "rows": len(rows),
            "strength": D.ROLES[out.args[0]].strength}))
    return out


def choose(view: View, legal: list[Action]) -> Action:
    return _choose(view, legal, None)


def advise(view: View, legal: list[Action]) -> Advice:
    """:func:`choose`'s action and the numbers that decided it (one code path: the same action)."""
    why: list[Advice] = []
    _choose(view, legal, why)
    return why[-1]  # every way out of _choose gives its reason


def _choose(view: View, legal: list[Action], why: list[Advice] | None) -> Action:
    phase = view["phase"]
    if phase == "declare":
        return _declare(view, legal, why)
    me = view["you"]
    if phase == "press":
        pending = view["pending"]
        card = D.NEWS[pending["card"]]
        helpful = card.effect in _HELPFUL or (card.effect == "strength" and card.amount > 0) or (
            card.effect == "level" and card.amount > 0)
        mine = view["turn"] == me
        want = "no_press" if mine or helpful else "press"
        out = next(a for a in legal if a.kind == want)
        if why is not None:
            reason = "advice.press" if want == "press" else (
                "advice.no_press_own" if mine else "advice.no_press_helpful")
            level = int(view["candidates"][view["round"]][pending["target"]]["level"])
            why.append(Advice(out, reason, {"level": level, "chance": round(100 * _p(level))}))
        return out
    if phase == "play":
        rv = _Row(view)
        best, best_v = None, 0.01
        for a in legal:
            if a.kind != "play":
                continue
            v = _play_value(view, rv, a)
            if v > best_v:
                best, best_v = a, v
        if best is not None:
            if why is not None:
                why.append(_play_advice(view, rv, legal, best, best_v))
            return best
        out = next(a for a in legal if a.kind == "stop")
        if why is not None:
            top = max((_play_value(view, rv, a) for a in legal if a.kind == "play"), default=0.0)
            why.append(Advice(out, "advice.stop", {"value": round(100 * top, 1), "floor": 1}))
        return out
    if phase == "discard":
        for a in legal:
            if a.kind == "discard" and D.NEWS[a.args[0]].effect == "level":
                if why is not None:
                    why.append(Advice(a, "advice.discard", {"amount": D.NEWS[a.args[0]].amount}))
                return a
        out = next(a for a in legal if a.kind == "done")
        if why is not None:
            why.append(Advice(out, "advice.keep", {"cards": len(view["hand"] or [])}))
        return out
    if why is not None:
        why.append(Advice(legal[0], "advice.only", {"choices": len(legal)}))
    return legal[0]


def evaluate(state: GameState) -> list[float]:
    """Each seat's expected votes from a (determinized) state: cards won, plus for each row not yet counted the
    current leader's card and, weighted by the council, its district card."""
    s: Any = state
    votes = [float(v) for v in s.votes()]
    if s.is_over or not s.revealed:
        return votes
    for r in range(len(s.results), s.nrows):
        standing = [q for q in range(s.n) if s.status[r][q] == 0]
        if not standing:
            continue
        best = max(s.strength[r][q] for q in standing)
        top = [q for q in standing if s.strength[r][q] == best]
        council = D.DISTRICTS[s.rows[r]].council
        for q in top:
            extra = 1.0 if best >= council else _p(s.level[r][q])
            votes[q] += (1.0 + extra) / len(top)
    return votes


_ROLLOUT_PHASES = frozenset({"play", "press", "discard"})


def bot_view(state: GameState, player: int | None) -> View:
    """For ISMCTS rollouts on a determinization: the part of ``view(player)`` that :func:`choose` reads while the
    campaign is played (this round's row of candidates, the councils, votes, hands, the pending card), built
    as the view builds it; other rows' candidates are left empty. Before the campaign, the whole view."""
    s: Any = state
    phase = str(s.phase)
    if phase not in _ROLLOUT_PHASES:
        return build_view(s, player)
    r = s.round
    return {
        "you": player,
        "phase": phase,
        "round": r,
        "turn": s.turn,
        "rows": [{"row": i, "district": d, "council": D.DISTRICTS[d].council} for i, d in enumerate(s.rows)],
        "candidates": [[candidate_view(s, r, q, player) for q in range(s.n)] if i == r else [] for i in range(s.nrows)],
        "votes": s.votes(),
        "hand": list(s.hands[player]) if player is not None else None,
        "hand_sizes": [len(h) for h in s.hands],
        "pending": {"card": s.pending[0], "target": s.pending[1]} if s.pending else None,
    }


#: the ``bot`` adapter: a lead of 3 votes is nearly decisive in a count of at most 12 cards.
# tree="mine" and every root action (a news card offers up to 25 plays; the default considers 10 of them spread
# evenly): against three heuristics level with the full tree at 4 players (0.398 against 0.388 over 200 shared
# seeds), ahead at 10 (0.156 against 0.050 over 80); against OpenSpiel's ISMCTS at equal iterations 0.360 against
# its 0.315, where the full tree trailed it (docs/bots.md, issue 27, fifth run)
HEURISTIC = Heuristic(choose=choose, evaluate=evaluate, scale=3.0, rollout_view=bot_view, advise=advise,
                      tree="mine", root_branching=30)
