"""Learned scorers (issue 27 point 3, docs/rl.md *Learned scorers*): 選舉之戰's action features read the view and the
legal actions only; a scorer weighing only the heuristic's pick plays the heuristic's games exactly; the checkpoint
format refuses what it cannot use in one line naming the file; `hustings train --method evolve` is seeded and
writes its generations, curve and best policy; the lab plays a scorer checkpoint like any learned one."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import hustings  # noqa: E402
from hustings.bots.registry import make_bot  # noqa: E402
from hustings.games.election_war.adapters.features import FEATURES, NAMES  # noqa: E402
from hustings.rl.scorer import ScorerError, ScorerPolicy, is_scorer, load_policy, save_scorer  # noqa: E402

GAME = "election-war"


def _heuristic_weights() -> list[Any]:
    w = np.zeros((len(NAMES), 1))
    w[NAMES.index("heuristic_pick"), 0] = 1.0
    return [w]


def _positions(seeds: range, players: int = 4) -> list[tuple[dict[str, Any], list[Any]]]:
    out = []
    for seed in seeds:
        state = hustings.make(GAME, players=players, seed=seed)
        bot = make_bot("heuristic", GAME, seed)
        while not state.is_over:
            p = state.current_players[0]
            legal = state.legal_actions(p)
            view = state.view(p)
            out.append((view, list(legal)))
            state.apply(p, bot.act(view, list(legal)))
    return out


def test_features_give_one_row_per_legal_action_from_the_view_alone_and_change_nothing() -> None:
    kinds = set()
    for view, legal in _positions(range(3)):
        before = copy.deepcopy(view)
        rows = FEATURES.of(view, legal)
        assert view == before  # the features read the view; they never write it
        assert len(rows) == len(legal) and all(len(r) == len(NAMES) for r in rows)
        assert all(isinstance(x, float) and np.isfinite(x) for r in rows for x in r)
        picks = [r[0] for r in rows]
        assert sorted(picks) == [0.0] * (len(legal) - 1) + [1.0]  # exactly one heuristic pick
        kinds.add(view["phase"])
        if view["phase"] == "play":  # every play is marked as one, and the stop as the stop
            for a, r in zip(legal, rows, strict=True):
                assert r[NAMES.index("play")] == float(a.kind == "play")
                assert r[NAMES.index("stop")] == float(a.kind == "stop")
    assert kinds >= {"declare", "play", "press", "discard"}
    assert len(set(NAMES)) == len(NAMES) and FEATURES.name.endswith(f"/{len(NAMES)}")


@pytest.mark.parametrize("game", [GAME, "die-macher-2019"])
def test_the_shipped_scorer_cannot_tell_the_true_state_from_a_resampled_one(game: str) -> None:
    """An attacker's check: at every decision of whole games, a resample (a state dealt anew, consistent with what the
    seat sees) gives the seat the same view, so the same features and the same move: the scorer reads nothing the
    seat may not see. The resamples did differ from the truth (hidden cards dealt anew)."""
    import random

    from hustings.bots.learned import check_learned

    bot = check_learned(game, 4).bot(1)
    rng = random.Random(7)
    decisions = differed = 0
    for seed in (21, 22):
        state = hustings.make(game, players=4, seed=seed)
        heuristic = make_bot("heuristic", game, seed)
        while not state.is_over:
            p = state.current_players[0]
            legal = list(state.legal_actions(p))
            view = state.view(p)
            if len(legal) > 1 and decisions < 400:
                other = state.resample(p, rng)
                assert other.view(p) == view
                assert bot.act(other.view(p), list(other.legal_actions(p))).id == bot.act(view, legal).id
                differed += other.view(None) != state.view(None) or other.scores() != state.scores() or any(
                    other.view(q) != state.view(q) for q in range(4) if q != p)
                decisions += 1
            state.apply(p, heuristic.act(view, legal))
    assert decisions >= 100 and differed > decisions // 2


def test_die_macher_2019s_features_cover_its_decisions_and_mark_each_phases_holding_action() -> None:
    from hustings.games.die_macher_2019.adapters import features as dm

    seen: dict[str, int] = {}
    for seed in (1, 2):
        state = hustings.make("die-macher-2019", players=4, seed=seed)
        bot = make_bot("heuristic", "die-macher-2019", seed)
        while not state.is_over:
            p = state.current_players[0]
            legal = list(state.legal_actions(p))
            view = state.view(p)
            before = copy.deepcopy(view)
            rows = dm.FEATURES.of(view, legal)
            assert view == before and len(rows) == len(legal) and all(len(r) == len(dm.NAMES) for r in rows)
            assert all(np.isfinite(x) for r in rows for x in r)
            assert sum(r[0] for r in rows) == 1.0 and rows[[a.id for a in legal].index(bot.act(view, legal).id)][0]
            for a, r in zip(legal, rows, strict=True):
                for name in (f"hold_{view['phase']}",):
                    if name in dm.INDEX and r[dm.INDEX[name]]:
                        seen[name] = seen.get(name, 0) + 1
                        assert a.kind in ("pass", "done", "nodraw", "decline", "keep_poll", "keep_marker")
            state.apply(p, bot.act(view, legal))
    assert {"hold_media", "hold_rally", "hold_place", "hold_poll"} <= set(seen)


def test_a_scorer_weighing_only_the_heuristics_pick_plays_the_heuristics_games(tmp_path: Path) -> None:
    path = save_scorer(tmp_path / "h.npz", GAME, 4, "standard", _heuristic_weights(), [np.zeros(1)])
    scorer = ScorerPolicy.load(path)
    for seed in (3, 4):
        games = []
        for who in ("heuristic", "scorer"):
            state = hustings.make(GAME, players=4, seed=seed)
            bots = [make_bot("heuristic", GAME, seed) for _ in range(4)]
            seat = seed % 4
            while not state.is_over:
                p = state.current_players[0]
                legal = list(state.legal_actions(p))
                bot = scorer if (who == "scorer" and p == seat) else bots[p]
                state.apply(p, bot.act(state.view(p), legal))
            games.append([a for _p, a in state.history])
        assert games[0] == games[1]


def test_scorer_checkpoints_round_trip_and_are_refused_in_one_line(tmp_path: Path) -> None:
    rs = np.random.default_rng(1)
    ws = [rs.normal(size=(len(NAMES), 4)), rs.normal(size=(4, 1))]
    bs = [np.zeros(4), np.zeros(1)]
    path = save_scorer(tmp_path / "s.npz", GAME, 4, "standard", ws, bs, activation="relu",
                       extra={"trained": {"method": "test"}})
    assert is_scorer(path) and not is_scorer(tmp_path / "none.npz")
    policy = load_policy(path, seed=3)
    assert isinstance(policy, ScorerPolicy) and policy.relu and policy.meta["trained"] == {"method": "test"}
    view, legal = _positions(range(1))[30]
    x = np.asarray(FEATURES.of(view, legal), dtype=np.float32)
    want = (np.maximum(x @ ws[0].astype(np.float32), 0) @ ws[1].astype(np.float32))[:, 0]
    assert np.allclose(policy.scores(FEATURES.of(view, legal)), want, atol=1e-5)
    assert policy.act(view, legal) is legal[int(np.argmax(want))]
    with pytest.raises(ScorerError, match="plays election-war standard with 4 players, not election-war standard "
                                          "with 5"):
        policy.check_game(GAME, 5, "standard")

    meta = json.loads(str(np.load(path)["meta"]))
    arrays = {k: np.load(path)[k] for k in np.load(path).files}

    def written(name: str, **changes: Any) -> Path:
        out = tmp_path / name
        parts = {**arrays, **{k: v for k, v in changes.items() if k != "meta"}}
        parts["meta"] = np.array(json.dumps({**meta, **changes.get("meta", {})}))
        np.savez(out, **parts)
        return out

    cases = {
        "features": (written("f.npz", meta={"features": {"name": "election-war/actions-0/3", "names": ["a"]}}),
                     "trained on the action features 'election-war/actions-0/3'; this hustings reads"),
        "version": (written("v.npz", meta={"version": 9}), "format version 9; this hustings reads 1"),
        "activation": (written("a.npz", meta={"activation": "gelu"}), "unknown activation 'gelu'"),
        "game": (written("g.npz", meta={"game": "no-such-game"}), "cannot be played here"),
        "shape": (written("w.npz", w1=np.zeros((4, 2), dtype=np.float32), b1=np.zeros(2, dtype=np.float32)),
                  "the last layer gives 2 outputs"),
        "finite": (written("n.npz", w0=np.full((len(NAMES), 4), np.nan, dtype=np.float32)), "not finite"),
        "layers": (written("l.npz", meta={"layers": 3}), "missing array 'w2'"),
    }
    for what, (bad, match) in cases.items():
        with pytest.raises(ScorerError, match=match) as e:
            ScorerPolicy.load(bad)
        assert str(bad) in str(e.value) and "\n" not in str(e.value), what
    pickled = tmp_path / "p.npz"
    np.savez(pickled, meta=np.array(json.dumps(meta)), w0=np.array([object()], dtype=object), b0=np.zeros(1))
    with pytest.raises(ScorerError, match="not a readable"):
        ScorerPolicy.load(pickled)
    with pytest.raises(ScorerError, match="no such checkpoint file"):
        ScorerPolicy.load(tmp_path / "none.npz")
    with pytest.raises(ValueError, match="activation must be one of"):
        save_scorer(tmp_path / "x.npz", GAME, 4, "standard", ws, bs, activation="gelu")
    with pytest.raises(ValueError, match="offers no action features"):
        save_scorer(tmp_path / "x.npz", "die-macher", 4, "full", ws, bs)


def test_evolve_is_seeded_writes_its_generations_and_starts_as_the_heuristic(tmp_path: Path) -> None:
    from hustings.rl.evolve import EvolveConfig, evolve, read_curve

    cfg = EvolveConfig(game=GAME, generations=2, population=3, elite=2, seeds=2, eval_games=4, eval_every=1,
                       workers=1, seed=5)
    curve = evolve(cfg, tmp_path / "a")
    assert [p.generation for p in curve] == [1, 2] and all(p.games == 8 for p in curve)
    for name in ("gen-01.npz", "gen-02.npz", "policy.npz", "curve.csv", "config.json"):
        assert (tmp_path / "a" / name).is_file(), name
    assert len((tmp_path / "a" / "curve.csv").read_text().splitlines()) == 3
    again_read = read_curve(tmp_path / "a" / "curve.csv")
    assert [(p.generation, p.held_share) for p in again_read] == [(p.generation, round(p.held_share, 5)) for p in curve]
    assert all(p.cpu_s > 0 for p in curve)  # the games' CPU, counted in the process that played them
    assert all(0 <= p.held_share <= 1 and p.low <= p.held_share <= p.high for p in curve)
    policy = ScorerPolicy.load(tmp_path / "a" / "gen-02.npz")
    assert policy.meta["trained"]["method"] == "cross-entropy method"
    w = policy.weights[0][:, 0]
    assert w[NAMES.index("heuristic_pick")] != 0 and np.count_nonzero(w) == len(NAMES)  # moved off the heuristic
    again = evolve(cfg, tmp_path / "b")
    assert [asdict_share(p) for p in again] == [asdict_share(p) for p in curve]
    x, y = np.load(tmp_path / "a" / "gen-02.npz"), np.load(tmp_path / "b" / "gen-02.npz")
    assert np.array_equal(x["w0"], y["w0"])
    with pytest.raises(ValueError, match="--elite 4 is more than --population 3"):
        evolve(replace(cfg, elite=4), tmp_path / "c")
    with pytest.raises(ValueError, match="a search bot would make every generation hours long"):
        evolve(replace(cfg, opponents="ismcts:easy"), tmp_path / "c")
    with pytest.raises(ValueError, match="die-macher offers no action features"):
        evolve(replace(cfg, game="die-macher"), tmp_path / "c")
    assert not (tmp_path / "c").exists()


def asdict_share(p: Any) -> tuple[float, float, float, float]:
    return (p.mean_share, p.best_share, p.heuristic_share, p.held_share)


def test_evolve_in_two_worker_processes_gives_the_single_process_result(tmp_path: Path) -> None:
    from hustings.rl.evolve import EvolveConfig, evolve

    cfg = EvolveConfig(game=GAME, generations=1, population=2, elite=1, seeds=2, eval_games=0, workers=1, seed=2)
    one = evolve(cfg, tmp_path / "one")
    two = evolve(replace(cfg, workers=2), tmp_path / "two")
    assert [asdict_share(p)[:3] for p in one] == [asdict_share(p)[:3] for p in two]
    a, b = (np.load(tmp_path / d / "policy.npz")["w0"] for d in ("one", "two"))
    assert np.array_equal(a, b)


def test_train_command_evolves_and_the_lab_plays_the_scorer(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from hustings.cli import app

    out = tmp_path / "run"
    result = CliRunner().invoke(app, ["train", GAME, "--method", "evolve", "--generations", "1", "--population",
                                      "2", "--elite", "1", "--seeds", "1", "--eval-games", "4", "--workers", "1",
                                      "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "1 generations in" in result.output and (out / "policy.npz").is_file()
    bad = CliRunner().invoke(app, ["train", GAME, "--method", "copy", "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2 and "--method 'copy': choose imitate or evolve" in bad.output
    bad = CliRunner().invoke(app, ["train", GAME, "--method", "evolve", "--population", "0", "--out",
                                   str(tmp_path / "x")])
    assert bad.exit_code == 2 and "--population must be at least 1, not 0" in bad.output
    assert not (tmp_path / "x").exists()
    from hustings.sim.lab import make_lab_bot

    bot = make_lab_bot(f"learned:{out / 'policy.npz'}", GAME, 4, "standard", 0, 1)
    state = hustings.make(GAME, players=4, seed=9)
    p = state.current_players[0]
    legal = state.legal_actions(p)
    assert bot.act(state.view(p), list(legal)) in legal
    with pytest.raises(ScorerError, match="with 4 players, not election-war standard with 5"):
        make_lab_bot(f"learned:{out / 'policy.npz'}", GAME, 5, "standard", 0, 1)
