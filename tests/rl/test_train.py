"""The learned policy (issue 27 point 3): the `learned` bot level plays the shipped weights with NumPy alone, seeing
only the view and legal actions; `hustings train` (expert iteration) is seeded, writes checkpoints and its curve;
the checkpoint format's version 2 (egocentric) is read beside version 1."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import hustings  # noqa: E402
from hustings.bots.learned import check_learned, learned_for  # noqa: E402
from hustings.bots.registry import make_bot  # noqa: E402
from hustings.bots.runner import ask  # noqa: E402
from hustings.engine import Action  # noqa: E402
from hustings.rl import encoder_for  # noqa: E402
from hustings.rl.policy import CheckpointError, LearnedPolicy, save_learned  # noqa: E402
from hustings.rl.scorer import ScorerPolicy  # noqa: E402
from hustings.table.seats import SeatSpecError, bots_per_seat, seats_from_json  # noqa: E402

GAME = "election-war"
SHIPPED = Path(hustings.__file__).parent / "games" / "election_war" / "adapters" / "learned-4p.npz"
#: the expert-iteration reference run's network (docs/rl.md), shipped as the learned bot until the scorer replaced it
IMITATED = Path(__file__).parent / "data" / "imitation-election-war-4p.npz"


class Watching:
    """Wraps the learned bot: records what it was handed, so the test sees it got a view and legal actions only."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.calls = 0

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        assert isinstance(view, dict) and view["you"] is not None and all(isinstance(a, Action) for a in legal)
        self.calls += 1
        choice: Action = self.inner.act(view, legal)
        assert choice in legal
        return choice


