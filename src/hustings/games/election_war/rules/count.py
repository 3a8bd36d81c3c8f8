"""4. 開票作業 (seed 004, 註2) and 5. 宣佈當選.

Per row, top to bottom: the strongest candidate still standing is elected. Equal strength within one party
knocks all of them out (黨內互打); equal strength across parties knocks out the lower vote shares (R13: the party
clash is settled first, and the search goes on among those left). The winner's owner takes the winner's card,
and the district card if the winner's strength reaches the council's, else after a successful wind check."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hustings.games.election_war.phases import Phase, Status

if TYPE_CHECKING:
    from hustings.games.election_war.rules.state import ElectionWar

_STANDING = int(Status.STANDING)


def elect(s: ElectionWar, r: int) -> tuple[int, list[list[int]]]:
    """註2: the winning seat of row ``r`` (-1 if nobody is left) and the candidates knocked out on the way."""
    D = s.data
    status, strength, cand = s.status[r], s.strength[r], s.cand[r]
    knocked: list[list[int]] = []
    while True:
        standing = [q for q in range(s.n) if status[q] == _STANDING]
        if not standing:
            return -1, knocked
        best = max(strength[q] for q in standing)
        top = [q for q in standing if strength[q] == best]
        if len(top) == 1:
            return top[0], knocked
        by_party: dict[int, list[int]] = {}
        for q in top:
            by_party.setdefault(D.ROLES[cand[q]].party, []).append(q)
        rest = []
        for seats in by_party.values():
            if len(seats) > 1:  # 黨內互打: all of them out
                for q in seats:
                    status[q] = int(Status.CLASH)
                    knocked.append([q, int(Status.CLASH)])
            else:
                rest.append(seats[0])
        if len(rest) > 1:  # different parties: the highest vote share stays (shares differ, data.py)
            keep = max(rest, key=lambda q: D.ROLES[cand[q]].vote_share)
            for q in rest:
                if q != keep:
                    status[q] = int(Status.OUTVOTED)
                    knocked.append([q, int(Status.OUTVOTED)])
            return keep, knocked
        if len(rest) == 1:
            return rest[0], knocked
        # everyone at the top knocked out: look again among the rest


def count(s: ElectionWar) -> None:
    D = s.data
    for r in range(s.nrows):
        winner, knocked = elect(s, r)
        district = s.rows[r]
        council = D.DISTRICTS[district].council
        res: dict[str, Any] = {"row": r, "district": district, "winner": winner, "knocked": knocked,
                               "council": council, "check": None, "took_district": False}
        if winner >= 0:
            card = s.cand[r][winner]
            res["card"] = card
            res["strength"] = s.strength[r][winner]
            s.won_roles[winner].append(card)
            if s.strength[r][winner] >= council:
                took = True
            else:
                level = s.level[r][winner]
                flipped = s.flip()
                die = D.NEWS_DIE[flipped] if flipped >= 0 else 0
                took = die >= level  # 4.: the party negotiates with the council: a wind check (註1)
                res["check"] = {"card": flipped, "die": die, "level": level, "success": took}
            if took:
                s.won_districts[winner].append(district)
            res["took_district"] = took
        s.results.append(res)
        s.emit("count_row", res)
    s.phase = Phase.OVER
    out = s.outcome()
    s.emit("final", {"votes": s.votes(), "winners": list(out.winners), "title": out.detail["title"]})
