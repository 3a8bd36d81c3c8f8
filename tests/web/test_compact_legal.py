"""The browser table asks for its legal lists in the compact form (its hello's ``legal_form``) and makes them whole
with common.js's expandLegal: for Die Macher 2019's deployments (worded once for every table) and for lists that
mix entries sent whole (Die Macher classic's donations), what the page makes is the list the server words in the
full form, label by label, in each language."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest

import hustings
from hustings.engine.words import Voice, legal_entry
from hustings.server import words as W

from .helpers import watch_errors

EXPAND = """async ([legal, words]) => {
  const { expandLegal } = await import("/static/common.js");
  return expandLegal(legal, words);
}"""


def _lists(game: str, voice: Voice, want: int) -> list[tuple[Any, Any, Any]]:
    """(compact list, its legal_words, the full list) at the ``want`` longest of a random game's positions, then a
    few whose lists mix in entries sent whole."""
    s = hustings.make(game, players=4, seed=4)
    rng = random.Random(4)
    words = W.words(game)
    out = []
    while not s.is_over and len(out) < 200:
        p = s.current_players[0]
        actions, view = s.legal_actions(p), s.view(p)
        made = W.compact_legal(game, actions, view, voice,
                               lambda some, view=view: W.legal(game, some, view, voice))  # type: ignore[misc]
        assert made is not None
        full = [legal_entry(a, words.label(a, view, voice)) for a in actions]
        out.append((orjson.loads(made[0]), orjson.loads(made[1]), orjson.loads(orjson.dumps(full))))
        s.apply(p, rng.choice(actions))
    mixed = [x for x in out if any("label" in a for a in x[0])][:5]  # entries sent whole among compact ones
    out.sort(key=lambda x: -len(x[2]))
    return out[:want] + mixed


@pytest.mark.parametrize(("game", "lang"), [("die-macher-2019", "en"), ("die-macher-2019", "zh-Hant"),
                                            ("die-macher", "zh-Hans")])
def test_the_page_makes_compact_lists_whole(base_url: str, browser: Any, game: str, lang: str) -> None:
    page = browser.new_page()
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(base_url + "/")
    lists = _lists(game, Voice(lang), 12)
    assert len(lists[0][2]) > 20
    if game == "die-macher":  # a donation's answers name their amounts: sent whole beside the compact entries
        assert any("label" in a for compact, _, _ in lists for a in compact)
    for compact, words, full in lists:
        assert page.evaluate(EXPAND, [compact, words]) == full
    assert not errors
    page.close()
