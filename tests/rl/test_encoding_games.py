"""Issue 26 point 3: every game has its own encoder (no hashing), each with an egocentric form (the observer's seat
first), and the puzzle's RL environments withhold the hint unless asked."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

import hustings  # noqa: E402
from bots.toys import TIES, registered  # noqa: E402
from hustings.engine import IllegalActionError  # noqa: E402
from hustings.games.die_macher.adapters.rl import DieMacherEncoder  # noqa: E402
from hustings.games.palace_escape.actions import HINT  # noqa: E402
from hustings.games.palace_escape.adapters.rl import PalaceEscapeEncoder  # noqa: E402
from hustings.rl import openspiel as hos  # noqa: E402
from hustings.rl.encoding import EgocentricEncoder, encoder_for, has_own_encoder, withheld_kinds  # noqa: E402
from hustings.rl.pettingzoo import raw_env  # noqa: E402

GAMES = ("die-macher", "die-macher-2019", "election-war", "palace-escape")


def _states(game: str, players: int, variant: str, seed: int, every: int = 5):
    s = hustings.make(game, players=players, variant=variant, seed=seed)
    r = random.Random(seed)
    k = 0
    while not s.is_over:
        if k % every == 0:
            yield s
        p = s.current_players[0]
        s.apply(p, r.choice(s.legal_actions(p)))
        k += 1
    yield s


def test_every_game_has_its_own_encoder() -> None:
    assert all(has_own_encoder(g) for g in GAMES)
    assert isinstance(encoder_for("die-macher", 4, "full"), DieMacherEncoder)
    assert isinstance(encoder_for("palace-escape", 1, "hard"), PalaceEscapeEncoder)


def test_classic_encodes_only_what_the_view_shows() -> None:
    enc = encoder_for("die-macher", 4, "short")
    r = random.Random(3)
    checked = 0
    for s in _states("die-macher", 4, "short", seed=3, every=11):
        for p in range(4):
            x = enc.encode(s.view(p))
            assert ((x >= 0) & (x <= 1)).all()
            for q in range(4):
                known = x[enc.slice(f"players[{q}].hand_known").start]
                assert known == (1.0 if q == p else 0.0)
                if q != p:  # others' hands, sheets and bids are not in p's view: their slots stay zero
                    for name in ("hand", "sheet", "bid"):
                        sl = enc.slice(f"players[{q}].{name}")
                        assert not x[sl.start:sl.stop].any()
            if not s.is_over:  # a state that differs in what p cannot see encodes the same for p
                sample = s.resample(p, random.Random(r.getrandbits(32)))
                assert np.array_equal(enc.encode(sample.view(p)), x)
            checked += 1
    assert checked > 40
    # the starting sheet: the seat's own choices are one-hot in its sheet slice once written
    s = hustings.make("die-macher", players=4, variant="short", seed=1)
    a = s.legal_actions(0)[5]
    s.apply(0, a)
    x = enc.encode(s.view(0))
    sl = enc.slice("players[0].sheet")
    assert x[sl.start:sl.stop].sum() == 1.0 and x[enc.slice("players[0].sheet_written").start] == 1.0


def test_the_puzzle_encodes_its_board() -> None:
    enc = encoder_for("palace-escape", 1, "normal")
    s = hustings.make("palace-escape", variant="normal", seed=4)
    x = enc.encode(s.view(0))
    board = x[enc.slice("board").start:enc.slice("board").stop].reshape(9, 5)
    assert list(board.argmax(1)) == s.view(0)["board"] and board.sum() == 9
    assert x[enc.slice("hint").start:enc.slice("hint").stop].sum() == 0


@pytest.mark.parametrize(("game", "players", "variant"), [("die-macher", 4, "full"), ("die-macher-2019", 5, "standard"),
                                                          ("election-war", 4, "standard")])
def test_egocentric_form_puts_the_observer_first(game: str, players: int, variant: str) -> None:
    absolute = encoder_for(game, players, variant)
    ego = encoder_for(game, players, variant, egocentric=True)
    assert isinstance(ego, EgocentricEncoder) and ego.size == absolute.size and ego.describe()["egocentric"]
    you = ego.slice("you")
    per_seat = [s for s in absolute.slices if s.size == players and (s.start, 1) in absolute.seat_axes]
    assert per_seat
    for k, s in enumerate(_states(game, players, variant, seed=7, every=37)):
        for p in range(players):
            view = s.view(p)
            a, e = absolute.encode(view), ego.encode(view)
            assert list(e[you.start:you.stop]) == [1.0] + [0.0] * (players - 1)
            assert sorted(a) == sorted(e)  # the same values, only moved
            for sl in per_seat:  # every per-seat slice rotated: block j is seat p + j
                assert np.array_equal(e[sl.start:sl.stop], np.roll(a[sl.start:sl.stop], -p)), sl.name
            if game == "election-war":  # a nested block: candidates per row and seat
                per = absolute.per_cand
                for r in range(6):
                    for j in range(players):
                        at = absolute.o_cands + (r * players + j) * per
                        src = absolute.o_cands + (r * players + (p + j) % players) * per
                        assert np.array_equal(e[at:at + per], a[src:src + per])
            if p == 0:
                assert np.array_equal(a, e)
        spectator = s.view(None)
        assert np.array_equal(absolute.encode(spectator), ego.encode(spectator))  # no observer: absolute order
        if k > 6:
            break


def test_a_game_without_seat_blocks_has_no_egocentric_form() -> None:
    with registered(), pytest.raises(ValueError, match="no egocentric form"):
        encoder_for(TIES, egocentric=True)
    assert np.array_equal(encoder_for("palace-escape", egocentric=True).encode(hustings.make("palace-escape",
                                                                                              seed=1).view(0)),
                          encoder_for("palace-escape").encode(hustings.make("palace-escape", seed=1).view(0)))


def test_learners_get_no_hint_unless_they_ask() -> None:
    assert withheld_kinds("palace-escape") == {"hint"} and withheld_kinds("palace-escape", assists=True) == set()
    assert withheld_kinds("election-war") == set()
    e = raw_env("palace-escape", variant="hard")
    e.reset(seed=2)
    obs = e.observe("player_0")
    assert obs["action_mask"][HINT.id] == 0 and obs["action_mask"].sum() > 0
    with pytest.raises(IllegalActionError, match="withheld"):
        e.step(HINT.id)
    assert e.game_state.step_count == 0  # nothing changed
    helped = raw_env("palace-escape", variant="hard", assists=True)
    helped.reset(seed=2)
    assert helped.observe("player_0")["action_mask"][HINT.id] == 1
    helped.step(HINT.id)
    assert helped.game_state.view(0)["hints"] == 1
    # OpenSpiel: the same, through the assists parameter
    st = hos.load("palace-escape", variant="hard").new_initial_state()
    for _ in range(hos.DEAL_BYTES):
        st.apply_action(7)
    assert HINT.id not in st.legal_actions()
    with pytest.raises(Exception, match="withheld"):
        st.apply_action(HINT.id)
    st = hos.load("palace-escape", variant="hard", assists=True).new_initial_state()
    for _ in range(hos.DEAL_BYTES):
        st.apply_action(7)
    assert HINT.id in st.legal_actions()


def test_open_spiel_and_pettingzoo_observe_egocentrically_on_request() -> None:
    game = hos.load("election-war", 3, egocentric=True)
    st = game.new_initial_state()
    for _ in range(hos.DEAL_BYTES):
        st.apply_action(3)
    ego = encoder_for("election-war", 3, egocentric=True)
    view = st.engine_state.view(2)
    assert np.array_equal(np.asarray(st.observation_tensor(2), np.float32), ego.encode(view))
    e = raw_env("election-war", players=3, egocentric=True)
    e.reset(seed=5)
    agent = e.agent_selection
    p = e.agent_name_mapping[agent]
    assert np.array_equal(e.observe(agent)["observation"], ego.encode(e.game_state.view(p)))
