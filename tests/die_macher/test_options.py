"""The game options (options.py): where seeds 001 and 003 differ, the ruling is the default of ``make()`` and
the other reading a named option (rulings R2, R13, R15, R24), validated, carried in the record, replayed
exactly, and shown in the view."""

from __future__ import annotations

import random

import pytest

import hustings
from hustings.engine import get_spec
from hustings.games.die_macher.options import OPTIONS
from hustings.games.die_macher.rules import DieMacher

from .conftest import GAME

OTHER = {name: opt.values[1] for name, opt in OPTIONS.items()}


def test_the_spec_declares_every_option_with_its_values_and_seeds() -> None:
    spec = get_spec(GAME)
    assert set(spec.options) == {"money_rounds", "secret_poll", "member_score", "donations"}
    for name, opt in OPTIONS.items():
        text = spec.options[name]
        assert all(repr(v) in text for v in opt.values) and "default" in text and "seed 00" in text
        assert opt.default == opt.values[0]


def test_defaults_are_the_rulings_and_are_not_written_into_the_record() -> None:
    s = hustings.make(GAME, players=3, seed=1)
    assert isinstance(s, DieMacher)
    assert (s.money_rounds, s.secret_poll, s.member_score, s.donations) == (
        "all_but_last_two", "split", "count_and_bonus", "after_setup")
    assert s.record()["options"] == {"players": 3, "variant": "full"}
    assert s.view(None)["rules"] == {"money_rounds": "all_but_last_two", "secret_poll": "split",
                                     "member_score": "count_and_bonus", "donations": "after_setup"}
    # a default given by name is the same game
    t = hustings.make(GAME, players=3, seed=1, secret_poll="split")
    assert t.record()["options"] == s.record()["options"] and t.state_key() == s.state_key()


@pytest.mark.parametrize(("name", "value"), [("secret_poll", "dice"), ("money_rounds", 6), ("donations", True),
                                             ("member_score", "")])
def test_a_bad_value_is_refused_naming_the_option_and_its_values(name: str, value: object) -> None:
    with pytest.raises(ValueError, match=rf"die-macher option {name} must be one of .*{OPTIONS[name].values[1]}"):
        hustings.make(GAME, players=3, seed=1, **{name: value})  # type: ignore[arg-type]


def test_an_unknown_option_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown option 'secret'"):
        hustings.make(GAME, players=3, seed=1, secret="members")  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [OTHER] + [{k: v} for k, v in OTHER.items()], ids=lambda o: ",".join(o))
def test_other_readings_play_to_the_end_and_replay_exactly(options: dict[str, str]) -> None:
    for seed, variant in ((11, "full"), (12, "short")):
        s = hustings.make(GAME, players=3 + seed % 3, variant=variant, seed=seed, **options)  # type: ignore[arg-type]
        r = random.Random(seed)
        while not s.is_over:
            p = s.current_players[0]
            s.apply(p, r.choice(s.legal_actions(p)))
        rec = s.record()
        assert {k: rec["options"][k] for k in options} == options
        again = hustings.replay(rec)
        assert again.state_key() == s.state_key() and again.scores() == s.scores()
        assert s.view(None)["rules"] == {name: options.get(name, opt.default) for name, opt in OPTIONS.items()}
