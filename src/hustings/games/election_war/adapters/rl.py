"""選舉之戰's RL adapter: ``view(p)`` as a flat vector, every value in ``[0, 1]`` (see docs/rl.md).

Built only from the view, so what the view hides stays hidden: others' news hands encode as sizes, others'
face-down role cards as placed but unidentified, the deck as its size. Seats are absolute (seat 0 first); ``you``
says which one is the observer.
"""

from __future__ import annotations

import math
from array import array
from collections import Counter
from collections.abc import Hashable, Mapping
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from hustings.games.election_war import data as D
from hustings.games.election_war.phases import Phase, Status
from hustings.rl.encoding import BlockMemo, Encoder, EncoderAdapter, ExactVariant, Slots

GAME = "election-war"
PHASES: tuple[str, ...] = tuple(Phase)
STATUSES = len(Status)
NR = len(D.ROLES)
NN = D.NUM_NEWS
DECK = len(D.NEWS_DECK)
STRENGTH_SCALE = 15.0
COUNCIL_SCALE = 12.0
HAND_SCALE = 12.0
VOTES_SCALE = 12.0
SHARE_SCALE = 1000.0
COPIES = [c.count for c in D.NEWS]
INV_COPIES = [1.0 / c for c in COPIES]
# An upper bound on the decisions in one game, for OpenSpiel: the contract suite's step cap (a random game of 15
# players takes about 900); draw effects can lengthen a turn, never without end in practice.
MAX_GAME_LENGTH = 20_000
# the mini game's bound: its longest game, every deal's tree walked whole (hustings.rl.openspiel_exact.exact_actions
# checks it; tests/rl/test_openspiel_mini.py)
MINI_MAX_GAME_LENGTH = 12


_INV_STRENGTH = 1.0 / STRENGTH_SCALE
_INV_LEVEL = 1.0 / D.LEVEL_MAX
_INV_SHARE = 1.0 / SHARE_SCALE


def _frac(x: float, scale: float) -> float:
    v = x / scale
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


def _fractions(counts: list[int], n: int, scale: float) -> array[float]:
    """One value per seat: its count / ``scale``, at most 1 (a block of ``n`` slots)."""
    if len(counts) != n:
        raise ValueError(f"{GAME} encoder for {n} players got {len(counts)} counts per seat")
    block = array("d", bytes(8 * n))
    for p, k in enumerate(counts):
        if k > 0:  # _frac inlined (the same division)
            v = k / scale
            block[p] = v if v < 1.0 else 1.0
    return block


