"""The 選舉之戰 state (seed 004): its data, the engine hooks, and the dispatch of decisions through
:data:`rules.table.PHASES`.

Seats run clockwise in increasing order. Rows are the six districts, top (0) to bottom (5); the candidate of
seat ``p`` on row ``r`` is ``cand[r][p]`` (a role card), and its current figures are ``strength[r][p]``,
``level[r][p]``, ``status[r][p]`` and ``protected[r][p]``. News cards are design indexes (copies are identical).
Rulings (R1, ...) are in ``rulings.md`` beside the package.
"""

from __future__ import annotations

from itertools import compress
from operator import add
from typing import Any

from hustings.engine import Action, GameState, Outcome, Rng, ranked_outcome
from hustings.games.election_war.actions import GAME_ID, SPACE
from hustings.games.election_war.data import DATA, Data
from hustings.games.election_war.phases import Phase
from hustings.games.election_war.words.events import render_event

# the phases as module constants: read on every step (current_players, is_over) without a class attribute lookup
_DECLARE, _PLAY, _PRESS, _DISCARD, _OVER = Phase.DECLARE, Phase.PLAY, Phase.PRESS, Phase.DISCARD, Phase.OVER


class ElectionWar(GameState):
    GAME_ID = GAME_ID
    SPACE = SPACE
    EVENT_RENDERER = render_event

    n: int
    first: int
    phase: Phase
    round: int
    turn_i: int
    turn: int
    rows: list[int]
    district_pool: list[int]
    role_pool: list[int]
    role_hand: list[list[int]]
    cand: list[list[int]]
    revealed: bool
    strength: list[list[int]]
    level: list[list[int]]
    status: list[list[int]]
    protected: list[list[int]]
    hands: list[list[int]]
    deck: list[int]
    discard: list[int]
    pending: list[int]
    won_roles: list[list[int]]
    won_districts: list[list[int]]
    results: list[dict[str, Any]]
    nrows: int  # rows in play (six; the mini game's two)
    hand_size: int  # 3-1: news cards a hand is drawn up to
    mini: bool  # the small game for exact tools (game.json "mini"): a spent news deck is not reshuffled
    #: the game's data (shared, immutable): :data:`data.DATA`, the printed game's, unless a variant is given
    data: Data

    def __init__(self, players: int | None = None, variant: str = "standard", seed: int = 0,
                 first_player: int | Any | None = None, mini: bool | Any = False, data: Data | None = None) -> None:
        # first_player and mini come from a table's options as they are (checked below: the compiled build would refuse
        # another type with a TypeError that names neither)
        if players is None:
            # an empty shell, to be filled by clone() or unpickling: the compiled build (docs/build.md) compiles this
            # class, and a compiled class's __new__ runs __init__ with no arguments
            return
        D = DATA if data is None else data
        options: dict[str, Any] = {"players": players, "variant": variant}
        if first_player is not None:
            if isinstance(first_player, bool) or not isinstance(first_player, int) or not 0 <= first_player < players:
                raise ValueError(f"first_player must be a seat 0..{players - 1}, not {first_player!r}")
            options["first_player"] = first_player
        if mini is not False:
            if mini is not True:
                raise ValueError(f"mini must be true or false, not {mini!r}")
            if players != D.MINI.players:
                raise ValueError(f"the mini game is for {D.MINI.players} players, not {players}")
            options["mini"] = True
        self._init_base(options, seed)
        self.data = D
        if mini:
            setup_mini(self, first_player)
        else:
            setup.setup(self, players, first_player)

    # ------------------------------------------------------------------------------- queries

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def current_players(self) -> tuple[int, ...]:
        ph = self.phase
        if ph is _PLAY or ph is _DISCARD:
            return (self.turn,)
        if ph is _PRESS:
            return (self.pending[1],)  # the target's owner (3-2)
        if ph is _DECLARE:
            return tuple(compress(range(self.n), self.role_hand))  # who still holds a role card
        return ()

    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

    # ------------------------------------------------------------------------------ dispatch

    # straight to the phase's functions (what PHASES.legal and PHASES.apply call: no phase has an automatic advance,
    # table.py checks it), a call fewer on every step
    def _legal_actions(self, p: int) -> list[Action]:
        return LEGAL[self.phase](self, p)

    def _apply(self, p: int, a: Action) -> None:
        APPLY[self.phase](self, p, a)

    def _why_illegal(self, p: int, a: Action) -> str:
        return PHASES.why_illegal(self, p, a)

    # ----------------------------------------------------------------------- shared helpers

    def reshuffle(self) -> None:
        """3-1: an empty news deck is rebuilt from the shuffled discard pile (not in the mini game: its only chance
        is the deal)."""
        if self.mini:
            return
        self.deck = self.discard
        self.discard = []
        self.rng.shuffle(self.deck)
        self.emit("reshuffled", {"cards": len(self.deck)})

    def flip(self) -> int:
        """註1: turn up the top news card for a wind check and lay it on the discard pile; -1 if there is no
        card even after reshuffling (R8: the check then fails)."""
        if not self.deck:
            self.reshuffle()
            if not self.deck:
                return -1
        c = self.deck.pop()
        self.discard.append(c)
        return c

    def draw(self, p: int, k: int) -> None:
        """Draw ``k`` news cards into ``p``'s hand (fewer if deck and discard pile run out, R8)."""
        got: list[int] = []
        for _ in range(k):
            if not self.deck:
                self.reshuffle()
                if not self.deck:
                    break
            got.append(self.deck.pop())
        if got:
            hand = self.hands[p]
            hand.extend(got)
            hand.sort()
            self.emit("drew", {"player": p, "count": len(got)})
            self.emit("drew_cards", {"player": p, "cards": sorted(got)}, to=p)

    # ----------------------------------------------------------------------------- scoring

    def votes(self) -> list[int]:
        """5.: one card, one vote."""
        return list(map(add, map(len, self.won_roles), map(len, self.won_districts)))  # every view reads it

    def scores(self) -> list[dict[str, int]]:
        return [{"roles": len(self.won_roles[p]), "districts": len(self.won_districts[p]),
                 "total": len(self.won_roles[p]) + len(self.won_districts[p])} for p in range(self.n)]

    def outcome(self) -> Outcome:
        """5.: a sole top player wins (鬼島之王); two share (南霸天, 北霸天); three or more tied at the top lose."""
        if not self.is_over:
            raise ValueError("the game is not over: no outcome yet")
        votes = self.votes()
        best = max(votes)
        top = sum(1 for v in votes if v == best)
        title = "king" if top == 1 else "north_south" if top == 2 else "none"
        return ranked_outcome(votes, all_lose_if_tied=self.data.ALL_LOSE_IF_TIED, detail={"title": title})

    # ----------------------------------------------------------------------- engine hooks

    def _clone_data(self, new: GameState) -> None:
        assert isinstance(new, ElectionWar)
        new.n, new.first, new.phase, new.data = self.n, self.first, self.phase, self.data
        new.nrows, new.hand_size, new.mini = self.nrows, self.hand_size, self.mini
        new.round, new.turn_i, new.turn, new.revealed = self.round, self.turn_i, self.turn, self.revealed
        new.rows = self.rows[:]
        new.district_pool = self.district_pool[:]
        new.role_pool = self.role_pool[:]
        new.role_hand = [h[:] for h in self.role_hand]
        new.cand = [r[:] for r in self.cand]
        new.strength = [r[:] for r in self.strength]
        new.level = [r[:] for r in self.level]
        new.status = [r[:] for r in self.status]
        new.protected = [r[:] for r in self.protected]
        new.hands = [h[:] for h in self.hands]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.pending = self.pending[:]
        new.won_roles = [w[:] for w in self.won_roles]
        new.won_districts = [w[:] for w in self.won_districts]
        new.results = self.results[:]  # each entry is written once and never changed

    def _resample_hidden(self, new: GameState, player: int | None, rng: Rng) -> None:
        assert isinstance(new, ElectionWar)
        resample_hidden(new, player, rng)

    def _position_key(self) -> tuple[Any, ...]:
        def t2(x: list[list[int]]) -> tuple[tuple[int, ...], ...]:
            return tuple(map(tuple, x))

        return (self.n, self.first, str(self.phase), self.round, self.turn_i, self.turn, tuple(self.rows),
                tuple(self.district_pool), tuple(self.role_pool), t2(self.role_hand), t2(self.cand), self.revealed,
                t2(self.strength), t2(self.level), t2(self.status), t2(self.protected), t2(self.hands),
                tuple(self.deck), tuple(self.discard), tuple(self.pending), t2(self.won_roles),
                t2(self.won_districts), self.nrows, self.hand_size, self.mini,
                # other data, another position (the data's digest: hashable, short); the printed data adds nothing,
                # so keys of today's positions stay what they were
                *(() if self.data is DATA else (self.data.digest(),)))

    def __setstate__(self, d: dict[str, Any]) -> None:
        super().__setstate__(d)
        if "data" not in d:  # a state pickled before its data travelled with it
            self.data = DATA

    # -------------------------------------------------------------------------------- views

    def view(self, player: Any) -> dict[str, Any]:  # Any: checked here, on either build
        if player is not None:
            player = self.check_player(player, allow_none=False)
        return build_view(self, player)


# The phase modules import this module for the state type only; the table needs them all, so it is
# imported last.
from hustings.games.election_war.resample import resample_hidden  # noqa: E402
from hustings.games.election_war.rules import setup  # noqa: E402
from hustings.games.election_war.rules.mini import setup_mini  # noqa: E402
from hustings.games.election_war.rules.table import APPLY, LEGAL, PHASES  # noqa: E402
from hustings.games.election_war.view import build_view  # noqa: E402
