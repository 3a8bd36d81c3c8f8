"""The mini game (option ``mini``): a small two-player 選舉之戰 for exact tools (CFR, best responses, exploitability).

Same rules, smaller table (game.json "mini"): two rows of fixed districts, one red and one blue role card per
player dealt from piles of two, a news deck of two cards drawn into hands of one, and a spent deck that is not
reshuffled (:meth:`ElectionWar.reshuffle`), so that the deal is the game's only chance: 4 role deals x 2 deck
orders, each as likely as the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.games.election_war.rules.setup import deal_roles, empty_table

if TYPE_CHECKING:
    from hustings.games.election_war.rules.state import ElectionWar


def setup_mini(s: ElectionWar, first_player: int | None) -> None:
    D = s.data
    m = D.MINI
    n = s.n = m.players
    s.nrows, s.hand_size, s.mini = m.rows, m.hand_size, True
    s.first = first_player if first_player is not None else s.rng.randrange(n)
    s.rows = list(m.districts)
    s.district_pool = []
    deal_roles(s, n, m.roles_by_frame, m.deal_by_frame)
    s.deck = list(m.news)
    s.rng.shuffle(s.deck)
    empty_table(s, n, m.rows)
