"""The engine kit (hustings.engine.kit): the phase dispatcher, copy/freeze helpers, a game's data travelling with its
state (two rule sets interleaved in one process), and no game reaching into the engine's fields."""

from __future__ import annotations

import pickle
import random
import re
from pathlib import Path
from typing import Any

import pytest

import hustings
from hustings.engine import Action, GameState, IllegalActionError, Rng
from hustings.engine.kit import clone_fields, copy_nested, freeze_nested
from hustings.games.die_macher import data as classic_data
from hustings.games.die_macher.rules.state import DieMacher
from hustings.games.die_macher_2019 import data as data2019
from hustings.games.die_macher_2019.rules.state import DieMacher2019
from playout import fields_of

GAMES_DIR = Path(hustings.__file__).parent / "games"


def _random_step(s: GameState, rng: random.Random) -> None:
    p = s.current_players[0]
    acts = s.legal_actions(p)
    s.apply(p, acts[rng.randrange(len(acts))])


def _play_alone(s: GameState, seed: int, limit: int) -> GameState:
    rng = random.Random(seed)
    for _ in range(limit):
        if s.is_over:
            break
        _random_step(s, rng)
    return s


def _fingerprint(s: GameState) -> tuple[Any, ...]:
    return (s.state_key(), [e.to_json() for e in s.all_events()], s.scores())


# ------------------------------------------------------------------------------------------ helpers


def test_copy_nested_copies_every_level_and_shares_immutables() -> None:
    three = [[[1, 2]], [[3]]]
    two = [[1], [2, 3]]
    frozen = (1, 2)
    c3, c2 = copy_nested(three), copy_nested(two)
    c3[0][0].append(9)
    c2[1].append(9)
    assert three == [[[1, 2]], [[3]]] and two == [[1], [2, 3]]
    assert copy_nested(frozen) is frozen and copy_nested(7) == 7
    assert freeze_nested([[1, [2]], 3]) == ((1, (2,)), 3)
    hash(freeze_nested([[1, 2], [3]]))  # a position key part must hash


# --------------------------------------------------------------------------------- the phase table


def test_phase_table_names_the_phase_and_the_decisions_it_takes() -> None:
    classic = hustings.make("die-macher", players=3, variant="short", seed=1)
    wrong = next(a for a in classic.SPACE.actions if a.kind == "rally")
    p = classic.current_players[0]
    with pytest.raises(IllegalActionError) as info:
        classic.apply(p, wrong)
    msg = str(info.value)
    assert "not a decision of the sheet phase" in msg and "sheet1, sheet2" in msg
    assert "rally[" not in msg  # the action in words, never its kind and raw arguments

    s2019 = hustings.make("die-macher-2019", players=4, variant="standard", seed=1)
    taken = s2019.legal_actions(0)[0]
    s2019.apply(0, taken)
    with pytest.raises(IllegalActionError, match="is not allowed now: every player chooses a different party"):
        s2019.apply(s2019.current_players[0], taken)


class _Steps:
    """A bare phased object: the table needs only ``phase``."""

    def __init__(self) -> None:
        self.phase = "a"
        self.log: list[str] = []


def test_phase_table_runs_automatic_steps_until_somebody_decides() -> None:
    from hustings.engine.kit import PhaseRules, PhaseTable

    def apply_a(s: _Steps, p: int, a: Any) -> None:
        s.log.append(f"apply {p}")
        s.phase = "b"

    def advance_b(s: _Steps) -> bool:  # nobody decides in b: on to c
        s.log.append("b")
        s.phase = "c"
        return False

    def advance_c(s: _Steps) -> bool:  # somebody decides in c
        s.log.append("c")
        return True

    table: PhaseTable[_Steps] = PhaseTable({
        "a": PhaseRules("1", ("go",), lambda s, p: [], apply_a),
        "b": PhaseRules("2", (), lambda s, p: [], apply_a, advance_b),
        "c": PhaseRules("3", ("stop",), lambda s, p: [], apply_a, advance_c),
    }, {"stop": "stop only when asked"})
    s = _Steps()
    any_action = hustings.make("palace-escape", seed=0).legal_actions()[0]  # the toy's rules never read it
    table.apply(s, 1, any_action)
    assert s.phase == "c" and s.log == ["apply 1", "b", "c"]


def test_the_phased_games_dispatch_through_the_kit() -> None:
    from hustings.engine.kit import PhaseTable
    from hustings.games.die_macher.rules import table as classic_table
    from hustings.games.die_macher_2019.rules import table as table2019
    from hustings.games.election_war.rules import table as ew_table

    for table in (classic_table.PHASES, table2019.PHASES, ew_table.PHASES):
        assert isinstance(table, PhaseTable)
        assert all(r.section for r in table.rules.values())  # every phase cites its rules section


