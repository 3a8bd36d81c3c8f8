"""Final scoring (001 §遊戲結束, 003 結束遊戲記分)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hustings.games.die_macher import data as D
from hustings.games.die_macher.phases import Phase

if TYPE_CHECKING:
    from hustings.games.die_macher.rules.state import DieMacher


def members_bonus(members: list[int], bonus: Sequence[int] = D.MEMBERS_BONUS) -> list[int]:
    """10 for the most members and 6 for the second (``bonus``: the data's ``MEMBERS_BONUS``); a tie for most
    shares 16 (rounded down, ruling R15); a tie for second gets nothing."""
    n = len(members)
    out = [0] * n
    top = max(members)
    first = [p for p in range(n) if members[p] == top]
    if len(first) > 1:
        for p in first:
            out[p] = (bonus[0] + bonus[1]) // len(first)
        return out
    out[first[0]] = bonus[0]
    rest = [m for p, m in enumerate(members) if p != first[0]]
    if rest:
        second = max(rest)
        seconds = [p for p in range(n) if members[p] == second and p != first[0]]
        if len(seconds) == 1:
            out[seconds[0]] = bonus[1]
    return out


def member_points(members: list[int], member_score: str, bonus_points: Sequence[int] = D.MEMBERS_BONUS) -> list[int]:
    """Each party's points for its members (ruling R15): a point a member plus the bonus (003 結束遊戲記分:
    「黨員人數(最多二名額外加 10/6 分)」; 001 §遊戲結束: 額外), or the bonus only (``member_score="bonus"``)."""
    bonus = members_bonus(members, bonus_points)
    if member_score == "bonus":
        return bonus
    return [m + x for m, x in zip(members, bonus, strict=True)]


def scores(s: DieMacher) -> list[dict[str, int]]:
    D = s.data
    bonus = member_points(s.members, s.member_score, D.MEMBERS_BONUS)
    out = []
    for p in range(s.n):
        seat_pts = sum(s.seats[p])
        media = sum(D.MEDIA_POINTS[e - 1] for q, e in s.nat_media if q == p)
        opinions = 0
        for j, (card, secured) in enumerate(s.nat_row):
            if card in s.prog[p]:
                opinions += D.NATIONAL_POINTS[j] + (D.SECURED_BONUS if secured else 0)
        row = {"seats": seat_pts, "media": media, "members": bonus[p], "opinions": opinions}
        row["total"] = seat_pts + media + bonus[p] + opinions
        out.append(row)
    return out


def finish(s: DieMacher) -> None:
    s.final = scores(s)
    s.phase = Phase.OVER
    s.emit("game_over", {"scores": [dict(r) for r in s.final]})
