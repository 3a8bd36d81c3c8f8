"""逃出總統府's house rules (issue 29): its options by the same paths, and a record's digest of its data."""

from __future__ import annotations

import pytest

import hustings


def test_the_options_are_house_rules_and_records_carry_them() -> None:
    s = hustings.make("palace-escape", variant="hard", seed=3, rules={"capture": "strict", "max_actions": 40})
    rec = s.record()
    assert rec["rules"] == {"capture": "strict", "max_actions": 40} and rec["options"]["capture"] == "strict"
    assert rec["data_digest"] == hustings.make("palace-escape", seed=3).record()["data_digest"]
    assert hustings.replay(rec).state_key() == s.state_key()


def test_an_impossible_difficulty_names_the_rule() -> None:
    with pytest.raises(ValueError, match=r"difficulties are 10 to 18 \(house rules difficulty=2\)"):
        hustings.make("palace-escape", seed=1, rules={"difficulty": 2})
