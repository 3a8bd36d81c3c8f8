"""A toy game defined under tests/, to prove that a game is one unit: nothing outside its folder names it.

"Hi-Lo": a deck of cards 1..9 (two of each) is shuffled; every seat holds 3 hidden cards. Each round all seats
choose a card in secret (a simultaneous step), then the cards are revealed: the single highest card scores a
point (a tie at the top scores nothing), and each seat draws a card. After 3 rounds the most points win; in the
3-seat game, three seats tied at the top all lose. ``toy-solo`` is the one-seat puzzle: each round a target card
is turned up from the deck and a card at least as high scores; 2 points in 3 rounds win (par: 3 moves).

It has hidden hands, hidden simultaneous choices, a deck, private and public events, a resample hook, and both
kinds of outcome; the contract suite, bots, lab, RL adapters and the terminal shell must all take it through the
registry alone (see tests/test_toy_game.py).
"""

from __future__ import annotations

from typing import Any

from hustings.engine import (
    Action,
    ActionSpace,
    GameSpec,
    GameState,
    Outcome,
    ResampleError,
    Rng,
    ranked_outcome,
    register,
    solo_outcome,
)

ROUNDS = 3
HAND = 3
SOLO_PAR = 3
SOLO_TARGET = 2


def _describe(a: Action, lang: str) -> str:
    return {"zh-Hans": f"出牌 {a.args[0]}", "zh-Hant": f"出牌 {a.args[0]}"}.get(lang, f"play {a.args[0]}")


def _build_space(game: str) -> ActionSpace:
    sp = ActionSpace(game, _describe)
    for v in range(1, 10):
        sp.add("play", v)
    return sp


SPACE = _build_space("toy")
SOLO_SPACE = _build_space("toy-solo")


def _render(e: Any, lang: str, context: Any) -> str:
    d = e.data
    if e.type == "round":
        who = "nobody" if d["winner"] is None else f"P{d['winner'] + 1}"
        return f"round {d['round']}: cards {list(d['cards'])}, point to {who}"
    if e.type == "dealt":
        return f"P{d['player'] + 1} drew {list(d['cards'])}"
    if e.type == "target":
        return f"target card {d['card']}"
    return str(e.type)


