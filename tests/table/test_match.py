"""The match service: seats, bots, apply-then-save, per-seat deltas, resume, and the one game loop."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import hustings
from hustings.bots import RandomBot, play_game
from hustings.engine import Action, Event, IllegalActionError
from hustings.table import (
    FileStore,
    Match,
    MatchError,
    MatchExists,
    MemoryStore,
    SaveError,
    TableSettings,
    bot_seed,
    drive,
)
from hustings.table import match as match_module

GAME = "die-macher-2019"


def _play_people_first(match: Match, steps: int) -> None:
    """People take their first legal action; bots move through the service; ``steps`` actions in all."""
    while match.step < steps and not match.is_over:
        match.play_bots(max_steps=steps - match.step)
        if match.is_over or match.step >= steps:
            return
        seat = match.to_act[0]
        match.submit(seat, match.legal(seat)[0])


def test_new_match_draws_a_fresh_128_bit_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    seeds = {Match.new(GAME, [None, "random", "random"]).state.seed for _ in range(4)}
    assert len(seeds) == 4 and all(s.bit_length() <= 128 for s in seeds)
    assert max(s.bit_length() for s in seeds) > 64  # four 128-bit draws all below 2**64: odds 2**-256
    monkeypatch.setattr(match_module, "fresh_seed", lambda: 12345)
    assert Match.new(GAME, [None, "random", "random"]).state.seed == 12345


def test_bad_new_matches_are_refused_with_one_line() -> None:
    for kwargs, words in (
        ({"seats": [None, "random"]}, "players"),  # Die Macher 2019 takes 3 to 5
        ({"seats": [None, "random", "random"], "seed": -1}, "seed"),
        ({"seats": [None, "random", "random"], "seed": 2**600}, "512 bits"),
        ({"seats": [None, "random", "random"], "variant": "deluxe"}, "deluxe"),
    ):
        with pytest.raises(MatchError, match=words) as info:
            Match.new(GAME, **kwargs)  # type: ignore[arg-type]
        assert "\n" not in str(info.value)
    with pytest.raises(MatchError, match="unknown game"):
        Match.new("chess", [None, "random"])


def test_bots_are_seeded_from_a_one_way_secret_of_the_game_seed() -> None:
    seed = 2**127 + 12345
    seeds = [bot_seed(seed, p) for p in range(5)]
    assert len(set(seeds)) == 5 and seeds == [bot_seed(seed, p) for p in range(5)]
    assert all(s.bit_length() <= 128 and s not in (seed, seed * 16 + p) for p, s in enumerate(seeds))
    assert bot_seed(seed + 1, 0) != seeds[0]
    # the bots in a match draw exactly what a RandomBot with the derived seed draws
    m = Match.new(GAME, [None, "random", "random"], seed=seed)
    bot = m.bots[1]
    assert isinstance(bot, RandomBot)
    assert bot.rng.random() == random.Random(bot_seed(seed, 1)).random()


def test_people_and_bots_play_to_the_end_each_move_stored() -> None:
    store = MemoryStore()
    m = Match.new(GAME, [None, "random", None], seed=7, store=store, match_id="m1")
    assert m.humans == (0, 2) and m.is_human(0) and not m.is_human(1)
    while not m.is_over:
        driven = m.play_bots()
        assert driven.reason in ("person", "over")
        if m.is_over:
            break
        seat = m.to_act[0]
        assert m.is_human(seat)
        events = m.submit(seat, m.legal(seat)[0])
        assert all(e.step == m.step for e in events)
        assert len(store.load("m1").actions) == m.step  # applied, then saved
    stored = store.load("m1")
    assert stored.over and list(stored.scores or ()) == m.state.scores()
    assert m.outcome() == m.state.outcome()
    assert Match.resume(store, "m1").state == m.state
    assert m.record() == m.state.record()  # finished: the plain record may go out


def test_submit_refuses_illegal_actions_and_bad_seats_changing_nothing() -> None:
    store = MemoryStore()
    m = Match.new(GAME, [None, "random", "random"], seed=8, store=store, match_id="m")
    before = m.state.clone()
    not_now = next(a for a in m.state.SPACE.actions if a not in m.legal(0))
    with pytest.raises(IllegalActionError):
        m.submit(0, not_now)
    with pytest.raises(IllegalActionError):
        m.submit(1, m.legal(0)[0])  # out of turn
    with pytest.raises(IllegalActionError):
        m.submit(0, {"kind": "nonsense", "args": []})
    for seat in (-1, 3, "0", None, True):
        with pytest.raises(MatchError, match="no seat"):
            m.submit(seat, 0)  # type: ignore[arg-type]
    assert m.state == before and store.load("m").actions == ()
    with pytest.raises(MatchError, match="not over"):
        m.outcome()
    with pytest.raises(MatchError, match="seed"):
        m.record()
    assert m.record(referee=True)["seed"] == 8


def test_bot_move_asks_without_applying() -> None:
    m = Match.new(GAME, ["random", None, "random"], seed=9)
    seat = m.to_act[0]
    assert seat == 0
    choice = m.bot_move(0)
    assert isinstance(choice, Action) and choice in m.legal(0) and m.step == 0
    with pytest.raises(MatchError, match="person"):
        m.bot_move(1)


def test_event_deltas_per_seat_hold_only_what_that_seat_may_see() -> None:
    m = Match.new(GAME, [None, None, "random", "random"], seed=10)
    players = m.state.num_players
    seen: dict[int | None, list[Event]] = {p: m.events_for(p) for p in [None, *range(players)]}
    last = m.step
    private_to_others = 0
    while not m.is_over:
        m.play_bots(max_steps=3)
        if not m.is_over and m.is_human(m.to_act[0]):
            seat = m.to_act[0]
            m.submit(seat, m.legal(seat)[0])
        for p in seen:
            delta = m.events_for(p, since_step=last)
            assert all(e.step > last for e in delta)
            assert all(e.to is None or e.to == p for e in delta)  # never another seat's private event
            private_to_others += sum(1 for e in m.state.all_events() if e.step > last and e.to not in (None, p))
            seen[p].extend(delta)
        last = m.step
    for p, events in seen.items():
        assert events == m.state.events(p)  # the deltas add up to the whole of what p may see
    assert private_to_others > 0  # the game did hide things, so the filter was tested


def test_save_and_resume_give_the_same_match(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    settings = TableSettings((None, "heuristic", "random", "ismcts:easy"), "zh-Hant", "both")
    m = Match.new(GAME, settings, seed=11, store=store, match_id="g.json")
    _play_people_first(m, 40)
    back = Match.resume(store, "g.json")
    assert back.state == m.state and back.settings == settings and back.step == 40
    assert [e.to_json() for e in back.state.all_events()] == [e.to_json() for e in m.state.all_events()]
    # two programs on one file: the second writer is told, and its move is undone
    m.play_bots()
    seat = m.to_act[0]
    action = m.legal(seat)[0]
    back = Match.resume(store, "g.json")
    m.submit(seat, action)
    with pytest.raises(SaveError, match="another program wrote it"):
        back.submit(seat, action)
    assert Match.resume(store, "g.json").state == m.state != back.state
    m.set_settings(TableSettings(settings.bots, "en", "local"))
    assert Match.resume(store, "g.json").settings.lang == "en"


def test_a_new_match_never_overwrites_a_stored_one(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    Match.new(GAME, [None, "random", "random"], seed=12, store=store, match_id="g.json")
    before = (tmp_path / "g.json").read_bytes()
    with pytest.raises(MatchExists):
        Match.new(GAME, [None, "random", "random"], seed=13, store=store, match_id="g.json")
    assert (tmp_path / "g.json").read_bytes() == before


def test_a_failing_save_leaves_match_and_file_as_they_were(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = FileStore(tmp_path)
    m = Match.new(GAME, [None, None, "random"], seed=14, store=store, match_id="g.json")
    _play_people_first(m, 10)
    path = tmp_path / "g.json"
    before_bytes, before_state = path.read_bytes(), m.state.clone()
    seat = m.to_act[0]
    action = m.legal(seat)[0]

    def disk_full(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("hustings.table.store.os.replace", disk_full)
    with pytest.raises(SaveError, match="not saved: No space left on device") as info:
        m.submit(seat, action)
    assert "\n" not in str(info.value)
    assert m.state == before_state and m.step == 10  # the move is undone in memory too
    assert path.read_bytes() == before_bytes
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]  # no temporary file left behind
    monkeypatch.undo()
    m.submit(seat, action)  # the same move, once the disk is back
    assert Match.resume(store, "g.json").state == m.state


def test_a_store_raising_in_the_middle_of_a_write_keeps_the_old_file(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    store = FileStore(tmp_path)
    m = Match.new(GAME, [None, "random", "random"], seed=15, store=store, match_id="g.json")
    _play_people_first(m, 6)
    before = (tmp_path / "g.json").read_bytes()
    real_fsync = __import__("os").fsync

    def crash(fd: int) -> None:  # half the bytes are in the temporary file when the process "dies"
        real_fsync(fd)
        raise KeyboardInterrupt

    monkeypatch.setattr("hustings.table.store.os.fsync", crash)
    seat = m.to_act[0]
    with pytest.raises(KeyboardInterrupt):
        m.submit(seat, m.legal(seat)[0])
    monkeypatch.undo()
    assert (tmp_path / "g.json").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]
    assert Match.resume(store, "g.json").step == 6 == m.step


def test_a_file_edited_during_play_stops_the_next_save(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    m = Match.new(GAME, [None, "random", "random"], seed=16, store=store, match_id="g.json")
    path = tmp_path / "g.json"
    path.write_text(path.read_text(encoding="utf-8").replace('"lang":"en"', '"lang":"zh-Hans"'), encoding="utf-8")
    edited = path.read_bytes()
    with pytest.raises(SaveError, match="changed since hustings saved it"):
        m.submit(0, m.legal(0)[0])
    assert path.read_bytes() == edited and m.step == 0


def test_play_bots_stops_when_asked() -> None:
    m = Match.new(GAME, ["random", "random", "random"], seed=17)
    assert m.play_bots(max_steps=5).reason == "max_steps" and m.step == 5
    driven = m.play_bots(until=lambda s: s.step_count >= 12)
    assert driven.reason == "until" and driven.steps == 7 and m.step == 12
    seen: list[Event] = []
    assert m.play_bots(on_event=seen.append).reason == "over"
    assert seen == [e for e in m.state.all_events() if e.step > 12]


def test_drive_is_the_loop_of_play_game() -> None:
    a = hustings.make(GAME, players=3, seed=18)
    b = hustings.make(GAME, players=3, seed=18)
    play_game(a, [RandomBot(s) for s in range(3)])
    decisions: list[tuple[int, int]] = []
    driven = drive(b, [RandomBot(s) for s in range(3)], on_decision=lambda p, n, secs: decisions.append((p, n)))
    assert driven.reason == "over" and driven.steps == b.step_count
    assert a == b and len(decisions) == b.step_count
    assert [p for p, _ in decisions] == [p for p, _ in b.history]
    with pytest.raises(RuntimeError, match="within 3 steps"):
        play_game(hustings.make(GAME, players=3, seed=18), [RandomBot(s) for s in range(3)], max_steps=3)
    with pytest.raises(ValueError, match="2 bots"):
        drive(hustings.make(GAME, players=3, seed=18), [RandomBot(0), RandomBot(1)])
    c = hustings.make(GAME, players=3, seed=18)
    assert drive(c, [RandomBot(0), None, RandomBot(2)]).reason == "person"


def test_the_lab_plays_through_drive(monkeypatch: pytest.MonkeyPatch) -> None:
    from hustings.sim import lab

    calls: list[int] = []
    real = lab.drive

    def spy(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(lab, "drive", spy)
    cfg = lab.SimConfig.build(GAME, 3, None, "random", 1, 5)
    result = lab.play_one(cfg, 0)
    assert calls == [1] and result.steps > 0 and result.decision_times


@pytest.mark.parametrize(("game", "seats"), [("toy", [None, "random", "random"]), ("toy-solo", [None]),
                                             ("toy", ["random", None])])
def test_the_service_knows_no_game(tmp_path: Path, game: str, seats: list[str | None]) -> None:
    """The toy games (hidden hands, secret simultaneous choices, ranked and solo outcomes) through the
    same service and file store, by the registry alone."""
    store = FileStore(tmp_path)
    m = Match.new(game, seats, seed=2**100 + 3, store=store, match_id="toy.json")
    seen: dict[int | None, list[Event]] = {p: m.events_for(p) for p in [None, *range(len(seats))]}
    while not m.is_over:
        last = m.step
        m.play_bots()
        if not m.is_over:
            seat = m.to_act[0]
            m.submit(seat, m.legal(seat)[-1])
        for p, events in seen.items():
            delta = m.events_for(p, since_step=last)
            assert all(e.to in (None, p) for e in delta)
            events.extend(delta)
        assert Match.resume(store, "toy.json").state == m.state
    assert all(events == m.state.events(p) for p, events in seen.items())
    outcome = m.outcome()
    assert len(outcome.utilities) == len(seats) and outcome == hustings.replay(m.record()).outcome()
    assert str(2**100 + 3) not in (tmp_path / "toy.json").read_text(encoding="utf-8")


# -- safe undo ---------------------------------------------------------------------------------------


def test_undo_takes_back_a_secret_choice_nobody_has_answered(tmp_path: Path) -> None:
    """Hi-Lo (tests/toygame): seat 0 chooses a card first; until seat 1 chooses, nothing was revealed."""
    store = FileStore(tmp_path)
    m = Match.new("toy", [None, None], seed=4, store=store, match_id="u.json")
    before = m.state.clone()
    first, second = m.legal(0)[:2]
    m.submit(0, first)
    assert m.can_undo(0) and m.why_not_undo(0) is None
    assert not m.can_undo(1)  # seat 1 has made no move to take back
    assert m.undo(0) == 1
    assert m.state.position_key() == before.position_key() and m.step == 0
    assert list(store.load("u.json").actions) == []  # the store was cut back too
    m.submit(0, second)  # and another choice is stored in its place
    assert list(Match.resume(store, "u.json").state.history) == [(0, int(second))]


def test_undo_is_refused_once_the_move_revealed_hidden_cards() -> None:
    m = Match.new("toy", [None, None], seed=4, store=MemoryStore(), match_id="u")
    m.submit(1, m.legal(1)[0])
    m.submit(0, m.legal(0)[0])  # the second card closes the round: both cards shown, new cards drawn
    why = m.why_not_undo(0)
    assert why is not None and "showed you" in why
    with pytest.raises(MatchError, match="showed you"):
        m.undo(0)
    assert m.step == 2  # nothing changed


def test_undo_is_refused_once_another_seat_acted() -> None:
    m = Match.new("toy", [None, None], seed=4)
    m.submit(0, m.legal(0)[0])
    m.submit(1, m.legal(1)[0])
    with pytest.raises(MatchError, match="another seat"):
        m.undo(0)
    fresh = Match.new("toy", [None, None], seed=4)
    with pytest.raises(MatchError, match="nothing has been played"):
        fresh.undo(0)


def test_undo_after_the_game_is_over_is_refused() -> None:
    m = Match.new("toy-solo", [None], seed=2)
    while not m.is_over:
        m.submit(0, m.legal(0)[0])
    with pytest.raises(MatchError, match="over"):
        m.undo(0)


def test_undo_walks_back_over_forced_moves_to_the_last_real_choice() -> None:
    """Die Macher 2019 (seed 000): a seat's own forced moves after its decision go back with it, so a
    table that plays forced moves at once does not replay them straight away."""
    rng = random.Random(3)
    found = 0
    for seed in range(6):
        m = Match.new(GAME, [None, "random", "random"], seed=seed, store=MemoryStore(), match_id="g")
        while not m.is_over and found < 8:
            m.play_bots()
            if m.is_over:
                break
            m.submit(0, rng.choice(m.legal(0)))
            if not m.can_undo(0):
                continue
            before = m.step
            undone = m.undo(0)
            found += 1
            assert undone >= 1 and m.step == before - undone and len(m.legal(0)) > 1
            assert m.store is not None and len(m.store.load("g").actions) == m.step
        if found >= 8:
            break
    assert found == 8


def test_a_failed_undo_save_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    store = MemoryStore()
    m = Match.new("toy", [None, None], seed=4, store=store, match_id="u")
    m.submit(0, m.legal(0)[0])

    def broken(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "truncate", broken)
    with pytest.raises(SaveError, match="undo was not saved"):
        m.undo(0)
    assert m.step == 1 and len(store.load("u").actions) == 1
