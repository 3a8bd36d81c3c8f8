"""Die Macher 2019's action features: what each legal action does, as numbers a learned scorer weighs (docs/rl.md,
*Learned scorers*).

A row of numbers per legal action, read from the seat's view and the action alone (never the state), with the
game's card data and formulas, as the heuristic (``adapters/bot.py``) reads them. ``heuristic_pick`` marks the
heuristic's own choice, so a scorer that weighs only it plays exactly the heuristic; the rest let it learn where to
play otherwise. Most of the heuristic's rules are thresholds between acting and holding back (buying media,
rallying, placing a politician, bidding for a poll, taking a donation), so every phase's holding action (pass,
done, keep, decline) is a feature of its own, also crossed with money and the rounds left; the active choices carry
the quantities the heuristic weighs (the state's worth now, the cubes and their cost, the bid against the money).

Changing what a feature means or their order makes a new ``NAME``: a shipped scorer names the features it was
trained on, and is refused with another set.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hustings.bots.learned import ActionFeatures
from hustings.engine import Action
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.adapters.bot import (
    _Ctx,
    _double_gain,
    _politician_votes,
    _result_gain,
    choose,
    rally_budget_factor,
    rally_parts,
)

View = dict[str, Any]

#: the phases with an action that holds back, and that action's kinds
_HOLD = {"tie": ("pass",), "program": ("done", "nodraw"), "media": ("pass",), "rally": ("done",),
         "place": ("pass",), "exec": ("decline",), "influence": ("pass",), "poll": ("pass",),
         "poll_decide": ("keep_poll",), "convert": ("pass",), "presence": ("keep_marker",), "donation": ("pass",)}
_SECONDARY = ("votes", "trend", "double", "poll", "program", "media_remove", "other")

NAMES: tuple[str, ...] = (
    "heuristic_pick",
    *(f"hold_{p}" for p in _HOLD), "hold_x_money", "hold_x_rounds_left", "hold_x_round_one",
    # cards: a platform or draft card, a program card taken, swapped in or discarded, by the heuristic's worth
    "card_worth", "card_worth_rank", "program_wipe", "swap_gain",
    # the round's bid for the first seat, a tie's, a poll's
    "bid_amount", "bid_over_target", "bid_of_money", "tie_bid_of_money", "poll_bid_of_money", "poll_bid_x_trend",
    # media
    "media_worth", "media_takes_control", "media_votes_late", "media_of_money",
    # rallies
    "rally_cubes", "rally_of_money", "rally_worth", "rally_election", "rally_unconvertible", "rally_match",
    "rally_value",
    # politicians: placing, paying, their second action
    "place_cost", "place_over_spare", "place_election", "place_next_round", "place_gain",
    *(f"second_{s}" for s in _SECONDARY), "double_gain",
    # influence, conversion, donations, the poll
    "influence_gain", "convert_cubes", "convert_x_match", "donate_accept", "donate_amount", "donate_base",
    "publish_x_trend",
)
INDEX = {n: i for i, n in enumerate(NAMES)}
_F = len(NAMES)
NAME = f"die-macher-2019/actions-1/{_F}"


def _rounds_left(ctx: _Ctx) -> float:
    return max(0, ctx.last_round - ctx.round) / 4


def features(view: View, actions: Sequence[Action]) -> list[list[float]]:
    """One row of ``len(NAMES)`` numbers per legal action, in ``actions``' order."""
    legal = list(actions)
    out = [[0.0] * _F for _ in legal]
    if len(legal) < 2:
        if legal:
            out[0][0] = 1.0
        return out
    pick = choose(view, legal)
    for a, f in zip(legal, out, strict=True):
        if a is pick or a.id == pick.id:
            f[0] = 1.0
    phase = str(view["phase"])
    ctx = _Ctx(view)
    money = max(ctx.money, 1)
    hold = _HOLD.get(phase, ())
    for a, f in zip(legal, out, strict=True):
        if a.kind in hold:
            f[INDEX[f"hold_{phase}"]] = 1.0
            f[INDEX["hold_x_money"]] = ctx.money / 30000
            f[INDEX["hold_x_rounds_left"]] = _rounds_left(ctx)
            f[INDEX["hold_x_round_one"]] = float(ctx.round == 1)
    rows = list(zip(legal, out, strict=True))
    if phase in ("draft", "platform", "program"):
        _cards(ctx, rows)
    if phase in ("bid", "tie", "poll"):
        _bids(ctx, phase, money, rows)
    elif phase == "media":
        _media(ctx, money, rows)
    elif phase == "rally":
        _rally(ctx, money, rows)
    elif phase == "place":
        _place(ctx, rows)
    elif phase == "exec":
        _exec(ctx, rows)
    elif phase == "influence":
        _influence(ctx, rows)
    elif phase == "convert":
        _convert(ctx, rows)
    elif phase == "donation":
        _donation(ctx, rows)
    elif phase == "poll_decide":
        trend = (view.get("poll") or {}).get("trend") or [0] * 5
        mine = trend[view["players"][ctx.me]["party"]]
        for a, f in rows:
            if a.kind == "publish":
                f[INDEX["publish_x_trend"]] = mine / 3
    return out


