"""RandomBot and the runner: bots see only views and legal lists, picks are legal and reproducible."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import hustings
from hustings.bots import RandomBot, play_game
from hustings.engine import Action, ActionSpace, GameState, Rng

# ----------------------------------------------------------------- a tiny game with simultaneous steps


def _describe(action: Action, lang: str) -> str:
    return f"pick {action.args[0]}"


GUESS_SPACE = ActionSpace("test-guess", _describe)
PICKS = [GUESS_SPACE.add("pick", n) for n in range(3)]


class Guess(GameState):
    """Each of 3 rounds, every player secretly picks 0..2 at once; the highest sum wins.

    Unregistered on purpose: the registry is global and other tests enumerate it.
    """

    GAME_ID = "test-guess"
    SPACE = GUESS_SPACE
    ROUNDS = 3

    def __init__(self, players: int = 3, seed: int = 0) -> None:
        self._init_base({"players": players}, seed)
        self.n = players
        self.round = 0
        self.pending: dict[int, int] = {}
        self.picks: list[list[int]] = [[] for _ in range(players)]

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def current_players(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        return tuple(p for p in range(self.n) if p not in self.pending)

    @property
    def is_over(self) -> bool:
        return self.round >= self.ROUNDS

    def _legal_actions(self, player: int) -> list[Action]:
        # Player 0 may not pick 2: makes legal lists differ between seats.
        return PICKS[:2] if player == 0 else list(PICKS)

    def _apply(self, player: int, action: Action) -> None:
        self.pending[player] = action.args[0]
        if len(self.pending) == self.n:
            for p, n in self.pending.items():
                self.picks[p].append(n)
            self.pending = {}
            self.round += 1
            self.emit("round", {"round": self.round})

    def scores(self) -> list[dict[str, int]]:
        return [{"picks": sum(ps), "total": sum(ps)} for ps in self.picks]

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "picks": [list(ps) for ps in self.picks],
            "my_pending": self.pending.get(player) if player is not None else None,
        }

    def clone(self) -> Guess:
        c = Guess.__new__(Guess)
        self._copy_base_into(c)
        c.n, c.round = self.n, self.round
        c.pending = dict(self.pending)
        c.picks = [list(ps) for ps in self.picks]
        return c

    def resample(self, player: int | None, rng: random.Random | Rng) -> Guess:
        return self.clone()

    def _data_key(self) -> tuple[Any, ...]:
        return (self.round, tuple(sorted(self.pending.items())), tuple(map(tuple, self.picks)))


class SpyBot:
    """Wraps a RandomBot and records every argument it is handed."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed)
        self.calls: list[tuple[object, object, Action]] = []

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        choice = self.inner.act(view, legal)
        self.calls.append((view, legal, choice))
        return choice


def _check_calls(bot: SpyBot) -> None:
    assert bot.calls, "the bot was never asked to act"
    for view, legal, choice in bot.calls:
        assert type(view) is dict
        assert type(legal) is list and legal
        assert all(isinstance(a, Action) for a in legal)
        assert not any(isinstance(x, GameState) for x in (view, legal, *legal))
        assert any(choice is a for a in legal)


# ----------------------------------------------------------------------------------------------- tests


def test_random_bot_returns_a_member_of_legal() -> None:
    bot = RandomBot(1)
    for _ in range(200):
        assert bot.act({}, PICKS) in PICKS
    assert bot.act({}, PICKS[1:2]) is PICKS[1]


def test_random_bot_refuses_an_empty_legal_list() -> None:
    with pytest.raises(ValueError):
        RandomBot(0).act({}, [])


def test_same_seed_same_choices_and_seeds_differ() -> None:
    a, b, c = RandomBot(42), RandomBot(42), RandomBot(43)
    seq_a = [a.act({}, PICKS).id for _ in range(100)]
    seq_b = [b.act({}, PICKS).id for _ in range(100)]
    seq_c = [c.act({}, PICKS).id for _ in range(100)]
    assert seq_a == seq_b
    assert seq_a != seq_c


def test_random_bot_ignores_the_global_rng() -> None:
    a, b = RandomBot(7), RandomBot(7)
    first = [a.act({}, PICKS).id for _ in range(50)]
    random.seed(999)
    random.random()
    assert [b.act({}, PICKS).id for _ in range(50)] == first


def test_runner_handles_simultaneous_steps_with_views_only() -> None:
    state = Guess(players=3)
    bots = [SpyBot(s) for s in range(3)]
    out = play_game(state, bots)
    assert out is state and state.is_over
    for bot in bots:
        _check_calls(bot)
        assert len(bot.calls) == Guess.ROUNDS  # one pick per round, even though several act at once
    assert all(c[2] is not PICKS[2] for c in bots[0].calls)
    # Acting in seat order within each simultaneous step.
    assert [p for p, _ in state.history] == [0, 1, 2] * Guess.ROUNDS


def test_runner_gives_the_bot_a_copy_of_the_legal_list() -> None:
    class Vandal:
        def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
            choice = legal[0]
            legal.clear()  # must not empty the state's cached list
            return choice

    state = Guess(players=2)
    play_game(state, [Vandal(), Vandal()])
    assert state.is_over


def test_runner_rejects_wrong_number_of_bots() -> None:
    with pytest.raises(ValueError):
        play_game(Guess(players=3), [RandomBot(0)])


def test_runner_is_reproducible_on_the_toy_game() -> None:
    a, b = Guess(players=3), Guess(players=3)
    play_game(a, [RandomBot(5)] * 3)
    play_game(b, [RandomBot(5)] * 3)
    assert a.history == b.history and a.scores() == b.scores()


@pytest.mark.parametrize("game", hustings.list_games())
def test_random_bots_play_every_registered_game_seeing_views_only(game: str) -> None:
    spec = hustings.get_spec(game)
    variant = spec.default_variant
    players = spec.player_counts(variant)[0]
    state = hustings.make(game, players=players, variant=variant, seed=3)
    bots = [SpyBot(100 + p) for p in range(players)]
    play_game(state, bots, max_steps=100_000)
    assert state.is_over
    for bot in bots:
        _check_calls(bot)
        for view, _legal, _choice in bot.calls[:50]:
            json.dumps(view)  # plain data, not a live handle on the game
    # Every step was decided by the bot of the seat that moved, and by nobody else.
    assert sum(len(b.calls) for b in bots) == state.step_count
    per_seat = [sum(1 for q, _ in state.history if q == p) for p in range(players)]
    assert per_seat == [len(b.calls) for b in bots]


@pytest.mark.parametrize("game", hustings.list_games())
def test_same_seeds_same_game(game: str) -> None:
    spec = hustings.get_spec(game)
    players = spec.player_counts(spec.default_variant)[0]

    def run() -> GameState:
        s = hustings.make(game, players=players, seed=11)
        return play_game(s, [RandomBot(11)] * players, max_steps=100_000)

    a, b = run(), run()
    assert a.history == b.history
    assert a.scores() == b.scores()
