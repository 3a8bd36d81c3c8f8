"""選舉之戰's action features: what each legal action does, as numbers a learned scorer weighs (docs/rl.md,
*Learned scorers*).

A row of numbers per legal action, read from the seat's view and the action alone (never the state), with the
card data of ``data``. The heuristic's own reading of each action is part of it (its pick, and a card play's
chance to land, gain and cost), so a scorer that weighs only ``heuristic_pick`` plays exactly the heuristic; the
other features let it learn where to play otherwise: which card to declare on which row (a choice the heuristic
makes by one sorting rule), which plays, press conferences and discards are worth more or less than the
heuristic thinks. Context (the vote lead, the hand's size) enters only crossed with an action's kind, since a
number common to every action cannot change a choice.

Changing what a feature means or their order makes a new ``NAME``: a shipped scorer names the features it was
trained on, and is refused with another set.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hustings.bots.learned import ActionFeatures
from hustings.engine import Action
from hustings.games.election_war import data as D
from hustings.games.election_war.adapters.bot import _HELPFUL, _p, _play_parts, _Row, choose

View = dict[str, Any]

_EFFECTS = ("withdraw", "strength", "protect", "draw", "discard", "level")

NAMES: tuple[str, ...] = (
    "heuristic_pick",
    # declaring (2.): the card against the row it would go to
    "declare", "declare_strength", "declare_chance", "declare_meets_council", "declare_over_council",
    "declare_rank_gap", "declare_rank_gap_abs", "declare_strongest", "declare_weakest", "declare_vote_share",
    "declare_strength_x_council", "declare_strength_x_rows_left",
    # playing (3-2): the heuristic's parts, the effect by target, the row's standing
    "play", "play_value", "play_lands", "play_gain", "play_cost", "play_on_me",
    *(f"play_{e}_{who}" for e in _EFFECTS for who in ("me", "rival")),
    "play_amount_me", "play_amount_rival", "play_chance", "play_stops", "play_stops_x_hand",
    "play_on_leader", "play_on_me_x_margin", "play_x_vote_lead",
    # stopping
    "stop", "stop_x_best_play", "stop_x_margin", "stop_x_standing", "stop_x_hand", "stop_x_vote_lead",
    # the press conference (3-2)
    "press", "press_x_helpful", "press_x_own_turn", "press_x_chance", "press_x_on_me",
    # discarding (3-3)
    *(f"discard_{e}" for e in _EFFECTS), "discard_x_amount", "discard_x_rows_left", "done", "done_x_hand",
)
INDEX = {n: i for i, n in enumerate(NAMES)}
_F = len(NAMES)
NAME = f"election-war/actions-1/{_F}"


def _declare_rows(view: View, legal: list[Action], out: list[list[float]]) -> None:
    hand = sorted(legal, key=lambda a: (D.ROLES[a.args[0]].strength, -D.ROLES[a.args[0]].level, a.id))
    rank = {a.id: k for k, a in enumerate(hand)}
    rows = view["rows"]
    nrows = len(rows)
    next_row = nrows - len(hand)
    council = int(rows[next_row]["council"])
    remaining = sorted(range(next_row, nrows), key=lambda r: (rows[r]["council"], r))
    row_rank = remaining.index(next_row)
    span = max(1, len(hand) - 1)
    left = len(hand) / nrows
    for a, f in zip(legal, out, strict=True):
        role = D.ROLES[a.args[0]]
        s = role.strength
        gap = (rank[a.id] - row_rank) / span
        f[1] = 1.0
        f[2] = s / 10
        f[3] = _p(role.level)
        f[4] = float(s >= council)
        f[5] = (s - council) / 10
        f[6] = gap
        f[7] = abs(gap)
        f[8] = float(rank[a.id] == len(hand) - 1)
        f[9] = float(rank[a.id] == 0)
        f[10] = role.vote_share / 1000
        f[11] = s * council / 100
        f[12] = s / 10 * left


def _vote_lead(view: View) -> float:
    votes = view["votes"]
    me = view["you"]
    rivals = [v for q, v in enumerate(votes) if q != me]
    return float(votes[me] - max(rivals, default=0)) / 4


def features(view: View, actions: Sequence[Action]) -> list[list[float]]:
    """One row of ``len(NAMES)`` numbers per legal action, in ``actions``' order."""
    legal = list(actions)
    out = [[0.0] * _F for _ in legal]
    if not legal:
        return out
    pick = choose(view, legal) if len(legal) > 1 else legal[0]
    for a, f in zip(legal, out, strict=True):
        if a is pick or a.id == pick.id:
            f[0] = 1.0
    phase = view["phase"]
    if phase == "declare":
        _declare_rows(view, legal, out)
        return out
    hand_n = len(view["hand"] or []) / 8
    if phase == "press":
        pending = view["pending"]
        card = D.NEWS[pending["card"]]
        helpful = card.effect in _HELPFUL or (card.effect in ("strength", "level") and card.amount > 0)
        me = view["you"]
        target = int(pending["target"])
        level = int(view["candidates"][view["round"]][target]["level"])
        for a, f in zip(legal, out, strict=True):
            if a.kind == "press":
                f[INDEX["press"]] = 1.0
                f[INDEX["press_x_helpful"]] = float(helpful)
                f[INDEX["press_x_own_turn"]] = float(view["turn"] == me)
                f[INDEX["press_x_chance"]] = _p(level)
                f[INDEX["press_x_on_me"]] = float(target == me)
        return out
    if phase == "discard":
        rows_left = (len(view["rows"]) - view["round"] - 1) / 6
        for a, f in zip(legal, out, strict=True):
            if a.kind == "discard":
                card = D.NEWS[a.args[0]]
                f[INDEX[f"discard_{card.effect}"]] = 1.0
                f[INDEX["discard_x_amount"]] = abs(card.amount) / 3
                f[INDEX["discard_x_rows_left"]] = rows_left
            elif a.kind == "done":
                f[INDEX["done"]] = 1.0
                f[INDEX["done_x_hand"]] = hand_n
        return out
    if phase != "play":
        return out
    rv = _Row(view)
    me = rv.me
    lead = _vote_lead(view)
    standing = me in rv.now
    rivals = [v for q, v in rv.now.items() if q != me]
    margin = (rv.now[me] - max(rivals, default=0)) / 5 if standing else 0.0
    top = max(rv.now.values(), default=None)
    best_play = 0.0
    plays = [(a, f) for a, f in zip(legal, out, strict=True) if a.kind == "play"]
    for a, f in plays:
        t, q = a.args
        card = D.NEWS[t]
        lands, gain, cost = _play_parts(view, rv, a)
        value = lands * gain - cost
        best_play = max(best_play, value)
        on_me = q == me
        f[INDEX["play"]] = 1.0
        f[INDEX["play_value"]] = value
        f[INDEX["play_lands"]] = lands
        f[INDEX["play_gain"]] = gain
        f[INDEX["play_cost"]] = cost
        f[INDEX["play_on_me"]] = float(on_me)
        f[INDEX[f"play_{card.effect}_{'me' if on_me else 'rival'}"]] = 1.0
        f[INDEX["play_amount_me" if on_me else "play_amount_rival"]] = card.amount / 3
        f[INDEX["play_chance"]] = _p(int(rv.row[q]["level"]))
        f[INDEX["play_stops"]] = float(card.stops)
        f[INDEX["play_stops_x_hand"]] = float(card.stops) * hand_n
        f[INDEX["play_on_leader"]] = float(not on_me and top is not None and rv.now.get(q) == top)
        f[INDEX["play_on_me_x_margin"]] = margin if on_me else 0.0
        f[INDEX["play_x_vote_lead"]] = lead
    for a, f in zip(legal, out, strict=True):
        if a.kind == "stop":
            f[INDEX["stop"]] = 1.0
            f[INDEX["stop_x_best_play"]] = best_play
            f[INDEX["stop_x_margin"]] = margin
            f[INDEX["stop_x_standing"]] = float(standing)
            f[INDEX["stop_x_hand"]] = hand_n
            f[INDEX["stop_x_vote_lead"]] = lead
    return out


FEATURES = ActionFeatures(name=NAME, names=NAMES, of=features)
