"""Die Macher 2019 renders every event it can emit and every action in zh-Hans, zh-Hant and en from its
catalog, without a missing key, a missing field or a fallback to English (strict mode)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from importlib import resources

import pytest

import hustings
from hustings.engine import i18n
from hustings.engine.i18n import REQUIRED_LANGS
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.actions import SPACE
from hustings.games.die_macher_2019.text import EVENT_TYPES, effect_text, phase_name

GAME = "die-macher-2019"
_CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def strict() -> Iterator[None]:
    was = i18n.is_strict()
    i18n.set_strict(True)
    yield
    i18n.set_strict(was)


def _emitted_types() -> set[str]:
    """Event types named in the game's source (emit("...")): wherever the rules live, file or package."""
    root = resources.files("hustings.games.die_macher_2019")
    found: set[str] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        for entry in node.iterdir():
            if entry.is_dir():
                stack.append(entry)
            elif entry.name.endswith(".py"):
                found |= set(re.findall(r"emit\(\s*\"(\w+)\"", entry.read_text(encoding="utf-8")))
    return found


def test_every_event_type_the_rules_emit_has_a_message() -> None:
    emitted = _emitted_types()
    assert len(emitted) > 40, "the emit() scan found too few event types"
    assert emitted <= EVENT_TYPES, f"no message for {sorted(emitted - EVENT_TYPES)}"
    for t in EVENT_TYPES:
        assert any(D.CATALOG.has(k) for k in (f"event.{t}", f"event.{t}_deck", f"event.{t}_accepted")), t


def _random_games(count: int) -> Iterator[hustings.GameState]:
    for i in range(count):
        players, variant = 3 + i % 3, ("standard", "expanded")[i // 3 % 2]
        s = hustings.make(GAME, players=players, variant=variant, seed=7000 + i)
        r = random.Random(i)
        while not s.is_over:
            p = s.current_players[0]
            s.apply(p, r.choice(s.legal_actions(p)))
        yield s


def test_every_event_of_random_games_renders_in_every_language() -> None:
    """Random games (3-5 players, both variants, seeds from 7000) until every event type has been seen."""
    seen: set[str] = set()
    for s in _random_games(200):
        for e in s.all_events():
            seen.add(e.type)
            texts = {lang: e.message(lang) for lang in REQUIRED_LANGS}
            assert all(t and t != e.type for t in texts.values()), (e.type, texts)
            assert "{" not in texts["en"] and not _CJK.search(texts["en"]), (e.type, texts)
            assert _CJK.search(texts["zh-Hans"]) and _CJK.search(texts["zh-Hant"]), (e.type, texts)
            assert texts["en"] != texts["zh-Hans"] and texts["en"] != texts["zh-Hant"], (e.type, texts)
        if seen == EVENT_TYPES:
            break
    assert seen == EVENT_TYPES, f"no random game emitted {sorted(EVENT_TYPES - seen)}"


def test_every_action_renders_distinctly_in_every_language() -> None:
    for lang in REQUIRED_LANGS:
        texts = [a.text(lang) for a in SPACE.actions]
        assert len(set(texts)) == len(texts), f"two actions read the same in {lang}"
        for a, t in zip(SPACE.actions, texts, strict=True):
            assert t and t != f"{a.kind}{a.args}", (a, lang)
            if lang == "en":
                assert not _CJK.search(t), (a, t)


def test_phase_and_effect_names() -> None:
    phases = {k.split(".", 1)[1] for k in D.CATALOG.keys("en", own=True) if k.startswith("phase.")}
    assert {"party", "draft", "bid", "convert", "donation", "over"} <= phases
    for lang in REQUIRED_LANGS:
        assert all(phase_name(p, lang) != p or lang == "en" for p in phases)
        for pol in D.POLITICIANS:
            for eff in (pol.main, *pol.secondary):
                assert effect_text(eff, lang) != eff, (eff, lang)
    assert phase_name("no-such-phase", "en") == "no-such-phase"


def test_known_texts_render_as_before() -> None:
    """A few fixed renderings, so a catalog edit that changes them is deliberate."""
    a = SPACE.get("rally", 1, 3)
    assert [a.text(lang) for lang in ("en", "zh-Hans", "zh-Hant")] == [
        "3 rallies in board 2 (3,000€)", "在版图2集会3次（3,000€）", "在版圖2集會3次（3,000€）"]
    assert SPACE.get("party", 3).text("zh-Hant") == "選擇政黨 綠黨"
    spec = hustings.get_spec(GAME)
    assert spec.title["zh-Hans"] == "德国大选（2019版）" and spec.title["de"] == "Die Macher (2019)"
    assert spec.score_labels["party_base"]["de"] == "Parteibasis"