def test_election_war_refusals_come_from_the_kit() -> None:
    s = hustings.make("election-war", players=4, seed=2)
    wrong = next(a for a in s.SPACE.actions if a.kind == "press")
    p = s.current_players[0]
    with pytest.raises(IllegalActionError) as info:
        s.apply(p, wrong)
    assert "not a decision of the declare phase" in str(info.value) and "declare" in str(info.value)
    other = next(a for a in s.SPACE.actions if a.kind == "declare" and a not in s.legal_actions(p))
    with pytest.raises(IllegalActionError, match="is not allowed now: place one of your own role cards"):
        s.apply(p, other)


@pytest.mark.parametrize("game", ["die-macher-2019", "die-macher", "election-war", "palace-escape"])
def test_every_game_emits_through_the_engine_with_a_module_renderer(game: str) -> None:
    s = hustings.make(game, seed=1)
    assert type(s).EVENT_RENDERER is not None and "_event_renderer" not in vars(type(s))


# ------------------------------------------------------------------------------ data with the state


def test_data_is_shared_immutable_and_pickles_by_reference() -> None:
    s = DieMacher2019(players=4, variant="standard", seed=3)
    assert s.data is data2019.DATA and s.clone().data is s.data
    sample = s.resample(0, Rng(1))
    assert isinstance(sample, DieMacher2019) and sample.data is s.data
    with pytest.raises(TypeError):
        s.data.RALLY_COST.append(1)
    with pytest.raises((AttributeError, TypeError)):
        s.data.START_MONEY = 1  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(data2019.DATA)) is data2019.DATA
    rich = data2019.DATA.replace(START_MONEY=data2019.DATA.START_MONEY + 10_000)
    back = pickle.loads(pickle.dumps(rich))
    assert back == rich and back is not rich and back.digest() == rich.digest() != data2019.DATA.digest()
    with pytest.raises(ValueError, match="no field 'ROUNDZ'"):
        classic_data.DATA.replace(ROUNDZ=3)


def test_a_state_with_other_data_pickles_with_it() -> None:
    rich = classic_data.DATA.replace(START_MONEY=classic_data.DATA.START_MONEY + 5_000)
    s = DieMacher(players=3, variant="short", seed=4, data=rich)
    _play_alone(s, 4, 60)
    back = pickle.loads(pickle.dumps(s))
    assert back.data == rich and back == s and back.position_key() == s.position_key()
    assert pickle.loads(pickle.dumps(DieMacher(players=3, variant="short", seed=4))).data is classic_data.DATA


def test_a_state_pickled_before_its_data_travelled_loads_with_the_default() -> None:
    s = DieMacher(players=3, variant="short", seed=2)
    state = s.__getstate__()
    del state["data"]
    old = DieMacher.__new__(DieMacher)
    old.__setstate__(state)
    assert old.data is classic_data.DATA and old.legal_actions(old.current_players[0])


def _variants() -> list[tuple[str, GameState, GameState]]:
    """Per game: a state with the printed data and one with a variant (more starting money)."""
    rich2019 = data2019.DATA.replace(START_MONEY=data2019.DATA.START_MONEY + 20_000)
    rich_classic = classic_data.DATA.replace(START_MONEY=classic_data.DATA.START_MONEY + 20_000)
    return [
        ("die-macher-2019", DieMacher2019(4, "standard", 11), DieMacher2019(4, "standard", 11, data=rich2019)),
        ("die-macher", DieMacher(4, "short", 12), DieMacher(4, "short", 12, data=rich_classic)),
    ]


def test_two_rule_sets_play_interleaved_in_one_process() -> None:
    """The two Die Macher games, each under its printed data and a variant, step by step in turns: each game is
    exactly what it is when played alone, and the variant really plays other rules."""
    states: list[GameState] = []
    for _, printed, variant in _variants():
        states += [printed, variant]
    rngs = [random.Random(100 + i) for i in range(len(states))]
    limit = 400
    for _ in range(limit):
        for s, rng in zip(states, rngs, strict=True):
            if not s.is_over:
                _random_step(s, rng)
    fresh = [v for _, a, b in _variants() for v in (a, b)]
    for i, (s, alone) in enumerate(zip(states, fresh, strict=True)):
        assert _fingerprint(s) == _fingerprint(_play_alone(alone, 100 + i, limit))
    for game, printed, variant in _variants():
        money = printed.view(0)["players"][0]["money"], variant.view(0)["players"][0]["money"]
        assert money[1] == money[0] + 20_000, game
        assert printed.position_key() != variant.position_key()
        hash(variant.position_key())


