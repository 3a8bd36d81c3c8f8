"""The engine's own contract: input handling, events, outcomes, records, the registry (issues 8 and 9)."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

import hustings
from hustings.engine import (
    ENGINE_VERSION,
    RNG_NAME,
    FrozenDict,
    IllegalActionError,
    RecordError,
    Rng,
    get_spec,
    ranked_outcome,
    solo_outcome,
)

GAME = "die-macher-2019"


def fresh() -> hustings.GameState:
    return hustings.make(GAME, players=4, seed=5)


# ---------------------------------------------------------------------------------- input (issue 9.8)


@pytest.mark.parametrize(
    "bad",
    [
        True, 1.0, "0", b"0", None, [0], (0,), {"args": [True]}, {"kind": "party", "args": [1.0]},
        {"kind": "party", "args": [[0]]}, {"kind": "party", "args": "0"}, {"kind": 3, "args": [0]},
        {"id": True}, {"id": 0.0}, {"kind": "party", "args": [0], "extra": 1}, {}, {"args": [0]},
        {"kind": "party", "args": [{"a": 1}]}, 10**100, -1, {"id": {"id": 0}},
    ],
)
def test_malformed_actions_are_illegal_and_change_nothing(bad: object) -> None:
    s = fresh()
    before = s.clone()
    with pytest.raises(IllegalActionError):
        s.apply(0, bad)
    assert s == before


def test_id_and_kind_that_disagree_are_refused() -> None:
    s = fresh()
    a, b = s.legal_actions(0)[:2]
    with pytest.raises(IllegalActionError, match="id"):
        s.apply(0, {"id": a.id, "kind": b.kind, "args": list(b.args)})
    s.apply(0, {"id": a.id, "kind": a.kind, "args": list(a.args)})  # agreeing forms are fine


def test_numpy_integers_are_ids_and_players() -> None:
    s = fresh()
    a = s.legal_actions(np.int64(0))[0]
    events = s.apply(np.int32(0), np.int64(a.id))
    assert s.history == [(0, a.id)] and events


@pytest.mark.parametrize("who", [True, 1.5, "0", 99, -1])
def test_events_and_view_refuse_bad_players(who: object) -> None:
    s = fresh()
    with pytest.raises(ValueError):
        s.events(who)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        s.view(who)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------ events (issues 8.3, 9.4)


def test_apply_returns_its_events_with_step_numbers() -> None:
    s = fresh()
    setup = s.events(None)
    assert all(e.step == 0 for e in setup)
    for step in range(1, 30):
        p = s.current_players[0]
        produced = s.apply(p, s.legal_actions(p)[0])
        assert all(e.step == step for e in produced)
        assert list(s.all_events())[-len(produced):] == produced if produced else True
    assert [e.step for e in s.all_events()] == sorted(e.step for e in s.all_events())


@pytest.mark.parametrize("game", ["die-macher-2019", "die-macher", "election-war", "palace-escape"])
def test_a_muted_state_plays_as_its_twin_that_logs(game: str) -> None:
    # GameState.mute_events (the learner envs' drivers): no event is made any more, by the state or its clones, and
    # the game plays on exactly as its twin that logs every event
    kept, lean = hustings.make(game, seed=21), hustings.make(game, seed=21)
    lean.mute_events()
    assert list(lean.all_events()) == [] and lean.events(None) == []
    r = random.Random(5)
    made = 0
    for _ in range(60):
        if kept.is_over:
            break
        p = kept.current_players[0]
        legal = kept.legal_actions(p)
        assert lean.legal_actions(p) == legal and lean.view(p) == kept.view(p)
        action = legal[r.randrange(len(legal))]
        assert lean.apply(p, action) == []
        made += len(kept.apply(p, action))
        assert list(lean.all_events()) == [] and list(lean.clone().all_events()) == []
    assert made > 0
    assert lean.history == kept.history and lean.is_over == kept.is_over
    assert lean.state_key() == kept.state_key() and lean == kept
    assert not kept.is_over or lean.outcome() == kept.outcome()
    # pickled, it stays muted; a state pickled before states could be muted loads logging
    again = pickle.loads(pickle.dumps(lean))
    older = type(kept).__new__(type(kept))
    d = pickle.loads(pickle.dumps(kept)).__getstate__()  # a copy: the state's own lists stay its own
    del d["_muted"]
    older.__setstate__(d)
    if not kept.is_over:
        p = kept.current_players[0]
        action = kept.legal_actions(p)[0]
        assert again.apply(p, action) == []
        assert older.apply(p, action) == kept.apply(p, action)


@pytest.mark.parametrize("game", ["die-macher-2019", "die-macher", "election-war", "palace-escape"])
def test_play_is_apply_without_handing_events_back(game: str) -> None:
    # GameState.play (the lab's, a search's and the learners' loop): the same checks, the same new state and, read
    # afterwards, the very events apply handed back one action at a time
    told, quiet = hustings.make(game, seed=33), hustings.make(game, seed=33)
    r = random.Random(8)
    handed: list[hustings.Event] = list(told.all_events())
    while not told.is_over and told.step_count < 400:
        p = told.current_players[0]
        action = told.legal_actions(p)[r.randrange(len(told.legal_actions(p)))]
        assert quiet.legal_actions(p) == told.legal_actions(p)
        handed += told.apply(p, action)
        assert quiet.play(p, action) is None
        assert quiet.state_key() == told.state_key()
    assert list(quiet.all_events()) == handed == list(told.all_events())
    for p in range(told.num_players):
        assert quiet.events(p) == told.events(p) and quiet.view(p) == told.view(p)
    # the same refusals, naming the same rule, and nothing changes
    for bad_seat, bad in ((0, 10**9), (99, 0), (True, 0)):
        before = quiet.clone()
        with pytest.raises(IllegalActionError) as by_apply:
            told.clone().apply(bad_seat, bad)
        with pytest.raises(IllegalActionError) as by_play:
            quiet.play(bad_seat, bad)
        assert str(by_play.value) == str(by_apply.value) and quiet == before


def test_events_recorded_by_play_are_sealed_when_read() -> None:
    s = fresh()
    r = random.Random(2)
    for _ in range(40):
        p = s.current_players[0]
        legal = s.legal_actions(p)
        s.play(p, legal[r.randrange(len(legal))])
    twin = s.clone()  # shares the raw records at the head of the log
    chain = s.event_chain()
    assert s.event_chain() is chain, "reading again, with no new event, gives the same log"
    node, n = chain, 0
    while node is not None:  # every node sealed: (Event, tail), the data frozen
        assert len(node) == 2 and isinstance(node[0], hustings.Event) and isinstance(node[0].data, FrozenDict)
        node, n = node[1], n + 1
    assert n == len(list(s.all_events())) > 0
    assert list(twin.all_events()) == list(s.all_events())  # the clone seals its own
    # apply after play hands back this action's events only; the earlier ones are sealed and kept in order
    s.play(s.current_players[0], s.legal_actions(s.current_players[0])[0])
    count = len(list(twin.all_events()))
    p = s.current_players[0]
    produced = s.apply(p, s.legal_actions(p)[0])
    step = s.step_count
    assert all(e.step == step for e in produced)
    after = list(s.all_events())
    assert after[-len(produced):] == produced if produced else True
    assert [e.step for e in after] == sorted(e.step for e in after) and len(after) >= count + len(produced)
    # a pickle holds sealed events
    again = pickle.loads(pickle.dumps(twin))
    assert list(again.all_events()) == list(twin.all_events())


def test_event_data_cannot_be_edited() -> None:
    s = fresh()
    s.apply(0, s.legal_actions(0)[0])
    e = s.events(None)[-1]
    assert isinstance(e.data, FrozenDict)
    with pytest.raises(TypeError):
        e.data["player"] = 3  # type: ignore[index]
    out = e.to_json()
    out["data"]["player"] = 3  # a copy: editing it changes nothing
    assert s.events(None)[-1].data["player"] == 0
    assert pickle.loads(pickle.dumps(e.data)) == e.data


# ----------------------------------------------------------------------------------------- outcomes


def test_ranked_outcome_shares_ties_and_can_let_everyone_lose() -> None:
    o = ranked_outcome([10, 30, 30, 5])
    assert o.winners == (1, 2) and o.ranks == (3, 1, 1, 4) and o.win_share(1) == 0.5
    lost = ranked_outcome([30, 30, 30, 5], all_lose_if_tied=3)
    assert lost.winners == () and not lost.won and lost.ranks == (1, 1, 1, 4)
    assert ranked_outcome([30, 30, 5], all_lose_if_tied=3).winners == (0, 1)


def test_outcome_utilities_are_the_win_share() -> None:
    """Issue 21: every seed says the highest wins and the rest lose, so the utilities are the win share on
    [-1, 1]: 2/k - 1 for each of k winners, -1 for every other seat, whatever its rank."""
    assert ranked_outcome([40, 31, 30, 5]).utilities == (1.0, -1.0, -1.0, -1.0)  # a sole winner; no runner-up bonus
    assert ranked_outcome([10, 30, 30, 5]).utilities == (-1.0, 0.0, 0.0, -1.0)  # two share the win: 0 each
    three = ranked_outcome([7, 7, 7, 2])
    assert three.utilities == pytest.approx((-1 / 3, -1 / 3, -1 / 3, -1.0))  # three share it: -1/3 each
    assert ranked_outcome([3, 9]).utilities == (-1.0, 1.0) and ranked_outcome([4, 4]).utilities == (0.0, 0.0)
    # a tie in which everyone loses (選舉之戰: three or more at the top) is a loss for all, ranks kept
    lost = ranked_outcome([30, 30, 30, 5], all_lose_if_tied=3)
    assert lost.utilities == (-1.0, -1.0, -1.0, -1.0) and lost.detail["all_lost"]
    # fifteen seats: the runner-up is worth what the last seat is worth (it was +0.86 with rank utilities)
    fifteen = ranked_outcome([5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    assert fifteen.utilities == (1.0,) + (-1.0,) * 14 and fifteen.ranks[1] == 2
    assert ranked_outcome([12]).utilities == (1.0,)


@pytest.mark.parametrize("seed", range(40))
def test_outcome_utilities_match_the_win_share_for_any_totals(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 15)
    totals = [rng.randint(0, 4) for _ in range(n)]  # small totals: many ties
    for all_lose in (None, 2, 3):
        o = ranked_outcome(totals, all_lose_if_tied=all_lose)
        assert o.ranks == tuple(1 + sum(1 for x in totals if x > t) for t in totals)
        for p in range(n):
            assert o.utilities[p] == pytest.approx(2 * o.win_share(p) - 1)
            assert (o.utilities[p] == -1.0) == (p not in o.winners)  # a winner never scores a loss
        # with somebody winning the utilities add up to 2 - n; when everyone lost, to -n
        assert sum(o.utilities) == pytest.approx(2 - n if o.winners else -n)


def test_solo_outcome() -> None:
    won = solo_outcome(True, moves=23, par=20)
    assert won.winners == (0,) and won.utilities == (1.0,) and won.detail["moves"] == 23 and won.win_share(0) == 1
    lost = solo_outcome(False, moves=5)
    assert lost.utilities == (-1.0,) and lost.win_share(0) == 0


def test_outcome_only_at_the_end() -> None:
    s = fresh()
    with pytest.raises(ValueError):
        s.outcome()
    assert s.winners() == []


# ------------------------------------------------------------------------------- make, records, keys


def test_make_refuses_unknown_options_and_bad_seeds() -> None:
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        hustings.make(GAME, players=4, seed=1, colour="red")
    for bad in (-1, 1.5, True, "7"):
        with pytest.raises(ValueError, match="seed"):
            hustings.make(GAME, players=4, seed=bad)  # type: ignore[arg-type]


def test_default_seed_is_fresh_and_large() -> None:
    seeds = {hustings.make(GAME, players=4).seed for _ in range(8)}
    assert len(seeds) == 8 and max(seeds).bit_length() > 100


def test_record_carries_versions_and_refuses_others() -> None:
    s = fresh()
    s.apply(0, s.legal_actions(0)[0])
    rec = s.record()
    assert rec["rules_version"] == get_spec(GAME).rules_version
    assert rec["engine_version"] == ENGINE_VERSION and rec["rng"] == RNG_NAME
    assert hustings.replay(rec) == s
    old = {k: v for k, v in rec.items() if k not in ("rules_version", "engine_version", "rng")}
    with pytest.raises(RecordError, match="before records carried a rules version"):
        hustings.replay(old)
    with pytest.raises(RecordError, match=r"rules version '0'.*rules\s+version " + get_spec(GAME).rules_version):
        hustings.replay(dict(rec, rules_version="0"))
    with pytest.raises(RecordError, match="generator"):
        hustings.replay(dict(rec, rng="splitmix64"))


@pytest.mark.parametrize("seed", [10**1500, -3, "12", 2.0])
def test_replay_refuses_bad_seeds(seed: object) -> None:
    rec = dict(fresh().record(), seed=seed)
    with pytest.raises(RecordError, match="seed"):
        hustings.replay(rec)


def test_position_key_ignores_history_and_seed() -> None:
    a, b = hustings.make(GAME, players=3, seed=1), hustings.make(GAME, players=3, seed=2)
    # choosing parties draws nothing: the same choices give the same position whatever the seed
    for s in (a, b):
        for p in range(2):
            s.apply(p, s.legal_actions(p)[0])
    assert a.position_key() == b.position_key() and a != b


def test_games_come_from_entry_points() -> None:
    import hustings.engine.core as core

    assert GAME in hustings.list_games()
    assert "hustings.games" not in core.__dict__  # the engine names no game


# --------------------------------------------------------------------------------- generator (9.1)


def test_rng_is_deterministic_cheap_to_copy_and_hides_its_key() -> None:
    a, b = Rng(2**127 + 5), Rng(2**127 + 5)
    xs = [a.next64() for _ in range(20)]
    assert xs == [b.next64() for _ in range(20)]
    c = a.copy()
    assert [a.next64() for _ in range(10)] == [c.next64() for _ in range(10)]
    assert Rng(1).next64() != Rng(2).next64()
    # seeds that differ only above 64 bits give different streams (the whole seed keys the generator)
    assert Rng(7).next64() != Rng(7 + 2**64).next64() != Rng(7 + 2**100).next64()
    assert "key" not in repr(a) and str(a._key) not in repr(a)
    assert pickle.loads(pickle.dumps(a)) == a


def test_rng_output_is_uniform_enough() -> None:
    r = Rng(12345)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.randint(1, 6) - 1] += 1
    assert all(9_500 < c < 10_500 for c in counts)
    bits = sum(bin(r.next64()).count("1") for _ in range(2_000))
    assert 63_000 < bits < 65_000


def test_rng_from_random_draws_128_bits() -> None:
    r1 = Rng.from_random(random.Random(1))
    r2 = Rng.from_random(random.Random(1))
    assert r1 == r2 and r1 != Rng.from_random(random.Random(2))

def test_rng_shuffle_is_fisher_yates_over_next64() -> None:
    """shuffle draws inline for speed; it must stay the stream a per-card next64 gives (records replay by it)."""
    r = random.Random(3)
    for _ in range(300):
        seed = r.getrandbits(64)
        fast, slow = Rng(seed), Rng(seed)
        for _ in range(r.randrange(1, 5)):
            n = r.randrange(0, 70)
            got, want = list(range(n)), list(range(n))
            fast.shuffle(got)
            for i in range(n - 1, 0, -1):
                j = slow.next64() % (i + 1)
                want[i], want[j] = want[j], want[i]
            assert got == want
            assert fast.position == slow.position
        assert fast.next64() == slow.next64()



def test_deeply_nested_action_forms_are_refused_without_recursion() -> None:
    s = fresh()
    deep: object = 0
    for _ in range(5_000):
        deep = {"id": deep}
    with pytest.raises(IllegalActionError):
        s.apply(0, deep)
