"""docs/lab.md lists each game's house rules as its schema says (issue 29 point 1: "its docs list them")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import hustings
from hustings.engine.house import HOUSE_RULES_KIND

DOC = Path(__file__).resolve().parents[2] / "docs" / "lab.md"


def _games_with_house_rules() -> list[str]:
    return [g for g in hustings.list_games() if hustings.get_spec(g).adapter(HOUSE_RULES_KIND) is not None]


@pytest.mark.parametrize("game", _games_with_house_rules())
def test_the_docs_list_the_games_house_rules_as_its_schema_says(game: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    found = re.search(rf"<!-- house-rules:{re.escape(game)} -->\n(.*?)\n<!-- /house-rules:{re.escape(game)} -->",
                      text, re.S)
    assert found, f"docs/lab.md has no house-rules table of {game} (hustings rules {game} --markdown)"
    schema = hustings.get_spec(game).adapter(HOUSE_RULES_KIND)
    assert schema is not None
    assert found.group(1) == schema.markdown("en"), f"regenerate with: hustings rules {game} --markdown"


def test_the_four_games_declare_house_rules() -> None:
    assert set(_games_with_house_rules()) >= {"die-macher", "die-macher-2019", "election-war", "palace-escape"}
