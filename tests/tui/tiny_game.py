"""A tiny game with no ``tui`` adapter, to play the terminal shell's fallback renderer end to end.

"Marks": each seat holds 3 secret cards (1..5). In turn, a seat either plays a card from its hand (scores its
value, then draws one, privately) or marks a free cell of a shared 4×4 grid (scores 1; 16 cells, so the
fallback offers them step by step, row then column). Four turns each. Two seats: the higher score wins, a tie
means both lose. One seat (``marks-solo``): 10 points in 4 moves win, par 4.

Registered by the tests that use it (``register_tiny()``), never installed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hustings.engine import (
    Action,
    ActionSpace,
    Event,
    GameSpec,
    GameState,
    Outcome,
    Rng,
    ranked_outcome,
    register,
    solo_outcome,
    unregister,
)
from hustings.engine.words import PlainWords

TURNS = 4
SOLO_TARGET = 10

#: the rules help: topic -> language -> text (one topic: the view has no phase)
RULES_HELP = {"all": {"en": "Play a card for its value, or mark a free cell for 1 point.",
                      "zh-Hans": "打出一张牌得其点数，或标记一个空格得1分。",
                      "zh-Hant": "打出一張牌得其點數，或標記一個空格得1分。"}}


class _Words(PlainWords):
    """The words adapter: the actions' and events' own texts, and the rules help."""

    def rules_help(self) -> Mapping[str, Mapping[str, str]]:
        return RULES_HELP


WORDS = _Words()


def _describe(a: Action, lang: str) -> str:
    if a.kind == "play":
        return {"zh-Hans": f"打出 {a.args[0]}", "zh-Hant": f"打出 {a.args[0]}"}.get(lang, f"play card {a.args[0]}")
    r, c = a.args
    return {"zh-Hans": f"标记 {r + 1}行{c + 1}列", "zh-Hant": f"標記 {r + 1}行{c + 1}列"}.get(
        lang, f"mark row {r + 1} column {c + 1}")


def _space(game: str) -> ActionSpace:
    sp = ActionSpace(game, _describe)
    for v in range(1, 6):
        sp.add("play", v)
    for r in range(4):
        for c in range(4):
            sp.add("mark", r, c)
    return sp


SPACE = _space("marks")
SOLO_SPACE = _space("marks-solo")


def _message(e: Event, lang: str, context: Any) -> str:
    d = e.data
    if e.type == "played":
        return f"P{d['player'] + 1} played {d['card']}"
    if e.type == "marked":
        return f"P{d['player'] + 1} marked row {d['row'] + 1} column {d['col'] + 1}"
    if e.type == "drew":
        return f"you drew {d['card']}"
    return e.type


class Marks(GameState):
    GAME_ID = "marks"
    SPACE = SPACE

    def __init__(self, players: int, variant: str, seed: int) -> None:
        self._init_base({"players": players, "variant": variant}, seed)
        self.n = players
        self.deck = [v for v in range(1, 6) for _ in range(4)]
        self.rng.shuffle(self.deck)
        self.hands = [sorted(self.deck.pop() for _ in range(3)) for _ in range(players)]
        self.grid = [-1] * 16
        self.points = [0] * players
        self.turn = 0

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def current_players(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn % self.n,)

    @property
    def is_over(self) -> bool:
        return self.turn >= TURNS * self.n

    def _legal_actions(self, player: int) -> list[Action]:
        plays = [self.SPACE.get("play", v) for v in sorted(set(self.hands[player]))]
        return plays + [self.SPACE.get("mark", i // 4, i % 4) for i in range(16) if self.grid[i] < 0]

    def _apply(self, player: int, action: Action) -> None:
        if action.kind == "play":
            card = action.args[0]
            self.hands[player].remove(card)
            self.points[player] += card
            self.emit("played", {"player": player, "card": card})
            if self.deck:
                drawn = self.deck.pop()
                self.hands[player].append(drawn)
                self.hands[player].sort()
                self.emit("drew", {"player": player, "card": drawn}, to=player)
        else:
            r, c = action.args
            self.grid[r * 4 + c] = player
            self.points[player] += 1
            self.emit("marked", {"player": player, "row": r, "col": c})
        self.turn += 1

    def scores(self) -> list[dict[str, int]]:
        return [{"points": p, "total": p} for p in self.points]

    def outcome(self) -> Outcome:
        if not self.is_over:
            raise ValueError("the game is not over: no outcome yet")
        if self.n == 1:
            return solo_outcome(self.points[0] >= SOLO_TARGET, moves=self.step_count, par=TURNS)
        return ranked_outcome(self.points, all_lose_if_tied=2)

    def view(self, player: int | None) -> dict[str, Any]:
        if player is not None:
            player = self.check_player(player, allow_none=False)
        players: list[dict[str, Any]] = []
        for p in range(self.n):
            entry: dict[str, Any] = {"points": self.points[p], "hand_size": len(self.hands[p])}
            if p == player:
                entry["hand"] = list(self.hands[p])  # private: only in its owner's view
            players.append(entry)
        return {"turn": self.turn, "you": player, "players": players, "deck_size": len(self.deck),
                "grid": [self.grid[r * 4:r * 4 + 4] for r in range(4)]}

    def _clone_data(self, new: Marks) -> None:
        new.n, new.turn = self.n, self.turn
        new.deck = self.deck[:]
        new.hands = [h[:] for h in self.hands]
        new.grid = self.grid[:]
        new.points = self.points[:]

    def _resample_hidden(self, new: Marks, player: int | None, rng: Rng) -> None:
        pool = new.deck[:] + [c for p in range(self.n) if p != player for c in new.hands[p]]
        rng.shuffle(pool)
        for p in range(self.n):
            if p != player:
                new.hands[p] = sorted(pool.pop() for _ in range(len(new.hands[p])))
        new.deck = pool

    def _position_key(self) -> tuple[Any, ...]:
        return (self.turn, tuple(self.deck), tuple(map(tuple, self.hands)), tuple(self.grid), tuple(self.points))

    def _event_renderer(self) -> Any:
        return _message


class MarksSolo(Marks):
    GAME_ID = "marks-solo"
    SPACE = SOLO_SPACE


def _spec(game: str, factory: Any, space: ActionSpace, solo: bool) -> GameSpec:
    return GameSpec(
        id=game,
        title={"en": f"Marks{' solo' if solo else ''} (test)", "zh-Hans": "标记（测试）", "zh-Hant": "標記（測試）"},
        factory=factory,
        variants=("standard",),
        min_players=1 if solo else 2,
        max_players=1 if solo else 2,
        default_variant="standard",
        score_labels={"points": {"en": "points", "zh-Hans": "得分", "zh-Hant": "得分"},
                      "total": {"en": "total", "zh-Hans": "总分", "zh-Hant": "總分"}},
        space=space,
        outcome="solo" if solo else "ranked",
        adapters={"words": f"{__name__}:WORDS"},  # no "tui": the shell falls back
    )


SPEC = _spec("marks", lambda players, variant, seed: Marks(players, variant, seed), SPACE, False)
SOLO_SPEC = _spec("marks-solo", lambda players, variant, seed: MarksSolo(players, variant, seed), SOLO_SPACE, True)


def register_tiny() -> None:
    register(SPEC)
    register(SOLO_SPEC)


def unregister_tiny() -> None:
    unregister(SPEC.id)
    unregister(SOLO_SPEC.id)
