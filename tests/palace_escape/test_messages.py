"""The catalogs of 逃出總統府 speak zh-Hans, zh-Hant and en alike; every event, action, status and variant
renders in each."""

from __future__ import annotations

import random

import pytest

import hustings
from hustings.engine import LANGS
from hustings.games.palace_escape.actions import SPACE
from hustings.games.palace_escape.data import CATALOG
from hustings.games.palace_escape.rules import STATUSES, VARIANTS
from hustings.games.palace_escape.words.events import EVENT_TYPES

from .helpers import P, X, position, swap


def test_every_key_in_every_language_with_the_same_placeholders() -> None:
    keys = CATALOG.keys("en", own=True)
    for lang in LANGS:
        assert CATALOG.keys(lang, own=True) == keys, lang
        for k in keys:
            assert CATALOG.placeholders(k, lang) == CATALOG.placeholders(k, "en"), (k, lang)


def test_names_exist_for_everything_the_view_names() -> None:
    for lang in LANGS:
        for key in [f"event.{t}" for t in EVENT_TYPES] + [f"status.{s}" for s in STATUSES] + \
                [f"variant.{v}" for v in VARIANTS] + [f"cell.{c}" for c in range(9)]:
            assert CATALOG.has(key, lang), (key, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_action_describes_itself(lang: str) -> None:
    texts = [a.text(lang) for a in SPACE.actions]
    assert len(SPACE) == 14 and all(texts) and len(set(texts)) == len(texts)


def test_every_event_type_renders_in_every_language() -> None:
    seen: dict[str, hustings.Event] = {}
    for seed in range(60):
        s = hustings.make("palace-escape", variant=("normal", "hard")[seed % 2], seed=seed)
        r = random.Random(seed)
        while not s.is_over:
            s.apply(0, r.choice(s.legal_actions(0)))
        for e in s.all_events():
            seen.setdefault(e.type, e)
    caught = position([P, 1, X, 1, 2, 2, 2, 3, 3], "hard")
    swap(caught, 0, 1)
    seen.update({e.type: e for e in caught.all_events()})
    assert set(EVENT_TYPES) - set(seen) <= {"escaped", "time_up"}
    for e in seen.values():
        for lang in LANGS:
            msg = e.message(lang)
            assert msg and not msg.startswith("event."), (e.type, lang)
