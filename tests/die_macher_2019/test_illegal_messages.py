"""An illegal action names the rule it breaks, in words a player reads: the phase and what may be done, or the
rule itself, never a seed section or ruling id (issue 2: IllegalActionError; issue 22: no internal ids)."""

from __future__ import annotations

import pytest

import hustings
from citations import citations
from hustings.games.die_macher_2019.actions import A


def test_wrong_kind_of_decision_names_the_phase_and_what_may_be_done() -> None:
    s = hustings.make("die-macher-2019", players=4, seed=1)
    with pytest.raises(hustings.IllegalActionError, match=r"not a decision of the party phase; .*party") as info:
        s.apply(0, A("rally", 0, 3))
    assert not citations(str(info.value)), str(info.value)


def test_a_taken_party_names_the_rule_in_words() -> None:
    """Seed 000 一.1: every player chooses a different party."""
    s = hustings.make("die-macher-2019", players=4, seed=1)
    s.apply(0, A("party", 0))
    before = s.clone()
    with pytest.raises(hustings.IllegalActionError, match=r"every player chooses a different party$") as info:
        s.apply(1, A("party", 0))
    assert s == before
    assert not citations(str(info.value)), str(info.value)


def test_a_bid_above_the_money_names_the_rule_in_words() -> None:
    """Ruling R10: a bid must be within the bidder's money."""
    s = hustings.make("die-macher-2019", players=3, seed=2)
    while s.phase != "bid":
        p = s.current_players[0]
        s.apply(p, s.legal_actions(p)[0])
    p = s.current_players[0]
    with pytest.raises(hustings.IllegalActionError, match="a bid must be within your money") as info:
        s.apply(p, A("bid", 399))
    assert not citations(str(info.value)), str(info.value)
