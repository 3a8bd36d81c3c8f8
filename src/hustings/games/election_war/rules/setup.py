"""1. 準備選舉 (seed 004): six district cards of different cities, the role-card deal, the news deck; and who
starts every round (R1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hustings.games.election_war.phases import Phase, Status

if TYPE_CHECKING:
    from hustings.games.election_war.rules.state import ElectionWar


def setup(s: ElectionWar, n: int, first_player: int | None) -> None:
    D = s.data
    s.n = n
    s.nrows, s.hand_size, s.mini = D.ROWS, D.HAND_SIZE, False
    # R1: the seed's youngest player starts every round; the table names that seat, else it is drawn.
    s.first = first_player if first_player is not None else s.rng.randrange(n)
    # 1.: the green cards are shuffled and six of different cities laid out top to bottom; a card of a city
    # already on the table is passed over (R2).
    greens = list(range(len(D.DISTRICTS)))
    s.rng.shuffle(greens)
    s.rows, s.district_pool = [], []
    cities: set[int] = set()
    for g in greens:
        city = D.DISTRICTS[g].city
        if len(s.rows) < D.ROWS and city not in cities:
            s.rows.append(g)
            cities.add(city)
        else:
            s.district_pool.append(g)
    # 1.: one red, two blue and three yellow role cards to every player.
    deal_roles(s, n, D.ROLES_BY_FRAME, D.DEAL_BY_FRAME)
    # 1.: the news deck shuffled face down, with room for a discard pile.
    s.deck = D.NEWS_DECK[:]
    s.rng.shuffle(s.deck)
    empty_table(s, n, D.ROWS)


def deal_roles(s: ElectionWar, n: int, piles: Sequence[Sequence[int]], deal: Sequence[int]) -> None:
    """Each frame's pile shuffled, ``deal[f]`` cards of it to every player in seat order, the rest to the pool."""
    s.role_hand = [[] for _ in range(n)]
    s.role_pool = []
    for f, pile in enumerate(piles):
        cards = list(pile)
        s.rng.shuffle(cards)
        for p in range(n):
            for _ in range(deal[f]):
                s.role_hand[p].append(cards.pop())
        s.role_pool.extend(cards)
    for h in s.role_hand:
        h.sort()
    s.role_pool.sort()


def empty_table(s: ElectionWar, n: int, rows: int) -> None:
    """The table before the first declaration (the full game and the mini game alike): no hands, no candidates,
    no results, the first round's first player to declare; then the setup events."""
    s.discard = []
    s.hands = [[] for _ in range(n)]
    s.cand = [[-1] * n for _ in range(rows)]
    s.strength = [[0] * n for _ in range(rows)]
    s.level = [[0] * n for _ in range(rows)]
    s.status = [[int(Status.STANDING)] * n for _ in range(rows)]
    s.protected = [[0] * n for _ in range(rows)]
    s.revealed = False
    s.pending = []
    s.won_roles = [[] for _ in range(n)]
    s.won_districts = [[] for _ in range(n)]
    s.results = []
    s.round = 0
    s.turn_i = 0
    s.turn = s.first
    s.phase = Phase.DECLARE
    s.emit("setup", {"players": n, "first": s.first, "rows": list(s.rows)})
    for p in range(n):
        s.emit("roles_dealt", {"player": p, "cards": list(s.role_hand[p])}, to=p)
