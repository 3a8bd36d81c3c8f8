"""Final scoring (seed 000 五; ruling R23): election points, election bonuses, media presence, party
base, and the money rank (6 for the most money, 3 for the next)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hustings.games.die_macher_2019.phases import Phase

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules.state import DieMacher2019


def _components(s: DieMacher2019, p: int, money_rank: int) -> dict[str, int]:
    D = s.data
    pres = D.MEDIA_PRESENCE[s.variant]
    comp = {
        "election_points": s.vp_elec[p],
        "election_bonus": s.vp_bonus[p],
        "media_presence": sum(pres[e] for e in s.presence[p]),
        "party_base": s.base[p],
        "money_rank": money_rank,
    }
    comp["total"] = sum(comp.values())
    return comp


def money_rank_points(money: list[int], points: Sequence[int]) -> list[int]:
    """五.5, ruling R23: all tied for the most money score 6; only when exactly one player has the most
    does the next amount score 3 (for all tied there). ``points``: the data's ``MONEY_RANK_POINTS``."""
    out = [0] * len(money)
    levels = sorted(set(money), reverse=True)
    top = [p for p in range(len(money)) if money[p] == levels[0]]
    for p in top:
        out[p] = points[0]
    if len(top) == 1 and len(levels) > 1:
        for p in range(len(money)):
            if money[p] == levels[1]:
                out[p] = points[1]
    return out


def final_scoring(s: DieMacher2019) -> None:
    """五: election points, bonuses, media presence, party base, money rank."""
    money_pts = money_rank_points(s.money, s.data.MONEY_RANK_POINTS)
    s.final = [_components(s, p, money_pts[p]) for p in range(s.n)]
    s.emit("final_scores", {"scores": [dict(c) for c in s.final], "money": list(s.money)})
    s.phase = Phase.OVER


def scores(s: DieMacher2019) -> list[dict[str, int]]:
    """The final scores, or during the game the points so far (money is hidden, so not ranked yet)."""
    if s.final:
        return [dict(c) for c in s.final]
    return [_components(s, p, 0) for p in range(s.n)]
