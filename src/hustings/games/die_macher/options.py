"""The game options of Die Macher classic: where seeds 001 and 003 disagree, the ruling in rulings.md is the
default and the other reading an option of ``make()`` (``hustings.make("die-macher", secret_poll="members")``).

A game keeps its options in ``game_options`` only where they differ from the default, so a record carries
them and replays exactly; the rules version pins the defaults.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Option:
    default: str
    values: tuple[str, ...]
    description: str


OPTIONS: dict[str, Option] = {
    "money_rounds": Option(
        "all_but_last_two", ("all_but_last_two", "all_but_last"),
        "after which rounds income and donations come: 'all_but_last_two' (default, ruling R13, seed 003 L: none "
        "after rounds 6 and 7, 4 and 5 of the short game) or 'all_but_last' (seed 001 §遊戲概要 2.2: after every "
        "round but the last)"),
    "secret_poll": Option(
        "split", ("split", "members"),
        "a poll kept secret: 'split' (default, ruling R2, seed 001 2.vii: the two special dice are shared between "
        "popularity spaces on the poll's board and members) or 'members' (seed 003 G.b: all of them members)"),
    "member_score": Option(
        "count_and_bonus", ("count_and_bonus", "bonus"),
        "members at the end: 'count_and_bonus' (default, ruling R15, seed 003 結束遊戲記分: a point a member plus "
        "10 / 6 for the two largest parties) or 'bonus' (the 10 / 6 bonus only)"),
    "donations": Option(
        "after_setup", ("after_setup", "before_setup"),
        "when donations come: 'after_setup' (default, ruling R24, seed 001 §4 i-iii: after the next round is set "
        "up) or 'before_setup' (seed 003 M, then 回合結束)"),
}

#: name -> description, for ``GameSpec.options``
DESCRIPTIONS: dict[str, str] = {name: o.description for name, o in OPTIONS.items()}


def resolve(given: Mapping[str, Any]) -> tuple[dict[str, str], dict[str, Any]]:
    """(every option's value, the options that differ from their defaults). Raises ValueError naming the
    option and its values when a value is not one of them."""
    values: dict[str, str] = {}
    chosen: dict[str, Any] = {}
    for name, opt in OPTIONS.items():
        v = given.get(name)
        if v is None:
            values[name] = opt.default
            continue
        if not isinstance(v, str) or v not in opt.values:
            raise ValueError(f"die-macher option {name} must be one of {', '.join(map(repr, opt.values))}, "
                             f"not {v!r}")
        values[name] = v
        if v != opt.default:
            chosen[name] = v
    return values, chosen


__all__ = ["DESCRIPTIONS", "OPTIONS", "Option", "resolve"]
