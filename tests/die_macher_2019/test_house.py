"""Die Macher 2019's house rules (issue 29): the designed card values can be corrected, and reach the rules."""

from __future__ import annotations

import pytest

import hustings
from hustings.engine import house


def test_start_money_and_base_are_what_the_rules_say() -> None:
    s = hustings.make("die-macher-2019", players=3, seed=4, rules={"start_money": 50_000, "start_base": 4})
    me = s.view(0)["players"][0]
    assert me["money"] == 50_000 and me["base"] == 4
    assert hustings.make("die-macher-2019", players=3, seed=4).view(0)["players"][0]["money"] == 30_000


def test_a_corrected_card_value_is_refused_when_it_breaks_its_table() -> None:
    with pytest.raises(ValueError, match=r"points table of NW must ascend and stay within max_points "
                                         r"\(house rules states\.NW\.max_points=10\)"):
        hustings.make("die-macher-2019", players=3, seed=1, rules={"states.NW.max_points": 10})


def test_the_digest_leaves_out_translated_names_but_not_the_rules() -> None:
    from hustings.games.die_macher_2019.data import DATA

    renamed = DATA.replace(STATES=[s.__class__(s.index, s.id, {**s.names, "en": "X"}, s.size, s.max_points,
                                               s.table) for s in DATA.STATES])
    assert house.data_digest(renamed) == house.data_digest(DATA)
    assert house.data_digest(DATA.replace(START_MONEY=1)) != house.data_digest(DATA)


def test_people_read_politicians_and_states_by_name() -> None:
    lines = house.require("die-macher-2019").describe(
        {"politicians.minister_president.cost": 1000, "states.NW.max_points": 40}, "de")
    assert lines == ["Politiker Ministerpräsident: Kosten: 1000 (gedruckt: 10000)",
                     "Land Nordrhein-Westfalen: Höchstpunkte (wählt auch das Startbrett): 40 (gedruckt: 30)"]
