"""Message catalogs (issue 10): every action, event type and phase has words in zh-Hans, zh-Hant and en with
the same placeholders; German names of parties and issues (seed 003 lists the issues and stances)."""

from __future__ import annotations

import pytest

from hustings.engine.i18n import REQUIRED_LANGS
from hustings.games.die_macher import data as D
from hustings.games.die_macher.actions import SPACE
from hustings.games.die_macher.phases import Phase
from hustings.games.die_macher.words.events import EVENT_TYPES, phase_name

LANGS = ("zh-Hans", "zh-Hant", "en")


@pytest.mark.parametrize("lang", LANGS)
def test_every_action_renders(lang: str) -> None:
    for a in SPACE.actions:
        text = a.text(lang)
        assert text and "{" not in text, (a, text)


def test_catalogs_agree_on_keys_and_placeholders() -> None:
    keys = {lang: set(D.CATALOG.keys(lang)) for lang in REQUIRED_LANGS}
    assert keys["en"] == keys["zh-Hans"] == keys["zh-Hant"]
    for key in keys["en"]:
        if D.CATALOG.has(key, "en"):
            ph = {lang: D.CATALOG.placeholders(key, lang) for lang in REQUIRED_LANGS}
            assert ph["en"] == ph["zh-Hans"] == ph["zh-Hant"], key


def test_every_event_and_phase_has_words() -> None:
    for t in EVENT_TYPES:
        for lang in LANGS:
            assert D.CATALOG.has(f"event.{t}", lang), (t, lang)
    for ph in Phase:
        for lang in LANGS:
            assert phase_name(ph, lang) != ph.value or (lang == "en" and ph.value == "media")


def test_german_names_from_seed_003() -> None:
    """Seed 003 (7種議題內容): Kernenergie ja/nein, Sozialstaat mehr/weniger, ..., Euro sofort/später."""
    assert [D.issue_name(i, "de") for i in range(7)] == [
        "Kernenergie", "Sozialstaat", "Rechtschreibreform", "Euro", "Gentechnik", "Gesundheitsreform",
        "Innere Sicherheit"]
    assert D.card_name(2 * 3 + 1, "de").endswith("später")
    assert D.party_name(0, "de") == "CDU/CSU" and D.party_name(3, "de") == "Die Linke"


def test_rules_help_covers_every_phase() -> None:
    from hustings.engine import get_spec

    help_ = get_spec("die-macher").adapter("words").rules_help()
    for ph in Phase:
        assert ph.value in help_
        assert set(help_[ph.value]) == set(LANGS)