Rows = list[tuple[Action, list[float]]]


def _cards(ctx: _Ctx, rows: Rows) -> None:
    scored = [(a, f) for a, f in rows if a.kind in ("draft", "plat", "keep", "take", "discard")]
    worths = sorted({ctx.card_score(a.args[0]) for a, _f in scored})
    top = max((abs(w) for w in worths), default=1.0) or 1.0
    for a, f in scored:
        w = ctx.card_score(a.args[0])
        f[INDEX["card_worth"]] = w / top
        f[INDEX["card_worth_rank"]] = worths.index(w) / max(1, len(worths) - 1)
    plat = ctx.platform
    for a, f in rows:
        if a.kind == "wipe":
            f[INDEX["program_wipe"]] = 1.0
        elif a.kind == "swap":
            j, t = a.args
            f[INDEX["swap_gain"]] = (ctx.card_score(t) - ctx.card_score(plat[j])) / top


def _bids(ctx: _Ctx, phase: str, money: int, rows: Rows) -> None:
    target = min(4000, int(ctx.money * 0.08)) // 1000
    if ctx.round == 1:
        target = min(target, 2)
    trend = 0
    if phase == "poll":
        poll = ctx.v.get("poll") or {}
        trend = (poll.get("trend") or [0] * 5)[ctx.v["players"][ctx.me]["party"]]
    for a, f in rows:
        if a.kind != "bid":
            continue
        k = a.args[0]
        share = min(2.0, k * 1000 / money)
        if phase == "bid":
            f[INDEX["bid_amount"]] = k / 10
            f[INDEX["bid_over_target"]] = (k - target) / 4
            f[INDEX["bid_of_money"]] = share
        elif phase == "tie":
            f[INDEX["tie_bid_of_money"]] = share
        else:
            f[INDEX["poll_bid_of_money"]] = share
            f[INDEX["poll_bid_x_trend"]] = share * trend


def _media(ctx: _Ctx, money: int, rows: Rows) -> None:
    for a, f in rows:
        if a.kind != "media":
            continue
        b = ctx.board(a.args[0])
        mine = b["media"][ctx.me]
        others = max(x for i, x in enumerate(b["media"]) if i != ctx.me)
        f[INDEX["media_worth"]] = ctx.weight[b["board"]] / 10
        f[INDEX["media_takes_control"]] = float(mine <= others < mine + 1)
        f[INDEX["media_votes_late"]] = float((b["election_round"] or ctx.round) - ctx.round > 1)
        f[INDEX["media_of_money"]] = min(2.0, D.MEDIA_COST / money)


