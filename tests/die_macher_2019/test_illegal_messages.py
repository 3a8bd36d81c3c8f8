"""An illegal action names the rule it breaks, with the seed section (issue 2: IllegalActionError)."""

from __future__ import annotations

import pytest

import hustings
from hustings.games.die_macher_2019.actions import A


def test_wrong_kind_of_decision_names_the_phase_and_its_section() -> None:
    s = hustings.make("die-macher-2019", players=4, seed=1)
    with pytest.raises(hustings.IllegalActionError, match=r"party phase \(seed 000 一\.1\).*party"):
        s.apply(0, A("rally", 0, 3))


def test_a_taken_party_names_seed_000_1_1() -> None:
    s = hustings.make("die-macher-2019", players=4, seed=1)
    s.apply(0, A("party", 0))
    before = s.clone()
    with pytest.raises(hustings.IllegalActionError, match=r"different party \(seed 000 一\.1\)"):
        s.apply(1, A("party", 0))
    assert s == before


def test_a_bid_above_the_money_names_ruling_r10() -> None:
    s = hustings.make("die-macher-2019", players=3, seed=2)
    while s.phase != "bid":
        p = s.current_players[0]
        s.apply(p, s.legal_actions(p)[0])
    p = s.current_players[0]
    with pytest.raises(hustings.IllegalActionError, match="R10"):
        s.apply(p, A("bid", 399))