class ElectionWarEncoder(Encoder):
    """``rows`` and ``deck`` are the table's (six rows and the full news deck; the mini game's two and two)."""

    def __init__(self, players: int, variant: str, rows: int = D.ROWS, deck: int = DECK) -> None:
        super().__init__(GAME, players, variant)
        n = players
        self.rows = rows
        self.deck_size = deck
        add = self.add
        self.o_phase = add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_round = add("round", rows + 1, f"one-hot round (row) 0..{rows - 1}, {rows} once the campaign is over")
        self.o_you = add("you", n, "one-hot seat of the observer (all zero for a spectator)")
        self.o_current = add("current_players", n, "multi-hot seats that must act now")
        self.o_first = add("first", n, "one-hot seat that starts every round (R1)")
        self.o_turn = add("turn", n, "one-hot seat on turn in the campaign")
        self.o_rows = add("rows", rows * (1 + len(D.CITIES)), "per row: council strength / 12, one-hot city")
        self.per_cand = 2 + len(D.FRAMES) + len(D.PARTIES) + 3 + STATUSES + 1
        self.o_cands = add("candidates", rows * n * self.per_cand,
                           "per row and seat: placed, known, one-hot frame, one-hot party, strength / 15, level / 6, "
                           "vote share / 100%, one-hot status, protected")
        self.o_roles = add("role_hand", NR, "multi-hot role cards in my hand (declaration)")
        self.o_hand = add("hand", NN, "my news cards per design / copies of the design")
        self.o_sizes = add("hand_sizes", n, "news hand size per seat / 12")
        self.o_deck = add("deck", 1, f"news deck size / {deck}")
        self.o_discard = add("discard", NN, "discard pile per design / copies of the design")
        self.o_pending = add("pending", NN + n, "one-hot news card being resolved, one-hot its target seat")
        self.o_votes = add("votes", n, "cards won per seat / 12")
        # the per-seat blocks, for the egocentric form
        for r in range(rows):
            self.seats(self.o_cands + r * n * self.per_cand, self.per_cand)
        self.seats(self.o_pending + NN)
        self.seat_slices("you", "current_players", "first", "turn", "hand_sizes", "votes")
        self._phase_index = {ph: i for i, ph in enumerate(PHASES)}
        # the blocks of unchanged parts (see _filled)
        self._rows_memo = BlockMemo(self.o_rows, self.o_rows + rows * (1 + len(D.CITIES)))
        self._hand_memo = BlockMemo(self.o_hand, self.o_hand + NN)
        width = n * self.per_cand
        # observer -> per row, (the row's candidates it saw there last, their block)
        self._last_rows: dict[int | None, list[tuple[list[dict[str, Any]], memoryview[float]] | None]] = {}
        # per row, the last entry made (by any observer)
        self._latest_rows: list[tuple[list[dict[str, Any]], memoryview[float]] | None] = [None] * rows
        self._cand_memo = [BlockMemo(self.o_cands + r * width, self.o_cands + (r + 1) * width) for r in range(rows)]
        # the last discard pile seen and its counts per design (replaced whole: safe in threads)
        self._discard: tuple[list[int], list[int], array[float]] = ([], [0] * NN, array("d", bytes(8 * NN)))
        # the last hand sizes and cards won seen, and their blocks (replaced whole)
        self._seats: tuple[list[int], list[int], array[float], array[float]] = ([], [], array("d"), array("d"))

    def fill(self, out: Slots, view: Mapping[str, Any]) -> None:
        self._fill_fixed(out, view)
        for r, row in enumerate(view["candidates"]):
            self._fill_row(out, r, row)

    def _filled(self, view: Mapping[str, Any],
                buf: npt.NDArray[np.float64] | None = None) -> npt.NDArray[np.float64]:
        # Most of a view is the same from step to step and, bar the observer's own face-down cards and hand, from
        # seat to seat: the candidate rows, the table's rows and the hand come from BlockMemo when unchanged, the
        # discard pile's counts grow with the cards added since the last view. The bits are those of fill().
        if buf is None:
            buf = np.zeros(self.size, np.float64)
        mv: Any = memoryview(cast(Any, buf))
        out = cast(Slots, mv)
        self._fill_head(out, view)
        memo = self._rows_memo
        key = memo.lookup(out, view["rows"])
        if key is not None:
            self._fill_rows(out, view["rows"])
            memo.store(out, key, view["rows"])
        memo = self._hand_memo
        key = memo.lookup(out, view["hand"])
        if key is not None:
            self._fill_hand(out, view["hand"])
            memo.store(out, key, view["hand"])
        self._fill_discard(out, view["discard"])
        # a candidate row: first against the last row this observer saw there (compared in C, no key to build),
        # then by its JSON (a row differs from seat to seat only by the observer's own face-down candidates)
        you = view["you"]
        last = self._last_rows.get(you)
        if last is None:
            last = self._last_rows[you] = [None] * self.rows
        width = self.players * self.per_cand
        at = self.o_cands
        latest = self._latest_rows
        for r, row in enumerate(view["candidates"]):
            hit = last[r]
            if hit is not None and hit[0] == row:
                mv[at:at + width] = hit[1]  # a memoryview slice: copied in C
            else:
                # then against the row as the last view of any seat saw it (a row changed since this observer's
                # last view is most often one another seat has seen since): its entry is shared, no copy made
                other = latest[r]
                if other is not None and other is not hit and other[0] == row:
                    mv[at:at + width] = other[1]
                    last[r] = other
                else:
                    memo = self._cand_memo[r]
                    key = memo.lookup(out, row)
                    if key is not None:
                        self._fill_row(out, r, row)
                        memo.store(out, key, row)
                    # copies: a caller may change its view later; entries are replaced whole (safe in threads)
                    last[r] = latest[r] = (list(map(dict, row)),
                                           memoryview(buf[at:at + width].tobytes()).cast("d"))
            at += width
        return buf

    def _fill_fixed(self, out: Slots, view: Mapping[str, Any]) -> None:
        self._fill_head(out, view)
        self._fill_rows(out, view["rows"])
        self._fill_hand(out, view["hand"])
        at = self.o_discard
        for t, k in Counter(view["discard"]).items():
            out[at + t] = k * INV_COPIES[t]

    def _fill_head(self, out: Slots, view: Mapping[str, Any]) -> None:
        """Everything but the rows, the candidates, the hand and the discard pile."""
        n = self.players
        if view.get("game") != GAME or view.get("players") != n or len(view.get("rows", ())) != self.rows:
            raise ValueError(f"{GAME} encoder for {n} players and {self.rows} rows got another view")
        phase = self._phase_index.get(view["phase"])
        if phase is None:
            raise ValueError(f"{GAME} encoder: unknown phase {view['phase']!r}")
        out[self.o_phase + phase] = 1.0
        out[self.o_round + min(view["round"], self.rows)] = 1.0
        you = view["you"]
        if you is not None:
            out[self.o_you + you] = 1.0
        for p in view["to_act"]:
            out[self.o_current + p] = 1.0
        out[self.o_first + view["first"]] = 1.0
        if view["turn"] is not None:
            out[self.o_turn + view["turn"]] = 1.0
        if len(view["candidates"]) != self.rows:
            raise ValueError(f"{GAME} encoder for {self.rows} rows got {len(view['candidates'])} candidate rows")
        for card in view["role_hand"] or ():
            out[self.o_roles + card] = 1.0
        # hand sizes and cards won: public, and mostly as they were at the last view (of any seat)
        sizes, votes = view["hand_sizes"], view["votes"]
        seats = self._seats
        if sizes != seats[0] or votes != seats[1]:
            seats = self._seats = (list(sizes), list(votes), _fractions(sizes, n, HAND_SCALE),
                                   _fractions(votes, n, VOTES_SCALE))
        buf: Any = out
        buf[self.o_sizes:self.o_sizes + n] = seats[2]
        buf[self.o_votes:self.o_votes + n] = seats[3]
        v = view["deck"] / self.deck_size  # _frac inlined
        out[self.o_deck] = 0.0 if v < 0.0 else 1.0 if v > 1.0 else v
        pending = view["pending"]
        if pending is not None:
            out[self.o_pending + pending["card"]] = 1.0
            out[self.o_pending + NN + pending["target"]] = 1.0

    def _fill_rows(self, out: Slots, rows: list[Mapping[str, Any]]) -> None:
        at = self.o_rows
        for row in rows:
            out[at] = _frac(row["council"], COUNCIL_SCALE)
            out[at + 1 + row["city"]] = 1.0
            at += 1 + len(D.CITIES)

    def _fill_hand(self, out: Slots, hand: list[int] | None) -> None:
        at = self.o_hand
        for t, k in Counter(hand or ()).items():
            out[at + t] = k * INV_COPIES[t]

    def _fill_discard(self, out: Slots, pile: list[int]) -> None:
        """The discard pile's counts per design, from the last pile's when this one only adds cards to it (the
        pile is public, so one memo serves every seat)."""
        last, counts, block = self._discard
        m = len(last)
        if len(pile) != m or pile != last:
            if len(pile) > m and pile[:m] == last:
                counts = counts.copy()
                block = array("d", block)
                for t in pile[m:]:
                    counts[t] += 1
                    block[t] = counts[t] * INV_COPIES[t]
            else:
                counts = [0] * NN
                block = array("d", bytes(8 * NN))
                for t in pile:
                    counts[t] += 1
                for t, k in enumerate(counts):
                    if k:
                        block[t] = k * INV_COPIES[t]
            self._discard = (list(pile), counts, block)
        cast(Any, out)[self.o_discard:self.o_discard + NN] = block

    def _fill_row(self, out: Slots, r: int, row: list[Mapping[str, Any]]) -> None:
        n = self.players
        if len(row) != n:
            raise ValueError(f"{GAME} encoder for {n} players got a row of {len(row)} candidates")
        nf, np_ = len(D.FRAMES), len(D.PARTIES)
        per = self.per_cand
        o_status = 5 + nf + np_
        at = self.o_cands + r * n * per
        for c in row:
            if c["placed"]:
                out[at] = 1.0
            if c["card"] is not None:
                out[at + 1] = 1.0
                out[at + 2 + c["frame"]] = 1.0
                out[at + 2 + nf + c["party"]] = 1.0
                # min(1.0, v) inlined (the same bits)
                x = c["strength"]
                if x > 0:
                    v = x * _INV_STRENGTH
                    out[at + 2 + nf + np_] = v if v < 1.0 else 1.0
                x = c["level"]
                if x > 0:
                    v = x * _INV_LEVEL
                    out[at + 3 + nf + np_] = v if v < 1.0 else 1.0
                v = c["vote_share"] * _INV_SHARE
                out[at + 4 + nf + np_] = v if v < 1.0 else 1.0
            out[at + o_status + c["status"]] = 1.0
            if c["protected"]:
                out[at + o_status + STATUSES] = 1.0
            at += per