def _ew_variants() -> list[tuple[GameState, GameState]]:
    """選舉之戰, the full game and the mini one, each under its printed data and a variant with bigger hands."""
    import dataclasses

    from hustings.games.election_war import data as ew_data
    from hustings.games.election_war.rules.state import ElectionWar

    big = ew_data.DATA.replace(HAND_SIZE=ew_data.DATA.HAND_SIZE + 2)
    big_mini = ew_data.DATA.replace(MINI=dataclasses.replace(ew_data.DATA.MINI, hand_size=ew_data.MINI.hand_size + 1))
    return [
        (ElectionWar(4, "standard", 21), ElectionWar(4, "standard", 21, data=big)),
        (ElectionWar(2, "standard", 22, mini=True), ElectionWar(2, "standard", 22, mini=True, data=big_mini)),
    ]


def _first_hand(s: GameState, seed: int) -> int:
    """Cards in the hand of the first player to play a news card, when that turn begins."""
    rng = random.Random(seed)
    while not s.is_over:
        v = s.view(None)
        if v["phase"] == "play":
            size: int = v["hand_sizes"][v["turn"]]
            return size
        _random_step(s, rng)
    raise AssertionError("no news card was ever played")


def test_two_election_war_rule_sets_play_interleaved_in_one_process() -> None:
    """選舉之戰 (full and mini) under the printed data and a variant, step by step in turns: each game is exactly
    what it is alone, and the variant really deals bigger hands."""
    states = [s for pair in _ew_variants() for s in pair]
    rngs = [random.Random(200 + i) for i in range(len(states))]
    limit = 300
    for _ in range(limit):
        for s, rng in zip(states, rngs, strict=True):
            if not s.is_over:
                _random_step(s, rng)
                s.resample(s.current_players[0] if s.current_players else None, Rng(7))  # samples read the data too
    fresh = [s for pair in _ew_variants() for s in pair]
    for i, (s, alone) in enumerate(zip(states, fresh, strict=True)):
        assert _fingerprint(s) == _fingerprint(_play_alone(alone, 200 + i, limit))
    for (printed, variant), extra in zip(_ew_variants(), (2, 1), strict=True):
        assert printed.position_key() != variant.position_key()
        hash(variant.position_key())
        assert variant.clone().data is variant.data and pickle.loads(pickle.dumps(variant)) == variant
        assert _first_hand(variant, 5) == _first_hand(printed, 5) + extra


def test_election_war_keeps_its_position_keys_under_the_printed_data() -> None:
    """The printed data adds nothing to a position key (keys of today's positions stay), and a state pickled
    before its data travelled loads with the printed data."""
    from hustings.games.election_war import data as ew_data

    s = hustings.make("election-war", players=4, seed=3)
    assert s.data is ew_data.DATA  # type: ignore[attr-defined]
    assert not any(isinstance(x, str) and len(x) == 32 for x in s.position_key())
    state = s.__getstate__()
    del state["data"]
    old = type(s).__new__(type(s))
    old.__setstate__(state)
    assert old.data is ew_data.DATA and old == s  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------ engine fields


def _engine_privates() -> set[str]:
    """Every underscored name of the engine that is not a game hook: the base class's methods and fields, the
    engine modules' private functions, classes and constants, and the private attributes of the engine's classes."""
    import importlib
    import inspect
    import pkgutil

    import hustings.engine as engine

    names: set[str] = set()
    for info in pkgutil.iter_modules(engine.__path__):
        module = importlib.import_module(f"hustings.engine.{info.name}")
        for name, obj in vars(module).items():
            if name.startswith("_") and not name.startswith("__"):
                names.add(name)
            if inspect.isclass(obj) and obj.__module__ == module.__name__:
                members = set(vars(obj)) | set(getattr(obj, "__annotations__", {})) | set(getattr(obj, "__slots__", ()))
                names |= {m for m in members if m.startswith("_") and not m.startswith("__")}
    names |= {f for f in GameState.BASE_FIELDS if f.startswith("_")}
    return names - GameState.GAME_HOOKS


def test_the_scan_knows_the_engines_privates() -> None:
    privates = _engine_privates()
    assert {"_log", "_history", "_nsteps", "_copy_base_into", "_cached_legal", "_filter_chain"} <= privates
    assert not privates & GameState.GAME_HOOKS


