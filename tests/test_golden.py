"""Golden playthroughs (issue 8 point 8): every registered game, variant and representative player count plays
one seeded game exactly as recorded in tests/golden/. A difference fails with the first differing lines;
`make golden` rewrites the files when the change is intended."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import hustings
from hustings import golden
from hustings.engine import Action, ActionSpace, GameSpec, GameState, Rng, register, unregister

GOLDEN_DIR = Path(__file__).parent / "golden"
CASES = golden.cases()


@pytest.mark.parametrize("case", CASES, ids=[str(c.relpath) for c in CASES])
def test_golden_playthrough_matches_the_file(case: golden.Case) -> None:
    path = GOLDEN_DIR / case.relpath
    if not path.exists():
        pytest.fail(f"golden playthrough {path} is missing; {golden.HINT}", pytrace=False)
    problem = golden.diff(path.read_text(encoding="utf-8"), golden.playthrough(case), str(case.relpath))
    if problem is not None:
        pytest.fail(problem, pytrace=False)


def test_no_golden_file_is_left_over_from_a_game_that_went_away() -> None:
    stale = golden.stale_files(GOLDEN_DIR, CASES)
    assert not stale, f"stale golden playthroughs {[str(p) for p in stale]}; {golden.HINT}"


def test_every_game_and_variant_has_golden_cases_at_its_fewest_and_most_players() -> None:
    for game in hustings.list_games():
        spec = hustings.get_spec(game)
        for variant in spec.variants:
            counts = spec.player_counts(variant)
            got = sorted(c.players for c in CASES if c.game == game and c.variant == variant)
            assert got == sorted({min(counts), max(counts)}), (game, variant, got)


@pytest.mark.parametrize("case", CASES[:1] + CASES[-1:], ids=lambda c: str(c.relpath))
def test_a_golden_file_replays_as_a_record_to_its_final_scores(case: golden.Case) -> None:
    # the file carries enough to reproduce the game: header + the [player, action id] of each step line
    text = (GOLDEN_DIR / case.relpath).read_text(encoding="utf-8")
    record = hustings.make(case.game, players=case.players, variant=case.variant, seed=case.seed).record()
    record["actions"] = golden.actions_of(text)
    state = hustings.replay(record)
    assert state.is_over
    scores = [line.split(maxsplit=2)[2] for line in text.splitlines() if line.startswith("  score  ")]
    assert scores == [golden.canonical_json(s) for s in state.scores()]


# ------------------------------------------------------------------------ the mechanism, on a toy game
#
# A tiny game with what the golden files must show for any game: a private deal, a secret simultaneous step,
# turns, and an ending. Options make it endless (step cap) or give it a view that is not JSON data.

TOY = "golden-toy"


def _describe(a: Action, lang: str) -> str:
    return f"{a.kind} {a.args[0]}"


SPACE = ActionSpace(TOY, _describe)
BIDS = [SPACE.add("bid", b) for b in range(3)]
TAKES = [SPACE.add("take", k) for k in (1, 2)]


class Toy(GameState):
    GAME_ID = TOY
    SPACE = SPACE

    def __init__(self, players: int, variant: str, seed: int, endless: bool = False, bad_view: bool = False):
        self._init_base({"players": players, "variant": variant, "endless": endless, "bad_view": bad_view}, seed)
        self.n = players
        self.cards = [self.rng.randrange(10) for _ in range(players)]
        self.bids: list[int | None] = [None] * players
        self.pile = 5 if variant == "short" else 9
        self.turn = 0
        self.taken = [0] * players
        self.emit("started", {"players": players})
        for p, c in enumerate(self.cards):
            self.emit("dealt", {"card": c}, to=p)

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def bidding(self) -> bool:
        return any(b is None for b in self.bids)

    @property
    def current_players(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        if self.bidding:
            return tuple(p for p, b in enumerate(self.bids) if b is None)
        return (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.pile <= 0

    def _legal_actions(self, player: int) -> list[Action]:
        if self.bidding:
            return list(BIDS)
        return [a for a in TAKES if a.args[0] <= self.pile]

    def _apply(self, player: int, action: Action) -> None:
        if action.kind == "bid":
            self.bids[player] = action.args[0]
            self.emit("bid_placed", {"player": player})
            if not self.bidding:
                self.emit("bids_revealed", {"bids": list(self.bids)})
            return
        if not self.game_options["endless"]:
            self.pile -= action.args[0]
        self.taken[player] += action.args[0]
        self.emit("took", {"player": player, "amount": action.args[0], "pile": self.pile})
        self.turn = (self.turn + 1) % self.n

    def scores(self) -> list[dict[str, int]]:
        return [{"card": c, "taken": t, "total": c + t} for c, t in zip(self.cards, self.taken, strict=True)]

    def view(self, player: int | None) -> Any:
        v: dict[str, Any] = {"pile": self.pile, "turn": self.turn, "taken": list(self.taken)}
        v["card"] = None if player is None else self.cards[player]
        v["bids"] = [b if not self.bidding or p == player else b is not None for p, b in enumerate(self.bids)]
        if self.game_options["bad_view"]:
            v["oops"] = {1, 2}
        return v

    def _clone_data(self, new: Any) -> None:
        new.__dict__.update({k: v for k, v in self.__dict__.items() if k not in self.BASE_FIELDS})
        new.cards, new.bids, new.taken = self.cards[:], self.bids[:], self.taken[:]

    def _resample_hidden(self, new: Any, player: int | None, rng: Rng) -> None:
        new.cards = [c if p == player else rng.randrange(10) for p, c in enumerate(self.cards)]

    def _position_key(self) -> tuple[Any, ...]:
        return (tuple(self.cards), tuple(self.bids), self.pile, self.turn, tuple(self.taken))


TOY_SPEC = GameSpec(
    id=TOY,
    title={"en": "Golden toy"},
    factory=Toy,
    variants=("short", "long"),
    min_players=2,
    max_players=3,
    default_variant="short",
    space=SPACE,
    options={"endless": "never ends", "bad_view": "a view that is not JSON"},
)


@pytest.fixture
def toy() -> Iterator[str]:
    register(TOY_SPEC)
    yield TOY
    unregister(TOY)


def test_cases_cover_each_variant_at_the_fewest_and_most_players(toy: str) -> None:
    assert golden.cases([toy]) == [
        golden.Case(toy, "short", 2), golden.Case(toy, "short", 3),
        golden.Case(toy, "long", 2), golden.Case(toy, "long", 3),
    ]


def test_playthrough_shows_header_steps_views_private_events_and_outcome(toy: str) -> None:
    text = golden.playthrough(golden.Case(toy, "short", 3))
    lines = text.splitlines()
    assert "game: golden-toy" in lines and "variant: short" in lines and "players: 3" in lines
    assert "seed: 1" in lines and "rules_version: 1" in lines and "action_space: 5 actions, 2 kinds" in lines
    assert any(line.startswith("engine_version: ") for line in lines)
    assert "  event  p2 dealt {\"card\":" in text  # private events are written with their seat
    assert "  event  * started {\"players\":3}" in lines
    first = next(line for line in lines if line.startswith("step 1 "))
    assert "[3 legal]" in first and "#" in first and "bid(" in first
    views = lines[lines.index(first) + 1]
    assert views.startswith("  views  spec=") and all(f" p{p}=" in views for p in range(3))
    assert all(len(part.split("=")[1]) == 16 for part in views.split()[1:])
    assert any(line.startswith("end after ") for line in lines)
    assert sum(line.startswith("  score  p") for line in lines) == 3
    assert any(line.startswith("  outcome  winners=[") for line in lines)


def test_the_digests_are_those_of_each_seats_view_after_each_step(toy: str) -> None:
    case = golden.Case(toy, "short", 3)
    lines = golden.playthrough(case).splitlines()
    state = hustings.make(toy, players=3, variant="short", seed=1)
    expected = [golden.digest(state.view(seat)) for seat in (None, 0, 1, 2)]
    actions = iter(golden.actions_of("\n".join(lines)))
    checked = 0
    for line in lines:
        if line.startswith("step "):
            player, action = next(actions)
            state.apply(player, action)
            expected = [golden.digest(state.view(seat)) for seat in (None, 0, 1, 2)]
        elif line.startswith("  views  "):
            assert [part.split("=")[1] for part in line.split()[1:]] == expected, line
            checked += 1
    assert checked == state.step_count + 1 and state.is_over


def test_playthrough_is_deterministic_whatever_the_global_random_does(toy: str) -> None:
    case = golden.Case(toy, "long", 3)
    random.seed(1)
    a = golden.playthrough(case)
    random.seed(2)
    b = golden.playthrough(case)
    assert a == b
    assert a != golden.playthrough(golden.Case(toy, "long", 3, seed=2))


def test_a_game_past_the_step_cap_is_written_as_stopped(toy: str) -> None:
    spec = TOY_SPEC
    # dataclasses.replace, not GameSpec(**spec.__dict__): a compiled GameSpec (docs/build.md) has no __dict__
    endless = dataclasses.replace(spec, factory=lambda **kw: Toy(**kw, endless=True))
    register(endless)
    text = golden.playthrough(golden.Case(toy, "short", 2), step_cap=20)
    assert "stopped after 20 steps (step cap 20); the game is not over" in text
    assert "  outcome  " not in text


def test_a_view_that_is_not_json_is_named(toy: str) -> None:
    register(dataclasses.replace(TOY_SPEC, factory=lambda **kw: Toy(**kw, bad_view=True)))
    with pytest.raises(golden.GoldenError, match=r"golden-toy short 2p seed 1 setup: view\(None\) is not plain JSON"):
        golden.playthrough(golden.Case(toy, "short", 2))


def test_diff_shows_the_first_differing_lines_and_the_hint(toy: str) -> None:
    good = golden.playthrough(golden.Case(toy, "long", 2))
    lines = good.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("step 5 "))
    bad_lines = lines[:]
    bad_lines[i] = bad_lines[i].replace("step 5 ", "step 55 ")
    bad_lines[-1] += " changed"
    d = golden.diff("\n".join(bad_lines) + "\n", good, "toy/long-2p.txt", max_lines=12)
    assert d is not None
    out = d.splitlines()
    assert out[0] == "golden playthrough toy/long-2p.txt differs:"
    assert "--- toy/long-2p.txt (file)" in out and "+++ toy/long-2p.txt (this code)" in out
    minus = [line for line in out if line.startswith("-") and not line.startswith("---")]
    plus = [line for line in out if line.startswith("+") and not line.startswith("+++")]
    assert minus[0] == "-" + bad_lines[i] and plus[0] == "+" + lines[i]  # the first difference comes first
    assert out[-1] == golden.HINT and "make golden" in out[-1]
    assert out[-2].startswith("... ") and len(out) == 1 + 12 + 2  # long diffs are cut, saying so
    assert golden.diff(good, good, "x") is None


def test_regen_then_check_round_trip_with_missing_changed_and_stale_files(toy: str, tmp_path: Path) -> None:
    wanted = golden.cases([toy])
    assert golden.main(["--check", "--dir", str(tmp_path), "--game", toy]) == 1  # all missing
    report = golden.regen(tmp_path, wanted, [toy])
    assert [line.split()[0] for line in report] == ["new"] * 4
    assert golden.check(tmp_path, wanted, [toy]) == []
    assert golden.main(["--check", "--dir", str(tmp_path), "--game", toy]) == 0

    path = tmp_path / wanted[0].relpath
    path.write_text(path.read_text(encoding="utf-8").replace("seed: 1", "seed: 7"), encoding="utf-8")
    stale = tmp_path / toy / "gone-9p.txt"
    stale.write_text("old\n", encoding="utf-8")
    other_game = tmp_path / "another-game" / "standard-3p.txt"  # not ours to judge when --game is given
    other_game.parent.mkdir()
    other_game.write_text("keep\n", encoding="utf-8")
    problems = golden.check(tmp_path, wanted, [toy])
    assert len(problems) == 2
    assert "-seed: 7" in problems[0] and "+seed: 1" in problems[0] and golden.HINT in problems[0]
    assert "gone-9p.txt belongs to no registered game" in problems[1]

    report = golden.regen(tmp_path, wanted, [toy])
    assert sorted(line.split()[0] for line in report) == ["changed", "removed", "unchanged", "unchanged", "unchanged"]
    assert not stale.exists() and other_game.exists()
    assert golden.check(tmp_path, wanted, [toy]) == []


def test_command_line_names_an_unknown_game_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert golden.main(["--check", "--game", "no-such-game"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: unknown game 'no-such-game'") and "Traceback" not in err
