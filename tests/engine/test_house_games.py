"""Every game's house-rules schema (issue 29 point 1): each setting, at each of its bounds, either plays a whole
game that replays exactly, or is refused in one line by the game's own check; and the options a game already had
are settable by the same paths."""

from __future__ import annotations

import random
from typing import Any

import pytest

import hustings
from hustings.engine import house
from hustings.engine.house import HOUSE_RULES_KIND, Setting

GAMES = ("election-war", "die-macher", "die-macher-2019", "palace-escape")
PLAYERS = {"election-war": 5, "die-macher": 3, "die-macher-2019": 3, "palace-escape": 1}


def _extremes(s: Setting) -> list[Any]:
    if s.kind == "bool":
        return [True, False]
    if s.kind == "choice":
        return list(s.choices)
    assert s.minimum is not None and s.maximum is not None
    lo = -(-s.minimum // s.step) * s.step
    hi = s.maximum // s.step * s.step
    if s.kind == "int":
        return [lo, hi]
    return [[lo] * s.max_items, [hi] * s.max_items]


def _cases() -> list[tuple[str, str, Any]]:
    out = []
    for game in GAMES:
        h = house.require(game)
        for s in h.settings:
            path = s.concrete()[0][0]  # a setting per card: its first card stands for the others
            out += [(game, path, v) for v in _extremes(s)]
    return out


@pytest.mark.parametrize(("game", "path", "value"), _cases(), ids=lambda x: str(x)[:40])
def test_each_setting_at_its_bounds_plays_and_replays_or_is_refused_in_one_line(game: str, path: str,
                                                                               value: Any) -> None:
    try:
        s = hustings.make(game, players=PLAYERS[game], seed=5, rules={path: value})
    except ValueError as e:
        assert "\n" not in str(e) and path in str(e), e  # the game's check, naming the path that broke it
        return
    rng = random.Random(5)
    for _ in range(3000):
        if s.is_over:
            break
        p = s.current_players[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    assert s.is_over, f"{game} {path}={value!r}: no end in 3000 random steps"
    rec = s.record()
    assert hustings.replay(rec).state_key() == s.state_key()
    assert rec.get("rules", {}) == house.require(game).canonical({path: value})


@pytest.mark.parametrize("game", GAMES)
def test_the_schema_is_an_adapter_of_its_declared_kind_and_its_options_are_the_games(game: str) -> None:
    spec = hustings.get_spec(game)
    h = spec.adapter(HOUSE_RULES_KIND)
    assert h is not None and h.game == game
    for s in h.settings:
        assert not s.option or s.option in spec.options, s.path
        for lang in ("en", "zh-Hans", "zh-Hant"):
            assert s.text(lang).strip() and "\n" not in s.text(lang)
        if s.kind == "int" and not s.option:  # the printed value lies within the bounds
            for path, _ in s.concrete():
                v = h.printed_value(path)
                assert s.minimum is not None and s.maximum is not None and s.minimum <= v <= s.maximum, path  # type: ignore[operator]
    assert hustings.make(game, players=PLAYERS[game], seed=1).record().get("rules") is None


def test_die_macher_options_are_house_rules_by_the_same_paths() -> None:
    by_option = hustings.make("die-macher", players=3, seed=2, money_rounds="all_but_last")
    by_rule = hustings.make("die-macher", players=3, seed=2, rules={"money_rounds": "all_but_last"})
    assert by_option.record() == by_rule.record()
    assert by_rule.record()["rules"] == {"money_rounds": "all_but_last"}
    with pytest.raises(ValueError, match="house rule money_rounds='all_but_last' clashes with option money_rounds"):
        hustings.make("die-macher", players=3, seed=2, money_rounds="all_but_last_two",
                      rules={"money_rounds": "all_but_last"})


def test_learners_refuse_what_changes_their_action_space_or_encoding() -> None:
    house.refuse_action_changes("election-war", {"hand_size": 5}, "the bot learned:x.npz")  # nothing refused
    with pytest.raises(ValueError, match=r"learned:x\.npz plays only the printed action space and encoding; "
                                         r"house rule all_lose_if_tied changes them"):
        house.refuse_action_changes("election-war", {"all_lose_if_tied": 4}, "the bot learned:x.npz")
    with pytest.raises(ValueError, match=r"rounds\.short"):
        house.refuse_action_changes("die-macher", {"rounds.short": 4}, "the RL encoder")


def test_a_saved_game_carries_its_rules_and_resumes_under_them(tmp_path: Any) -> None:
    from hustings.table import FileStore, Match

    rules = {"all_lose_if_tied": 2, "news.gaffe.count": 8}
    store = FileStore(tmp_path)
    m = Match(hustings.make("election-war", players=3, seed=9, rules=rules), [None, "random", "random"], store, "g")
    m.submit(0, m.state.legal_actions(0)[0])
    back = Match.resume(FileStore(tmp_path), "g")
    assert back.state.record() == m.state.record() and back.state.record()["rules"] == rules
    assert back.state.data.NEWS_DECK.count(0) == 8  # type: ignore[attr-defined]
    text = store.path("g").read_text(encoding="utf-8")
    assert '"rules":{"all_lose_if_tied":2,"news.gaffe.count":8}' in text and '"data_digest":' in text
