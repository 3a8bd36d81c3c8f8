"""The one table of 選舉之戰's phases (seed 004), on the engine kit's :class:`PhaseTable`: for each phase its
section, the kinds of decision it takes, and the functions that list the legal actions and apply one (automatic
steps run inside ``apply``, so no phase has an ``advance``); the table's ``why_illegal`` words refusals from
:data:`rules.illegal.KIND_RULES`."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.engine.kit import PhaseRules, PhaseTable
from hustings.games.election_war.phases import Phase
from hustings.games.election_war.rules import campaign, candidacy
from hustings.games.election_war.rules.illegal import KIND_RULES

if TYPE_CHECKING:
    from hustings.games.election_war.rules.state import ElectionWar


def _nothing(s: ElectionWar, p: int) -> list[Action]:
    return []


def _over(s: ElectionWar, p: int, a: Action) -> None:
    raise RuntimeError("the game is over")  # unreachable: the engine refuses actions after the end


PHASES: PhaseTable[ElectionWar] = PhaseTable({
    Phase.DECLARE: PhaseRules("2.", ("declare",), candidacy.legal, candidacy.apply),
    Phase.PLAY: PhaseRules("3-2", ("play", "stop"), campaign.play_legal, campaign.play_apply),
    Phase.PRESS: PhaseRules("3-2", ("press", "no_press"), campaign.press_legal, campaign.press_apply),
    Phase.DISCARD: PhaseRules("3-3", ("discard", "done"), campaign.discard_legal, campaign.discard_apply),
    Phase.OVER: PhaseRules("5.", (), _nothing, _over),
}, KIND_RULES)

# the state dispatches on these directly (rules/state.py): the same functions PHASES.legal and PHASES.apply reach,
# without their frame, which is only the same when no phase has an automatic advance
if any(r.advance is not None for r in PHASES.rules.values()):
    raise RuntimeError("election-war: a phase with an advance needs PHASES.apply (rules/state.py)")
LEGAL: dict[Hashable, Callable[[ElectionWar, int], list[Action]]] = {ph: r.legal for ph, r in PHASES.rules.items()}
APPLY: dict[Hashable, Callable[[ElectionWar, int, Action], None]] = {ph: r.apply for ph, r in PHASES.rules.items()}