@pytest.mark.parametrize("game", [GAME, "die-macher-2019"])
def test_shipped_weights_load_and_play_a_legal_game_without_torch(monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    # None in sys.modules makes `import torch` fail: nothing on the learned bot's path may need PyTorch
    for name in [m for m in sys.modules if m == "torch" or m.startswith("torch.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "torch", None)
    shipped = Path(hustings.__file__).parent / "games" / game.replace("-", "_") / "adapters" / "learned-4p.npz"
    assert shipped.is_file() and shipped.stat().st_size < 5_000_000
    policy = ScorerPolicy.load(shipped)  # every check of the format: game, features, shapes, finite values
    assert (policy.game, policy.players, policy.variant) == (game, 4, "standard")
    assert policy.meta["trained"]["method"] == "cross-entropy method"
    for seed in (11, 12):
        state = hustings.make(game, players=4, seed=seed)
        learned = Watching(make_bot("learned", game, seed))
        bots = [make_bot("heuristic", game, seed) for _ in range(4)]
        seat = seed % 4
        steps = 0
        while not state.is_over:
            p = state.current_players[0]
            legal = state.legal_actions(p)
            action = ask(learned if p == seat else bots[p], state, p, legal)
            state.apply(p, action)  # apply refuses an illegal action
            steps += 1
            assert steps < 5_000
        assert learned.calls > 10
    with pytest.raises(ImportError):
        import torch  # noqa: F401


def test_learned_level_is_greedy_and_the_same_for_every_seed() -> None:
    state = hustings.make(GAME, players=4, seed=5)
    p = state.current_players[0]
    view, legal = state.view(p), state.legal_actions(p)
    choices = {make_bot("learned", GAME, s).act(view, list(legal)).id for s in range(4)}
    assert len(choices) == 1
    policy = ScorerPolicy.load(SHIPPED)
    scores = policy.scores(policy.features.of(view, list(legal)))
    assert choices == {legal[int(np.argmax(scores))].id}


def test_learned_level_is_refused_where_no_weights_are_shipped() -> None:
    assert learned_for(GAME) is not None and learned_for("die-macher") is None
    with pytest.raises(ValueError, match="no learned bot for die-macher yet; games with one: die-macher-2019, "
                                         "election-war"):
        make_bot("learned", "die-macher", 1)
    with pytest.raises(ValueError, match="plays with 4 players, not 5"):
        check_learned(GAME, 5)
    with pytest.raises(SeatSpecError, match=r"--bots: the learned bot of election-war plays with 4 players, not 3"):
        bots_per_seat("learned", GAME, 3)
    with pytest.raises(SeatSpecError, match=r"seats\[1\]\.bot: no learned bot for die-macher yet"):
        seats_from_json("die-macher", 4, [{"bot": None}, {"bot": "learned"}, {"bot": None}, {"bot": None}])
    assert bots_per_seat("learned,heuristic", GAME, 4) == ["learned", "heuristic", "heuristic", "heuristic"]
    state = hustings.make(GAME, players=5, seed=1)  # a bot made anyway (a library caller) says so at its turn
    p = state.current_players[0]
    with pytest.raises(ValueError, match="plays with 4 players, not 5"):
        make_bot("learned", GAME, 1).act(state.view(p), state.legal_actions(p))
    with pytest.raises(ValueError, match="unknown bot 'learned:'"):
        make_bot("learned:", GAME, 1)
    # Die Macher 2019's view counts its players under another key; a view without any count is named, not dumped
    dm = hustings.make("die-macher-2019", players=5, seed=1)
    p = dm.current_players[0]
    with pytest.raises(ValueError, match="the learned bot of die-macher-2019 plays with 4 players, not 5"):
        make_bot("learned", "die-macher-2019", 1).act(dm.view(p), dm.legal_actions(p))
    view = state.view(state.current_players[0])
    del view["players"]
    with pytest.raises(ValueError, match=r"plays with 4 players, not a view without a player count \('players'\)$"):
        make_bot("learned", GAME, 1).act(view, state.legal_actions(state.current_players[0]))


@pytest.mark.parametrize("missing", ["numpy", "orjson"])
def test_learned_level_without_its_libraries_is_refused_with_the_seats_naming_the_missing_one(
        monkeypatch: pytest.MonkeyPatch, missing: str) -> None:
    # an install without the rl extra (or an rl extra that once lacked orjson): the seats are refused before a game
    # starts, naming the library, and nothing was half made
    from hustings.games.election_war.adapters import learned as shipped

    for name in [m for m in sys.modules if m == missing or m.startswith(missing + ".")
                 or m in ("hustings.rl", "hustings.rl.policy", "hustings.rl.encoding", "hustings.rl.scorer")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, missing, None)
    shipped.SHIPPED.cache_clear()
    want = rf"the learned bot needs NumPy and orjson \({missing} is missing\): pip install 'hustings\[rl\]'"
    with pytest.raises(ValueError, match=want):
        check_learned(GAME, 4)
    with pytest.raises(SeatSpecError, match="--bots: " + want):
        bots_per_seat("learned,heuristic", GAME, 4)
    monkeypatch.undo()
    shipped.SHIPPED.cache_clear()
    check_learned(GAME, 4)  # with them, the same seats are taken


def _weights(players: int = 4, hidden: int = 8, seed: int = 0) -> tuple[list[Any], list[Any], int]:
    enc = encoder_for(GAME, players)
    num = len(type(hustings.make(GAME, players, seed=0)).SPACE)
    rs = np.random.default_rng(seed)
    return [rs.normal(size=(enc.size, hidden)), rs.normal(size=(hidden, num))], [np.zeros(hidden), np.zeros(num)], num


def test_checkpoint_version_2_is_egocentric_and_version_1_still_reads(tmp_path: Path) -> None:
    ws, bs, _ = _weights()
    v1 = save_learned(tmp_path / "v1.npz", GAME, 4, "standard", ws, bs)
    v2 = save_learned(tmp_path / "v2.npz", GAME, 4, "standard", ws, bs, egocentric=True)
    meta1 = json.loads(str(np.load(v1)["meta"]))
    meta2 = json.loads(str(np.load(v2)["meta"]))
    assert meta1["version"] == 1 and "egocentric" not in meta1  # an older hustings reads it as before
    assert meta2["version"] == 2 and meta2["egocentric"] is True  # an older hustings refuses it by its version
    a, b = LearnedPolicy.load(v1), LearnedPolicy.load(v2)
    assert not a.egocentric and b.egocentric
    state = hustings.make(GAME, players=4, seed=3)
    while state.current_players[0] == 0:
        state.apply(0, state.legal_actions(0)[0])
    view = state.view(state.current_players[0])
    assert view["you"] != 0
    assert np.array_equal(b.encoder.encode(view), encoder_for(GAME, 4, egocentric=True).encode(view))
    assert not np.array_equal(a.encoder.encode(view), b.encoder.encode(view))
    data = dict(np.load(v2))
    data["meta"] = np.array(json.dumps({**meta2, "version": 1}))
    with open(tmp_path / "bad.npz", "wb") as f:
        np.savez(f, **data)
    with pytest.raises(CheckpointError, match=r"bad\.npz: 'egocentric' must be true or false, and true only from"):
        LearnedPolicy.load(tmp_path / "bad.npz")
    data["meta"] = np.array(json.dumps({**meta2, "version": 3}))
    with open(tmp_path / "v3.npz", "wb") as f:
        np.savez(f, **data)
    with pytest.raises(CheckpointError, match=r"v3\.npz: format version 3; this hustings reads 1, 2"):
        LearnedPolicy.load(tmp_path / "v3.npz")


def test_imitation_checks_a_policy_against_the_heuristics_moves_on_held_out_games(tmp_path: Path) -> None:
    # NumPy alone: a flat network (every logit 0) is checked against figures worked out here by hand, and the reference
    # run's, which learned from the heuristic, is closer to it on the same positions
    import math

    from hustings.rl.train import EVAL_SEED, TrainConfig, imitation

    ws, bs, _num = _weights()
    path = tmp_path / "flat.npz"
    save_learned(path, GAME, 4, "standard", [np.zeros_like(w) for w in ws], [np.zeros_like(b) for b in bs])
    cfg = TrainConfig(game=GAME, players=4)
    flat = imitation(LearnedPolicy.load(path), cfg, "standard", 2)
    loss, decisions, first, kinds = 0.0, 0, 0, set()
    for i in range(2):
        state = hustings.make(GAME, players=4, seed=EVAL_SEED + i)
        bots = [make_bot("heuristic", GAME, EVAL_SEED + i) for _ in range(4)]
        while not state.is_over:
            p = state.current_players[0]
            legal = state.legal_actions(p)
            action = ask(bots[p], state, p, legal)
            if len(legal) > 1:
                decisions += 1
                loss += math.log(len(legal))  # a uniform policy
                first += action.id == legal[0].id  # equal logits: the greedy pick is the first legal action
                kinds.add(f"{state.view(p)['phase']}:{action.kind}")
            state.apply(p, action)
    assert decisions > 50 and set(flat.by_kind) == kinds
    assert sum(n for n, _share in flat.by_kind.values()) == decisions
    assert flat.loss == pytest.approx(loss / decisions)
    assert flat.agree == pytest.approx(first / decisions)
    imitated = imitation(LearnedPolicy.load(IMITATED), cfg, "standard", 2)
    assert imitated.loss < flat.loss and imitated.agree > flat.agree
    assert imitated.line().startswith("heuristic's moves on held-out games: agreement ")
    assert math.isnan(imitation(LearnedPolicy.load(IMITATED), cfg, "standard", 0).loss)


def test_expert_target_mixes_root_visits_and_the_choice() -> None:
    from hustings.bots.ismcts import IsmctsBot
    from hustings.rl.train import expert_target

    state = hustings.make(GAME, players=4, seed=2)
    p = state.current_players[0]
    legal = state.legal_actions(p)
    assert len(legal) > 1
    bot = make_bot("ismcts:easy", GAME, 3)
    assert isinstance(bot, IsmctsBot)
    choice = ask(bot, state, p, legal)
    assert sum(bot.last_visits.values()) == bot.last_iterations > 0
    target = expert_target(bot, choice)
    assert abs(sum(target.values()) - 1) < 1e-9 and target[choice.id] >= 0.5
    assert set(target) <= {a.id for a in legal}
    forced = [legal[0]]
    assert bot.act(state.view(p), forced) == legal[0] and bot.last_visits == {}


def test_train_is_seeded_and_writes_checkpoints_and_curve(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    from hustings.rl.train import TrainConfig, train

    cfg = TrainConfig(warm_games=2, iterations=1, games=2, expert="ismcts:easy", hidden=(16,), epochs=1, warm_epochs=1,
                      eval_games=2, seed=7)
    curve = train(cfg, tmp_path / "a")
    assert [p.iteration for p in curve] == [0, 1]
    assert curve[1].expert_samples > curve[0].expert_samples == 0
    for name in ("iter-00.npz", "iter-01.npz", "policy.npz", "curve.csv", "config.json"):
        assert (tmp_path / "a" / name).is_file(), name
    assert len((tmp_path / "a" / "curve.csv").read_text().splitlines()) == 3
    policy = LearnedPolicy.load(tmp_path / "a" / "iter-01.npz")
    assert policy.meta["trained"]["expert"] == "ismcts:easy" and policy.relu
    again = train(cfg, tmp_path / "b")
    for name in ("iter-00.npz", "iter-01.npz"):
        x, y = np.load(tmp_path / "a" / name), np.load(tmp_path / "b" / name)
        assert all(np.array_equal(x[k], y[k]) for k in x.files if k != "meta"), name
    assert [p.win_share for p in again] == [p.win_share for p in curve]
    # another network on the same labels, without searching again
    refit = train(replace(cfg, samples=str(tmp_path / "a" / "samples.npz"), hidden=(8, 8)), tmp_path / "c")
    assert len(refit) == 1 and refit[0].expert_samples == curve[1].expert_samples
    assert LearnedPolicy.load(tmp_path / "c" / "policy.npz").weights[1].shape == (8, 8)
    with pytest.raises(ValueError, match=r"--samples '.*none\.npz': no such file"):
        train(replace(cfg, samples=str(tmp_path / "none.npz")), tmp_path / "d")


def test_train_command_refuses_bad_options_in_one_line(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    from typer.testing import CliRunner

    from hustings.cli import app

    def refused(args: list[str], match: str) -> None:
        result = CliRunner().invoke(app, ["train", *args, "--out", str(tmp_path / "x")])
        assert result.exit_code == 2, result.output
        assert match in result.output and result.output.count("\n") == 1, result.output

    refused(["no-such-game"], "no-such-game")
    refused([GAME, "--hidden", "a,b"], "--hidden 'a,b'")
    refused([GAME, "--beta", "2"], "--beta must be in [0, 1]")
    refused([GAME, "--expert", "heuristic"], "--expert must be an ismcts bot")
    refused([GAME, "--opponents", "nope"], "unknown bot 'nope'")
    assert not (tmp_path / "x").exists()
