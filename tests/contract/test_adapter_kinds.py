"""The adapter contract (issue 22): each adapter kind is declared once with its type, docs/new-game.md names exactly
the declared kinds, and every game's adapters are of declared kinds and of their kind's type."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

import hustings
from hustings.engine import GameSpec
from hustings.engine.adapters import AdapterKind, adapter_kinds

#: the layers that declare kinds beside their types (importing them declares the kinds)
DECLARING = ("hustings.engine.adapters", "hustings.engine.words", "hustings.engine.schema", "hustings.bots.heuristic",
             "hustings.bots.learned",
             "hustings.rl.encoding", "hustings.tui.renderer", "hustings.tui.session", "hustings.web",
             "hustings.table.decision", "hustings.engine.house")
DOC = Path(__file__).resolve().parents[2] / "docs" / "new-game.md"


@pytest.fixture(scope="module")
def kinds() -> dict[str, AdapterKind[object]]:
    for module in DECLARING:
        importlib.import_module(module)
    return dict(adapter_kinds())


def _documented() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("Adapters (all optional"):text.index("An adapter sees what a client sees")]
    return re.findall(r"^\| `([a-z_]+)` \|", table, re.M)


def test_the_doc_names_exactly_the_declared_kinds(kinds: dict[str, AdapterKind[object]]) -> None:
    documented = _documented()
    assert len(documented) == len(set(documented)), documented
    assert set(documented) == set(kinds), (sorted(documented), sorted(kinds))
    used = {name for game in hustings.list_games() for name in hustings.get_spec(game).adapters}
    assert used == set(kinds) and len(kinds) == 10  # every declared kind is one a game uses, and no more
    text = DOC.read_text(encoding="utf-8")
    for kind in kinds.values():  # the doc says where each is declared
        assert kind.name in text and kind.what


def test_every_games_adapters_are_declared_kinds_of_their_type(kinds: dict[str, AdapterKind[object]]) -> None:
    for game in hustings.list_games():
        spec = hustings.get_spec(game)
        for name in spec.adapters:
            assert name in kinds, f"{game} declares an adapter of the unknown kind {name!r}"
            assert spec.adapter(kinds[name]) is not None  # imported and checked against the kind's type


def test_a_wrong_adapter_is_named_with_its_game_kind_and_type(kinds: dict[str, AdapterKind[object]]) -> None:
    spec = GameSpec(id="wrong-adapters", title={"en": "x"}, factory=lambda **kw: None,  # type: ignore[arg-type,return-value]
                    variants=("v",), min_players=1, max_players=1, default_variant="v",
                    adapters={"bot": "hustings.engine:LANGS", "web": "hustings.engine:LANGS"})
    for name, words in (("bot", "a hustings.bots.Heuristic"), ("web", "the folder")):
        with pytest.raises(TypeError, match=rf"wrong-adapters: adapters\['{name}'\] must name {words}.*not tuple"):
            spec.adapter(kinds[name])
    assert spec.adapter(kinds["tui"]) is None  # a kind the game lacks
    with pytest.raises(ValueError, match="declared twice"):
        AdapterKind("bot", "again", callable)