class HiLo(GameState):
    GAME_ID = "toy"
    SPACE = SPACE

    def __init__(self, players: int, variant: str, seed: int) -> None:
        self._init_base({"players": players, "variant": variant}, seed)
        self.n = players
        self.round = 0
        self.deck = [v for v in range(1, 10) for _ in range(2)]
        self.rng.shuffle(self.deck)
        self.hands: list[list[int]] = [sorted(self.deck.pop() for _ in range(HAND)) for _ in range(players)]
        self.pending = [0] * players  # chosen card, 0 = not chosen yet (secret until every seat has chosen)
        self.points = [0] * players
        self.target = 0
        self.last: list[int] = []
        for p in range(players):
            self.emit("dealt", {"player": p, "cards": list(self.hands[p])}, to=p)
        self._next_target()

    def _next_target(self) -> None:
        if self.n == 1 and self.round < ROUNDS:
            self.target = self.deck.pop()
            self.emit("target", {"card": self.target})

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def current_players(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        return tuple(p for p in range(self.n) if not self.pending[p])

    @property
    def is_over(self) -> bool:
        return self.round >= ROUNDS

    def _legal_actions(self, player: int) -> list[Action]:
        return [self.SPACE.get("play", v) for v in sorted(set(self.hands[player]))]

    def _apply(self, player: int, action: Action) -> None:
        card = action.args[0]
        self.hands[player].remove(card)
        self.pending[player] = card
        self.emit("chose", {"player": player})
        if all(self.pending):
            self._reveal()

    def _reveal(self) -> None:
        cards = self.pending
        if self.n == 1:
            winner: int | None = 0 if cards[0] >= self.target else None
        else:
            best = max(cards)
            top = [p for p in range(self.n) if cards[p] == best]
            winner = top[0] if len(top) == 1 else None
        if winner is not None:
            self.points[winner] += 1
        self.round += 1
        self.last = list(cards)
        self.emit("round", {"round": self.round, "cards": list(cards), "winner": winner})
        self.pending = [0] * self.n
        if self.round < ROUNDS:
            for p in range(self.n):
                c = self.deck.pop()
                self.hands[p].append(c)
                self.hands[p].sort()
                self.emit("dealt", {"player": p, "cards": [c]}, to=p)
            self._next_target()

    def scores(self) -> list[dict[str, int]]:
        return [{"points": pts, "total": pts} for pts in self.points]

    def outcome(self) -> Outcome:
        if not self.is_over:
            raise ValueError("the game is not over: no outcome yet")
        if self.n == 1:
            return solo_outcome(self.points[0] >= SOLO_TARGET, moves=self.step_count, par=SOLO_PAR)
        return ranked_outcome(self.points, all_lose_if_tied=3)

    def view(self, player: int | None) -> dict[str, Any]:
        if player is not None:
            player = self.check_player(player, allow_none=False)
        return {
            "game": self.GAME_ID,
            "round": self.round,
            "you": player,
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "chosen": [bool(c) for c in self.pending],
            "my_choice": self.pending[player] if player is not None and self.pending[player] else None,
            "points": list(self.points),
            "last_cards": list(self.last),
            "target": self.target if self.n == 1 else None,
            "deck_size": len(self.deck),
        }

    def _clone_data(self, new: HiLo) -> None:
        new.n, new.round, new.target = self.n, self.round, self.target
        new.deck = self.deck[:]
        new.hands = [h[:] for h in self.hands]
        new.pending = self.pending[:]
        new.points = self.points[:]
        new.last = self.last[:]

    def _resample_hidden(self, new: HiLo, player: int | None, rng: Rng) -> None:
        # everything the player cannot see goes back in one pool: the deck, other hands, others' secret choices
        others = [p for p in range(self.n) if p != player]
        pool = new.deck[:]
        for p in others:
            pool += new.hands[p]
            if new.pending[p]:
                pool.append(new.pending[p])
        rng.shuffle(pool)
        for p in others:
            size = len(new.hands[p])
            new.hands[p] = sorted(pool.pop() for _ in range(size))
            if new.pending[p]:
                new.pending[p] = pool.pop()
        if len(pool) != len(new.deck):  # a miscount would leak through the deck size: refuse, never guess
            raise ResampleError(f"{len(pool)} cards left for a deck of {len(new.deck)}")
        new.deck = pool

    def _position_key(self) -> tuple[Any, ...]:
        return (self.round, self.target, tuple(self.deck), tuple(map(tuple, self.hands)), tuple(self.pending),
                tuple(self.points), tuple(self.last))

    def _event_renderer(self) -> Any:
        return _render


class HiLoSolo(HiLo):
    GAME_ID = "toy-solo"
    SPACE = SOLO_SPACE


def _make(players: int, variant: str, seed: int) -> HiLo:
    return HiLo(players, variant, seed)


def _make_solo(players: int, variant: str, seed: int) -> HiLo:
    return HiLoSolo(players, variant, seed)


SPEC = GameSpec(
    id="toy",
    title={"en": "Hi-Lo (toy)", "zh-Hans": "比大小（玩具）", "zh-Hant": "比大小（玩具）"},
    factory=_make,
    variants=("standard",),
    min_players=2,
    max_players=3,
    default_variant="standard",
    score_labels={"points": {"en": "points"}, "total": {"en": "total"}},
    rules_version="1",
    space=SPACE,
    outcome="ranked",
)

SOLO_SPEC = GameSpec(
    id="toy-solo",
    title={"en": "Hi-Lo solo (toy)", "zh-Hans": "比大小单人（玩具）", "zh-Hant": "比大小單人（玩具）"},
    factory=_make_solo,
    variants=("solo",),
    min_players=1,
    max_players=1,
    default_variant="solo",
    score_labels={"points": {"en": "points"}, "total": {"en": "total"}},
    rules_version="1",
    space=SOLO_SPACE,
    outcome="solo",
)

TOY_GAMES = ("toy", "toy-solo")


def register_toys() -> None:
    """The one registration line a test suite needs (an installed game uses an entry point instead)."""
    register(SPEC)
    register(SOLO_SPEC)
