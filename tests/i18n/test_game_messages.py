"""Die Macher 2019 renders every event it can emit and every action in zh-Hans, zh-Hant and en from its
catalog, without a missing key, a missing field or a fallback to English (strict mode)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from importlib import resources

import pytest

import hustings
from citations import citations
from hustings.engine import i18n
from hustings.engine.i18n import REQUIRED_LANGS
from hustings.games.die_macher_2019 import data as D
from hustings.games.die_macher_2019.actions import SPACE
from hustings.games.die_macher_2019.words import TOPICS, WORDS
from hustings.games.die_macher_2019.words.events import EVENT_TYPES
from hustings.games.die_macher_2019.words.names import effect_text, phase_name
from playout import play_out

GAME = "die-macher-2019"
_CJK = re.compile(r"[\u4e00-\u9fff]")

RULES_HELP = WORDS.rules_help()


def rules_for(phase: str, lang: str) -> str:
    """The rules text of ``phase`` from the game's words."""
    got = WORDS.rules(phase, lang)
    assert got is not None
    return got[1]


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
        yield play_out(hustings.make(GAME, players=players, variant=variant, seed=7000 + i), i)


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


# A Python list, tuple or mapping printed into a message, or bare numbers strung together (issue 14 bug 1:
# "takes a free poll [0, -1, -1, 1, 1]", "deploys scheme 1 on boards 1, 4, 2, 4").
_RAW = re.compile(r"[\[\]{}]|\(\s*-?\d+\s*,\s*-?\d+\s*[,)]|mappingproxy|\b(?:None|True|False)\b"
                  r"|(?<![\d,])-?\d+, -?\d+, -?\d+\b")


def test_no_raw_lists_in_event_messages() -> None:
    """Every event of random games (3-5 players, both variants, seeds from 7100) in every language: no
    bracketed list, tuple or dict, no run of bare numbers."""
    seen: set[str] = set()
    for i in range(60):
        players, variant = 3 + i % 3, ("standard", "expanded")[i // 3 % 2]
        s = hustings.make(GAME, players=players, variant=variant, seed=7100 + i)
        r = random.Random(100 + i)
        while not s.is_over:
            p = s.current_players[0]
            s.apply(p, r.choice(s.legal_actions(p)))
        for e in s.all_events():
            seen.add(e.type)
            for lang in REQUIRED_LANGS:
                text = e.message(lang)
                assert not _RAW.search(text), (e.type, lang, text)
        if seen == EVENT_TYPES and i >= 11:  # at least 12 games
            break
    assert seen == EVENT_TYPES, f"no random game emitted {sorted(EVENT_TYPES - seen)}"


def test_the_deployment_event_says_what_went_where() -> None:
    """Seed §一.8: each icon of the scheme to a board; the event names them as the deploy action does."""
    s = hustings.make(GAME, players=3, variant="standard", seed=5)
    r = random.Random(5)
    while not any(e.type == "deployment" for e in s.all_events()):
        p = s.current_players[0]
        s.apply(p, r.choice(s.legal_actions(p)))
    e = next(e for e in s.all_events() if e.type == "deployment")
    scheme = D.SCHEMES[e.data["scheme"]]
    en = e.message("en")
    assert en.count("→board ") == len(scheme), en
    assert f"{D.CATALOG.text('deploy_icon.' + scheme[0], 'en')}→board {e.data['boards'][0] + 1}" in en
    assert "→版图" in e.message("zh-Hans") and "→版圖" in e.message("zh-Hant")


def test_rules_help_speaks_the_language_and_cites_no_internal_ids() -> None:
    """Issue 14 bug 10: the English rules pop-up showed "(§一.1)"; issue 22: players read the rules help, so no
    language cites seed 000's sections or a ruling id (``PhaseRules.section`` keeps each phase's section for the
    rules' readers). Each text starts with its heading line, the same topic in every language."""
    for topic in TOPICS:
        en, hans, hant = (rules_for(topic, lang) for lang in REQUIRED_LANGS)
        assert not _CJK.search(en), (topic, en)
        for text in (en, hans, hant):
            assert not citations(text), (topic, citations(text), text.splitlines()[0])
            heading, _, body = text.partition("\n")
            assert heading.strip() and body.startswith("•"), (topic, text)
        assert RULES_HELP[topic]["en"] == en
    assert rules_for("party", "en").startswith("Choosing parties\n")
    assert rules_for("tie", "en").startswith("Tie auction\n")
    assert rules_for("party", "zh-Hans").startswith("选择党派\n")
    assert rules_for("party", "zh-Hant").startswith("選擇政黨\n")


def test_the_two_die_macher_titles_are_one_name_with_the_edition_in_brackets() -> None:
    """Issue 25, bug 6: the lobby listed 德國選舉（經典版） beside 德國大選（2019版）: one game under two names."""
    classic, modern = hustings.get_spec("die-macher").title, hustings.get_spec("die-macher-2019").title
    for lang in ("en", "zh-Hans", "zh-Hant", "de"):
        a, b = classic[lang], modern[lang]
        cut = "（" if "（" in a else " ("
        assert cut in a and cut in b, (lang, a, b)
        assert a.split(cut)[0] == b.split(cut)[0], (lang, a, b)
        assert a != b
