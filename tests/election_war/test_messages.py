"""Every event, action and name of 選舉之戰 renders in zh-Hant, zh-Hans and en from the game's catalog, without a
missing key, a missing field or a fallback to English (strict mode); illegal actions name the rule in words, never
a seed section or ruling id."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

import hustings
from citations import citations
from hustings.engine import IllegalActionError, i18n
from hustings.engine.i18n import REQUIRED_LANGS
from hustings.games.election_war import data as D
from hustings.games.election_war.actions import SPACE
from hustings.games.election_war.phases import Phase
from hustings.games.election_war.words.events import EVENT_TYPES
from hustings.games.election_war.words.names import phase_name

from .conftest import GAME, campaigning

_CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def strict() -> Iterator[None]:
    was = i18n.is_strict()
    i18n.set_strict(True)
    yield
    i18n.set_strict(was)


def test_catalogs_have_the_same_keys_and_placeholders() -> None:
    keys = {lang: D.CATALOG.keys(lang, own=True) for lang in REQUIRED_LANGS}
    assert keys["zh-Hant"] == keys["en"] == keys["zh-Hans"]
    for k in keys["en"]:
        assert D.CATALOG.placeholders(k, "zh-Hant") == D.CATALOG.placeholders(k, "en") == \
            D.CATALOG.placeholders(k, "zh-Hans"), k


def test_every_event_type_renders_in_every_language() -> None:
    seen: set[str] = set()
    for seed in range(30):
        s = hustings.make(GAME, players=2 + seed % 6, seed=seed)
        r = random.Random(seed)
        while not s.is_over:
            p = s.current_players[0]
            s.apply(p, r.choice(s.legal_actions(p)))
        for e in s.all_events():
            seen.add(e.type)
            texts = {lang: e.message(lang) for lang in REQUIRED_LANGS}
            assert "{" not in texts["en"] and not _CJK.search(texts["en"]), (e.type, texts)
            assert _CJK.search(texts["zh-Hans"]) and _CJK.search(texts["zh-Hant"]), (e.type, texts)
    assert seen == EVENT_TYPES


def test_every_action_and_phase_has_words() -> None:
    for a in SPACE.actions:
        for lang in REQUIRED_LANGS:
            assert a.text(lang).strip()
    for ph in Phase:
        for lang in REQUIRED_LANGS:
            assert phase_name(str(ph), lang) != str(ph)


def test_names_are_traditional_chinese_first() -> None:
    """Seed 004 is in Traditional Chinese: the game's title and names read in zh-Hant."""
    assert D.CATALOG.text("game.title", "zh-Hant") == "選舉之戰"
    assert D.CATALOG.text("rank.president", "zh-Hant") == "總統"
    assert hustings.get_spec(GAME).title["zh-Hant"] == "選舉之戰"


def test_illegal_actions_name_the_rule_in_words() -> None:
    """Seed 004 2. with ruling R3 (one's own role cards), 3-2 with R5, R11 (news cards from one's hand): the
    refusal says the rule in words, never its section or ruling id."""
    d = hustings.make(GAME, players=3, seed=1)
    foreign = d.role_hand[1][0]  # type: ignore[attr-defined]
    refusals = []
    with pytest.raises(IllegalActionError, match=r"place one of your own role cards, face down, on your next "
                                                 r"empty row$") as info:
        d.apply(0, SPACE.get("declare", foreign))
    refusals.append(str(info.value))
    s = campaigning(3)
    with pytest.raises(IllegalActionError, match="not a decision of the play phase; now player 0 decides one of: "
                                                 "play, stop") as info:
        s.apply(0, SPACE.get("declare", 0))
    refusals.append(str(info.value))
    other = next(t for t in range(D.NUM_NEWS) if t not in s.hands[0])
    with pytest.raises(IllegalActionError, match="play a news card from your hand on a candidate") as info:
        s.apply(0, SPACE.get("play", other, 1))
    refusals.append(str(info.value))
    with pytest.raises(IllegalActionError, match="out of turn"):
        s.apply(1, SPACE.get("stop"))
    assert not [c for text in refusals for c in citations(text)], refusals