def _rally(ctx: _Ctx, money: int, rows: Rows) -> None:
    budget_factor = rally_budget_factor(ctx)
    for a, f in rows:
        if a.kind != "rally":
            continue
        bb, k = a.args
        b = ctx.board(bb)
        convertible, _votes, value, cost = rally_parts(ctx, bb, k, budget_factor)
        f[INDEX["rally_cubes"]] = k / 8
        f[INDEX["rally_of_money"]] = min(2.0, D.RALLY_COST[k] / money)
        f[INDEX["rally_worth"]] = ctx.weight[bb] / 10
        f[INDEX["rally_election"]] = float(ctx.is_election(b))
        f[INDEX["rally_unconvertible"]] = float(not convertible)
        f[INDEX["rally_match"]] = ctx.my_match(b) / 5
        f[INDEX["rally_value"]] = (value - cost) / 5


def _place(ctx: _Ctx, rows: Rows) -> None:
    committed = sum(D.POLITICIANS[p["politician"]].cost for b in ctx.v["boards"] for p in b["politicians"]
                    if p["player"] == ctx.me and p["politician"] is not None and not p["revealed"])
    spare = ctx.money - committed - 6000
    for a, f in rows:
        if a.kind != "place":
            continue
        pol, bb = a.args
        pc = D.POLITICIANS[pol]
        b = ctx.board(bb)
        f[INDEX["place_cost"]] = pc.cost / 10000
        f[INDEX["place_over_spare"]] = float(pc.cost > spare)
        elect = ctx.is_election(b)
        f[INDEX["place_election"]] = float(elect)
        f[INDEX["place_next_round"]] = float(b["election_round"] == ctx.round + 1)
        if elect:
            f[INDEX["place_gain"]] = _result_gain(ctx, b, _politician_votes(ctx, b, pol)) / 10


def _exec(ctx: _Ctx, rows: Rows) -> None:
    turn = ctx.v.get("politician_turn") or {}
    if "politician" not in turn:
        return
    pc = D.POLITICIANS[turn["politician"]]
    for a, f in rows:
        if a.kind == "second":
            name = pc.secondary[a.args[0]].split(":")[0]
            f[INDEX[f"second_{name if name in _SECONDARY else 'other'}"]] = 1.0
        elif a.kind == "dbl_on":
            f[INDEX["double_gain"]] = _double_gain(ctx, ctx.board(turn.get("board", 0)), a.args[0]) / 2


def _influence(ctx: _Ctx, rows: Rows) -> None:
    b = ctx.board(ctx.v["influence_board"])
    base_me = ctx.match(b)
    others = [i for i in range(len(ctx.v["players"])) if i != ctx.me]
    base_others = [ctx.match(b, seat=i) for i in others]
    for a, f in rows:
        if a.kind != "replace":
            continue
        issue, t = a.args
        nb = dict(b)
        nb["opinions"] = [t if c >> 1 == issue else c for c in b["opinions"]]
        mine = ctx.match(nb) - base_me
        theirs = sum(ctx.match(nb, seat=i) - base_others[k] for k, i in enumerate(others)) / max(1, len(others))
        f[INDEX["influence_gain"]] = (mine - 0.5 * theirs) / 3


def _convert(ctx: _Ctx, rows: Rows) -> None:
    m = ctx.my_match(ctx.board(ctx.v["convert_board"]))
    for a, f in rows:
        if a.kind == "convert":
            f[INDEX["convert_cubes"]] = a.args[0] / 8
            f[INDEX["convert_x_match"]] = a.args[0] / 8 * m / 3


def _donation(ctx: _Ctx, rows: Rows) -> None:
    for a, f in rows:
        if a.kind != "donate":
            continue
        d = D.DONATIONS[a.args[0]]
        accept = bool(a.args[1])
        f[INDEX["donate_accept"]] = float(accept)
        f[INDEX["donate_amount"]] = d.amount / 10000 if accept else 0.0
        f[INDEX["donate_base"]] = (d.accept_base if accept else d.refuse_base) / 3


FEATURES = ActionFeatures(name=NAME, names=NAMES, of=features)
