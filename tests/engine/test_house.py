"""House rules (issue 29 points 1 and 2): overrides are checked and named, travel with the state (two rule sets
interleaved in one process), and records carry them with the data's digest so replay is exact or refused."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import hustings
from hustings.engine import RecordError, house
from hustings.games.election_war.data import DATA as EW_DATA
from playout import play_out

EW = "election-war"


_play_out = play_out


def test_make_with_rules_gives_the_state_variant_data_and_leaves_the_printed_data_alone() -> None:
    s = hustings.make(EW, players=4, seed=1, rules={"all_lose_if_tied": 2, "news.gaffe.count": 9})
    assert s.data.ALL_LOSE_IF_TIED == 2  # type: ignore[attr-defined]
    assert s.data.NEWS_DECK.count(0) == 9  # type: ignore[attr-defined]  # derived deck recomputed
    assert EW_DATA.ALL_LOSE_IF_TIED == 3 and EW_DATA.NEWS_DECK.count(0) == 5
    assert s.clone().data is s.data
    assert hustings.make(EW, players=4, seed=1, rules={}).data is EW_DATA  # type: ignore[attr-defined]


@pytest.mark.parametrize(("rules", "message"), [
    ({"all_lose_if_tie": 3}, r"unknown house rule 'all_lose_if_tie' for election-war; nearest: all_lose_if_tied"),
    ({"all_lose_if_tied": 1000000}, r"house rule all_lose_if_tied must be 2\.\.16, not 1000000"),
    ({"all_lose_if_tied": "4"}, r"house rule all_lose_if_tied must be an integer, not '4'"),
    ({"all_lose_if_tied": True}, r"house rule all_lose_if_tied must be an integer"),
    ({"mini": 1}, r"house rule mini must be true or false"),
    ({"news.nosuch.amount": 1}, r"unknown house rule 'news.nosuch.amount'"),
    ({"hand_size": 12}, r"cannot be played: .*full hands.*\(house rules hand_size=12\)"),
    ({"roles.r01.vote_share": 514}, r"vote shares must differ.*roles\.r01\.vote_share=514"),
])
def test_a_bad_override_is_one_line_naming_the_path(rules: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message) as e:
        hustings.make(EW, players=10, seed=1, rules=rules)
    assert "\n" not in str(e.value)


def test_limits_a_server_relies_on() -> None:
    h = house.require(EW)
    with pytest.raises(ValueError, match="at most 200 house rules"):
        h.canonical({f"roles.r{i:02d}.level": 1 for i in range(1, 97)} | {f"x{i}": 1 for i in range(200)})
    with pytest.raises(ValueError, match="at most 64 KB"):
        house.parse_rules_text("a = 1\n" * 20000)
    with pytest.raises(ValueError, match="takes no house rules"):
        hustings.make("toy", seed=1, rules={"x": 1})


def test_set_and_rules_files(tmp_path: Path) -> None:
    toml = tmp_path / "r.toml"
    toml.write_text("all_lose_if_tied = 4\n[news.gaffe]\namount = -2\n", encoding="utf-8")
    js = tmp_path / "r.json"
    js.write_text('{"news": {"gaffe": {"count": 7}}, "mini": false}', encoding="utf-8")
    got = house.collect(["all_lose_if_tied=5", "hand_size=7"], [toml, js])
    assert got == {"all_lose_if_tied": 5, "news.gaffe.amount": -2, "news.gaffe.count": 7, "mini": False,
                   "hand_size": 7}
    assert house.parse_value("all_but_last") == "all_but_last" and house.parse_value("[1, 2]") == [1, 2]
    for bad in ("novalue", "=3", "x="):
        with pytest.raises(ValueError, match="--set takes PATH=VALUE"):
            house.parse_set(bad)
    (tmp_path / "bad.toml").write_text("a = = 1", encoding="utf-8")
    with pytest.raises(ValueError, match="not valid TOML"):
        house.load_rules_file(tmp_path / "bad.toml")
    with pytest.raises(ValueError, match="cannot read house rules"):
        house.load_rules_file(tmp_path / "missing.toml")


def test_canonical_rules_are_sorted_and_drop_what_equals_the_printed_game() -> None:
    h = house.require(EW)
    assert h.canonical({"news.gaffe.amount": -1, "all_lose_if_tied": 4, "mini": False}) == {"all_lose_if_tied": 4}
    assert list(h.canonical({"hand_size": 7, "all_lose_if_tied": 4})) == ["all_lose_if_tied", "hand_size"]


def test_records_carry_rules_and_digest_and_replay_exactly_or_refuse() -> None:
    rules = {"all_lose_if_tied": 2, "news.gaffe.amount": -3}
    s = _play_out(hustings.make(EW, players=5, seed=7, rules=rules), 7)
    rec = s.record()
    assert rec["rules"] == rules and rec["data_digest"] == house.data_digest(s.data)  # type: ignore[attr-defined]
    again = hustings.replay(rec)
    assert again.state_key() == s.state_key() and again.record() == rec
    printed = hustings.make(EW, players=5, seed=7).record()
    assert "rules" not in printed and printed["data_digest"] == house.data_digest(EW_DATA)
    with pytest.raises(RecordError, match="played under other data"):
        hustings.replay(dict(rec, rules={}))
    with pytest.raises(RecordError, match="played under other data"):  # data edited without a version bump
        hustings.replay(dict(rec, data_digest="0" * 32))
    old = {k: v for k, v in printed.items() if k != "data_digest"}  # today's records: the printed data
    assert hustings.replay(old).data is EW_DATA  # type: ignore[attr-defined]
    with pytest.raises(RecordError, match="'rules' must be an object"):
        hustings.replay(dict(rec, rules=[1]))
    with pytest.raises(RecordError, match="cannot start the recorded game: unknown house rule"):
        hustings.replay(dict(rec, rules={"nope": 1}))


def test_two_rule_sets_interleaved_in_one_process_each_match_their_solo_replay() -> None:
    a = hustings.make(EW, players=10, seed=11, rules={"all_lose_if_tied": 16, "hand_size": 5})
    b = hustings.make(EW, players=10, seed=11)
    ra, rb = random.Random(1), random.Random(2)
    while not (a.is_over and b.is_over):
        for s, rng in ((a, ra), (b, rb)):
            if not s.is_over:
                p = s.current_players[0]
                s.apply(p, rng.choice(s.legal_actions(p)))
    for s, seed in ((a, 1), (b, 2)):
        solo = _play_out(hustings.make(EW, players=10, seed=11, rules=s.record().get("rules", {})), seed)
        assert solo.state_key() == s.state_key() and solo.scores() == s.scores()
        assert solo.outcome() == s.outcome()


@pytest.mark.parametrize("game", ["die-macher", "die-macher-2019", "election-war", "palace-escape"])
def test_what_people_read_of_a_house_rule_names_no_internal_ids(game: str) -> None:
    # player-facing words never show seed files, sections or a choice's id: a choice is said in its words
    h = house.require(game)
    for s in h.settings:
        for lang in ("en", "zh-Hans", "zh-Hant", "de"):
            text = s.text(lang)
            assert not re.search(r"seed|种子|種子|§|\bR\d+\b|option \w+|选项 \w+|選項 \w+", text), (game, lang, text)
            for choice in s.choices:
                assert s.value_text(choice, lang) != choice, (game, lang, choice)  # its words, not its id
            if s.choices and s.default is not None:
                other = next(c for c in s.choices if c != s.default)
                line = h.describe({s.path: other}, lang)[0]
                assert s.value_text(other, lang) in line and s.value_text(s.default, lang) in line, line
