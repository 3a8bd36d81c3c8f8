"""Executing the politicians (seed 000 三.6, 四.2, 四.4; rulings R5, R6, R25 to R27, R31).

State by state from the election state, clockwise, politicians resolve in the order they were placed:
all of a state's politicians are revealed together, each owner pays or declines, then carries out the
main action and one secondary action. An effect can wait for a choice (double marker, media removal),
or nest a program adjustment (``program``) or a free poll card (``polls``), which return here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher_2019 import actions as X
from hustings.games.die_macher_2019.phases import ExecStep, ParamEffect, Phase, Return
from hustings.games.die_macher_2019.rules import influence, polls, program

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules.state import DieMacher2019

# Exclusive (!) actions, once per state and round (ruling R6): a bit each in ``state.excl[board]``.
EXCL_DOUBLE, EXCL_MEDIA, EXCL_POLL = 1, 2, 4
EXCLUSIVE = {"double": EXCL_DOUBLE, "media_remove": EXCL_MEDIA, "poll": EXCL_POLL}

_NONE, _PAY, _MAIN, _PARAM, _SECOND, _AFTER = (
    ExecStep.NONE, ExecStep.PAY, ExecStep.MAIN, ExecStep.PARAM, ExecStep.SECOND, ExecStep.AFTER)


def start(s: DieMacher2019) -> None:
    s.phase = Phase.EXEC
    s.order = s._round_order()
    s.excl = [0] * 4
    s.bi = 0
    s.pi = 0
    s.exec_step = _NONE
    exec_next(s)


# ---------------------------------------------------------------------------------- effects


def effect_possible(s: DieMacher2019, eff: str, p: int, b: int) -> bool:
    D = s.data
    name = eff.split(":")[0]
    bit = EXCLUSIVE.get(name, 0)
    if bit and s.excl[b] & bit:
        return False
    if name == "double":
        return s.dbl[b] >= 0 or (s.double_supply > 0 and bool(s.up[b]))
    if name == "media_remove":
        return s.money[p] >= D.MEDIA_REMOVE_PAYMENT and any(s.media[b][q] > 0 for q in range(s.n) if q != p)
    if name == "poll":
        return bool(s.poll_deck or s.poll_disc)
    if name == "rallies":
        return min(int(eff.split(":")[1]), D.MAX_RALLIES - s.rallies[b][p], s.rally_res[p]) > 0
    return True  # trend, votes, others_trend_down, program


def effect_choices(s: DieMacher2019, eff: str, p: int, b: int) -> list[Action]:
    """Parameter choices of an effect that needs them; empty for automatic effects."""
    if eff == ParamEffect.DOUBLE:
        if s.dbl[b] >= 0:
            return [X.DBL_OFF]
        return [X.DBL_ON[c >> 1] for c in s.up[b]]
    if eff == ParamEffect.MEDIA_REMOVE:
        out = []
        for q in range(s.n):
            if q != p and s.media[b][q] > 0:
                out.append(X.MREMOVE[q][0])
                if s.media_res[p] > 0:
                    out.append(X.MREMOVE[q][1])
        return out
    return []


def run_effect(s: DieMacher2019, eff: str, p: int, b: int, then: ExecStep) -> bool:
    """Start an effect; ``then`` is the execution step that follows it. Returns True when the
    effect waits for a decision (its parameters, a program adjustment or a poll card)."""
    D = s.data
    s.exec_step = then
    if not effect_possible(s, eff, p, b):
        s.emit("action_skipped", {"player": p, "board": b, "effect": eff})
        return False
    name = eff.split(":")[0]
    amount = int(eff.split(":")[1]) if ":" in eff else 1
    if name in ("double", "media_remove"):
        s.exec_effect = ParamEffect(name)
        s.exec_after = then
        s.exec_step = _PARAM
        s.turn = p
        return True
    if name == "trend":
        s._add_trend(b, p, amount)
        s.emit("trend_changed", {"player": p, "board": b, "change": amount, "trend": s.trend[b][p]})
    elif name == "votes":
        s.votes[b][p] += amount
        s.emit("votes_gained", {"player": p, "board": b, "votes": amount})
    elif name == "others_trend_down":
        for q in range(s.n):
            if q != p:
                s._add_trend(b, q, -1)
        s.emit("others_trend_down", {"player": p, "board": b})
    elif name == "rallies":
        cnt = min(amount, D.MAX_RALLIES - s.rallies[b][p], s.rally_res[p])
        s.rallies[b][p] += cnt
        s.rally_res[p] -= cnt
        s.emit("free_rallies", {"player": p, "board": b, "count": cnt})
    elif name == "program":
        s.prog_return = Return.EXEC
        program.start(s, p)
        return True
    elif name == "poll":
        s.excl[b] |= EXCL_POLL
        polls.take_free(s, p, b)
        return True
    return False


# ------------------------------------------------------------------------------- sequencing


def exec_next(s: DieMacher2019) -> None:
    """Move to the next politician needing a decision, resolving automatic ones."""
    D = s.data
    while s.bi < len(s.order):
        b = s.order[s.bi]
        if s.pi >= len(s.placed[b]):
            s.bi += 1
            s.pi = 0
            continue
        entry = s.placed[b][s.pi]
        p, pol = entry[0], entry[1]
        pc = D.POLITICIANS[pol]
        step = s.exec_step
        if step == _NONE:
            if not entry[2]:
                # 三.6: all politicians sent to a state are turned face up together
                for e in s.placed[b]:
                    e[2] = 1
                    s.pol_used[e[0]] |= 1 << e[1]
                    s.emit("politician_revealed", {"player": e[0], "board": b, "politician": e[1],
                                                   "cost": D.POLITICIANS[e[1]].cost})
            if s.money[p] < pc.cost:
                s.emit("politician_discarded", {"player": p, "board": b, "politician": pol, "reason": "money"})
                s.pi += 1
                continue
            s.exec_step = _PAY
            s.turn = p
            return
        if step == _MAIN and run_effect(s, pc.main, p, b, then=_SECOND):
            return
        if s.exec_step == _SECOND:
            options = [i for i, e in enumerate(pc.secondary) if effect_possible(s, e, p, b)]
            if not options:
                s.emit("action_skipped", {"player": p, "board": b, "effect": "secondary"})
                politician_done(s)
                continue
            s.turn = p
            return
        if s.exec_step == _AFTER:
            politician_done(s)
            continue
        return
    s.exec_step = _NONE
    influence.start(s)


def politician_done(s: DieMacher2019) -> None:
    s.pi += 1
    s.exec_step = _NONE


# ---------------------------------------------------------------------------------- decisions


def legal(s: DieMacher2019, p: int) -> list[Action]:
    D = s.data
    step = s.exec_step
    b = s.order[s.bi]
    if step == _PAY:
        return [X.PAY, X.DECLINE]
    if step == _PARAM:
        return effect_choices(s, s.exec_effect, p, b)
    if step == _SECOND:
        pol = D.POLITICIANS[s.placed[b][s.pi][1]]
        return [X.SECOND[i] for i, e in enumerate(pol.secondary) if effect_possible(s, e, p, b)]
    return []


def apply(s: DieMacher2019, p: int, a: Action) -> None:
    D = s.data
    b = s.order[s.bi]
    entry = s.placed[b][s.pi]
    pc = D.POLITICIANS[entry[1]]
    k, x = a.kind, a.args
    step = s.exec_step
    if step == _PAY:
        if k == "decline":
            s.emit("politician_discarded", {"player": p, "board": b, "politician": entry[1], "reason": "declined"})
            politician_done(s)
            exec_next(s)
            return
        s.money[p] -= pc.cost
        s.emit("politician_paid", {"player": p, "board": b, "politician": entry[1], "cost": pc.cost})
        s.exec_step = _MAIN
        exec_next(s)
        return
    if step == _SECOND:
        if run_effect(s, pc.secondary[x[0]], p, b, then=_AFTER):
            return
        exec_next(s)
        return
    if step == _PARAM:
        if s.exec_effect == ParamEffect.DOUBLE:
            s.excl[b] |= EXCL_DOUBLE
            if k == "dbl_off":
                s.dbl[b] = -1
                s.double_supply += 1
                s.emit("double_removed", {"player": p, "board": b})
            else:
                s.dbl[b] = x[0]
                s.double_supply -= 1
                s.emit("double_placed", {"player": p, "board": b, "issue": x[0]})
        elif s.exec_effect == ParamEffect.MEDIA_REMOVE:
            s.excl[b] |= EXCL_MEDIA
            q, own = x
            s.money[p] -= D.MEDIA_REMOVE_PAYMENT
            s.money[q] += D.MEDIA_REMOVE_PAYMENT
            s.media[b][q] -= 1
            s.media_res[q] += 1
            if own:
                s.media[b][p] += 1
                s.media_res[p] -= 1
            s.emit("media_removed", {"player": p, "board": b, "target": q, "placed_own": bool(own),
                                     "paid": D.MEDIA_REMOVE_PAYMENT})
        s.exec_step = s.exec_after
        s.exec_effect = ParamEffect.NONE
        exec_next(s)