def make_encoder(players: int, variant: str) -> ElectionWarEncoder:
    return ElectionWarEncoder(players, variant)


def max_game_length(players: int, variant: str) -> int:
    return MAX_GAME_LENGTH


def mini_encoder() -> ElectionWarEncoder:
    """The encoder of the mini game (option ``mini``: two players, two rows, a news deck of two)."""
    return ElectionWarEncoder(D.MINI.players, "standard", rows=D.MINI.rows, deck=len(D.MINI.news))


def everyone_may_lose(players: int, variant: str) -> bool:
    """5.: everyone loses only when three or more tie at the top, so never at two seats."""
    return players >= D.ALL_LOSE_IF_TIED


def mini_deals() -> int:
    """How many deals the mini game has: ordered hands out of each role pile (a hand's order does not count),
    times the distinct orders of its news deck."""
    m = D.MINI
    deals = 1
    for f, pile in enumerate(m.roles_by_frame):
        k = m.deal_by_frame[f]
        deals *= math.perm(len(pile), k * m.players) // math.factorial(k) ** m.players
    orders = math.factorial(len(m.news))
    for c in Counter(m.news).values():
        orders //= math.factorial(c)
    return deals * orders


def mini_deal_key(state: Any) -> Hashable:
    """For the chance side only: the deal of a fresh mini game (the role hands and the news deck's order)."""
    return (tuple(tuple(h) for h in state.role_hand), tuple(state.deck))


#: the mini game (option ``mini``; seat 0 starts, so the deal is its only chance) for exact tools
MINI = ExactVariant(name="mini", players=D.MINI.players, options={"mini": True, "first_player": 0},
                    deals=mini_deals(), deal_key=mini_deal_key, encoder=mini_encoder,
                    max_game_length=MINI_MAX_GAME_LENGTH, secret_kinds=frozenset({"declare"}))

#: the ``rl_encoder`` adapter
ENCODER = EncoderAdapter(factory=make_encoder, max_game_length=max_game_length, everyone_may_lose=everyone_may_lose,
                         exact=(MINI,))
