"""Seed 004 多人遊戲 4. 開票作業 and 註2 (ruling R13 for the order of the knock-outs)."""

from __future__ import annotations

from hustings.games.election_war import data as D
from hustings.games.election_war.phases import Phase, Status
from hustings.games.election_war.rules import count as C

from .conftest import campaigning, stack_deck


def role(party: int, share_rank: int = 0) -> int:
    """A role card of ``party``; among that party's cards, the ``share_rank``-th by vote share (ascending)."""
    cards = sorted((r for r in D.ROLES if r.party == party), key=lambda r: r.vote_share)
    return cards[share_rank].index


def row_of(s, cards: list[int], strengths: list[int]) -> None:  # type: ignore[no-untyped-def]
    for q, (c, st) in enumerate(zip(cards, strengths, strict=True)):
        s.cand[0][q] = c
        s.strength[0][q] = st
        s.status[0][q] = int(Status.STANDING)


def test_strongest_standing_candidate_wins() -> None:
    """註2: the candidate with the highest strength who has not withdrawn is elected."""
    s = campaigning(3)
    row_of(s, [role(0), role(1), role(2)], [5, 9, 7])
    assert C.elect(s, 0) == (1, [])
    s.status[0][1] = int(Status.WITHDRAWN)
    assert C.elect(s, 0)[0] == 2


def test_equal_strength_within_a_party_knocks_all_of_them_out() -> None:
    """註2: 黨內互打: equal strength, same nominating party: all of them withdraw; the next strongest wins."""
    s = campaigning(3)
    row_of(s, [role(0, 0), role(0, 1), role(1)], [8, 8, 6])
    winner, knocked = C.elect(s, 0)
    assert winner == 2
    assert sorted(knocked) == [[0, int(Status.CLASH)], [1, int(Status.CLASH)]]


def test_equal_strength_across_parties_the_lower_vote_share_goes() -> None:
    """註2: equal strength, different parties: the lower vote share withdraws."""
    s = campaigning(2)
    a, b = role(0, 0), role(1, 5)
    row_of(s, [a, b], [7, 7])
    high = 0 if D.ROLES[a].vote_share > D.ROLES[b].vote_share else 1
    winner, knocked = C.elect(s, 0)
    assert winner == high and knocked == [[1 - high, int(Status.OUTVOTED)]]


def test_party_clash_is_settled_before_the_vote_share() -> None:
    """Ruling R13 (註2 names the party clash first): of A and B (same party) and C (another), all at equal
    strength, A and B are knocked out and C wins, whatever the vote shares."""
    s = campaigning(3)
    row_of(s, [role(0, 9), role(0, 8), role(1, 0)], [6, 6, 6])
    assert C.elect(s, 0)[0] == 2


def test_nobody_left() -> None:
    """註2: with every candidate withdrawn or knocked out, the row has no winner and nobody takes a card."""
    s = campaigning(2)
    row_of(s, [role(0, 0), role(0, 1)], [4, 4])
    assert C.elect(s, 0) == (-1, [[0, int(Status.CLASH)], [1, int(Status.CLASH)]])


def finish(s) -> None:  # type: ignore[no-untyped-def]
    """Jump to the count: mark the campaign over and run 4."""
    s.round = D.ROWS
    C.count(s)


def fix_rows(s, winner_strength: int, council: int, level: int) -> None:  # type: ignore[no-untyped-def]
    """Every row: seat 0 strongest with ``winner_strength``/``level``; the district's council at ``council``."""
    d = next(x.index for x in D.DISTRICTS if x.council == council)
    for r in range(D.ROWS):
        s.rows[r] = d
        for q in range(s.n):
            s.status[r][q] = int(Status.STANDING)
            s.strength[r][q] = winner_strength if q == 0 else 0
            s.level[r][q] = level
    s.deck = []


def test_winner_reaching_the_council_takes_both_cards() -> None:
    """4.: a winner whose strength reaches the council's takes the role card and the district card, no check."""
    s = campaigning(2)
    council = D.DISTRICTS[0].council
    fix_rows(s, council, council, 6)
    finish(s)
    assert len(s.won_roles[0]) == 6 and len(s.won_districts[0]) == 6
    assert all(res["check"] is None for res in s.results)
    assert s.phase is Phase.OVER


def test_weaker_winner_needs_a_wind_check_for_the_council() -> None:
    """4.: below the council's strength, a successful wind check takes the district card too; a failed one only
    the winner's card."""
    s = campaigning(2)
    council = D.DISTRICTS[0].council
    fix_rows(s, council - 1, council, 4)
    stack_deck(s, 4, 3, 6, 1, 5, 2)
    finish(s)
    took = [res["took_district"] for res in s.results]
    assert took == [True, False, True, False, True, False]
    assert [res["check"]["die"] for res in s.results] == [4, 3, 6, 1, 5, 2]
    assert len(s.won_roles[0]) == 6 and len(s.won_districts[0]) == 3
    assert s.scores()[0] == {"roles": 6, "districts": 3, "total": 9}


def test_three_parties_tied_the_highest_vote_share_stays() -> None:
    """註2 (戰鬥力相同但推薦之政黨不同，得票率低的角色卡退出選舉) with three or more parties: every candidate at the top
    strength but the one with the highest vote share withdraws, whatever the seats' order."""
    parties = sorted({r.party for r in D.ROLES})
    assert len(parties) >= 3
    s = campaigning(4)
    cards = [role(parties[0], 0), role(parties[1], 0), role(parties[2], 0), role(parties[0], 1)]
    row_of(s, cards, [7, 7, 7, 3])
    shares = [D.ROLES[c].vote_share for c in cards[:3]]
    high = shares.index(max(shares))
    winner, knocked = C.elect(s, 0)
    assert winner == high
    assert sorted(knocked) == sorted([q, int(Status.OUTVOTED)] for q in range(3) if q != high)
    assert s.status[0][3] == Status.STANDING  # a weaker candidate is not touched


def test_party_clash_and_three_party_tie_together() -> None:
    """Ruling R13 with 註2: at the top, two candidates of one party clash out, and of the other parties' candidates
    only the highest vote share stays."""
    parties = sorted({r.party for r in D.ROLES})
    s = campaigning(5)
    cards = [role(parties[0], 0), role(parties[0], 1), role(parties[1], 0), role(parties[2], 0),
             role(parties[1], 1)]
    row_of(s, cards, [8, 8, 8, 8, 2])
    shares = {q: D.ROLES[cards[q]].vote_share for q in (2, 3)}
    keep = max(shares, key=lambda q: shares[q])
    winner, knocked = C.elect(s, 0)
    assert winner == keep
    assert sorted(knocked) == sorted([[0, int(Status.CLASH)], [1, int(Status.CLASH)],
                                      [5 - keep, int(Status.OUTVOTED)]])