def test_no_game_touches_the_engines_privates_or_writes_its_own_emit() -> None:
    """A game reaches the engine only through its public API and the hooks it implements (GameState.GAME_HOOKS):
    no attribute access to, call of or import of any other underscored name of hustings.engine."""
    privates = _engine_privates()
    use = re.compile(r"\.(_[A-Za-z]\w*)\b|import\s+(_[A-Za-z]\w*)|,\s*(_[A-Za-z]\w*)")
    offenders = []
    for path in sorted(GAMES_DIR.rglob("*.py")):
        text = path.read_text("utf-8")
        own = set(re.findall(r"^\s*(?:def|class)\s+(_\w+)|^\s*(?:self\.)?(_\w+)\s*[:=]", text, re.M))
        defined = {n for pair in own for n in pair if n}
        for m in use.finditer(text):
            name = next(g for g in m.groups() if g)
            if name in privates and name not in defined:
                offenders.append(f"{path.relative_to(GAMES_DIR)}: {name}")
        if re.search(r"^    def emit\(", text, re.M):
            offenders.append(f"{path.relative_to(GAMES_DIR)}: its own emit")
    assert offenders == []


@pytest.mark.parametrize(("game", "variant", "players"),
                         [("die-macher-2019", "expanded", 5), ("die-macher", "full", 4),
                          ("palace-escape", "hard", 1)])
def test_a_list_field_is_always_a_list(game: str, variant: str, players: int) -> None:
    """clone_fields sorts a class's fields once: that holds only while a field that holds a list always does (and one
    that does not never does), and a list field's items are lists always or never (its depth is fixed; one empty
    when the class was first cloned gets its depth from its first items). On the compiled build a compiled state
    class (no __dict__: Die Macher 2019's) is read through its slots: its written-out copy relies on the same."""

    for seed in range(3):
        s = hustings.make(game, players=players, variant=variant, seed=seed)
        first = {k: type(v) is list for k, v in fields_of(s).items() if k not in GameState.BASE_FIELDS}
        nested: dict[str, bool] = {}
        rng = random.Random(seed)
        while not s.is_over:
            now = {k: type(v) is list for k, v in fields_of(s).items() if k not in GameState.BASE_FIELDS}
            assert {k: v for k, v in now.items() if k in first} == first
            for k, v in fields_of(s).items():
                if k not in GameState.BASE_FIELDS and type(v) is list and v:
                    kinds = {type(x) is list for x in v}
                    assert len(kinds) == 1, f"{k}: some items are lists, some not"
                    assert nested.setdefault(k, kinds.pop()) == (type(v[0]) is list), f"{k}: its depth changed"
            _random_step(s, rng)


def test_clone_fields_learns_the_depth_of_a_field_empty_at_its_first_clone() -> None:
    """A field empty when its class was first cloned is copied as it turns out: its inner lists are fresh too."""

    class Late(GameState):
        def __init__(self) -> None:
            self._init_base({}, 1)
            self.rows: list[list[int]] = []
            self.flat: list[int] = []

        num_players = 1
        current_players = ()
        is_over = True

        def _legal_actions(self, player: int) -> list[Action]:
            return []

        def _apply(self, player: int, action: Action) -> None:
            pass

        def scores(self) -> list[dict[str, int]]:
            return [{"total": 0}]

        def view(self, player: int | None) -> Any:
            return {}

        def _clone_data(self, new: Any) -> None:
            clone_fields(self, new)

    s = Late()
    s.clone()
    s.rows.append([1])
    s.flat.append(2)
    for _ in range(2):  # the first clone learns the depth, the second uses it
        c = s.clone()
        c.rows[0].append(3)
        c.flat.append(4)
        assert s.rows == [[1]] and s.flat == [2]


def test_a_sample_keeps_exactly_the_events_its_viewer_saw() -> None:
    """The engine filters the log for a sample incrementally (from the last log it filtered for that viewer): samples
    of two games, of states before and after, and of other viewers, each hold exactly their viewer's events."""
    a = hustings.make("die-macher-2019", players=4, variant="standard", seed=5)
    b = hustings.make("die-macher", players=4, variant="short", seed=6)
    ra, rb, r = random.Random(1), random.Random(2), Rng(3)
    for step in range(120):
        for s, rng in ((a, ra), (b, rb)):
            if s.is_over:
                continue
            if step % 7 == 0:
                before = s.clone()
            _random_step(s, rng)
            for viewer in (None, 0, 1):
                for state in (s, before):
                    sample = state.resample(viewer, r)
                    assert list(sample.all_events()) == state.events(viewer)


def _scribble(v: Any) -> None:
    """Append to every list in ``v``, at every level."""
    if type(v) is list:
        for x in v:
            _scribble(x)
        v.append(-99)


@pytest.mark.parametrize("game", ["die-macher-2019", "die-macher"])
def test_a_clone_shares_no_list_with_its_original(game: str) -> None:
    s = hustings.make(game, players=4, seed=8)
    _play_alone(s, 8, 150)
    before = s.position_key()
    c = s.clone()
    assert c.position_key() == before
    for key, v in vars(c).items():
        if key not in GameState.BASE_FIELDS:
            _scribble(v)
    assert s.position_key() == before
