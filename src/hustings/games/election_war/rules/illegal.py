"""Why an action is illegal: the rule it breaks, with the seed 004 section or ruling it rests on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.election_war.rules.table import PHASES

if TYPE_CHECKING:
    from hustings.games.election_war.rules.state import ElectionWar

KIND_RULES: dict[str, str] = {
    "declare": "place one of your own role cards, face down, on your next empty row (seed 004 2.; ruling R3)",
    "play": "play a news card from your hand on a candidate of this round's row who is still standing and not "
            "protected (seed 004 3-2; rulings R5, R11)",
    "stop": "stop playing news cards (seed 004 3-2)",
    "press": "only the owner of the target may call a press conference, after a successful wind check "
             "(seed 004 3-2; ruling R6)",
    "no_press": "only the owner of the target decides on a press conference (seed 004 3-2)",
    "discard": "discard only news cards in your hand, after playing (seed 004 3-3)",
    "done": "end your turn after playing (seed 004 3-3)",
}


def why_illegal(s: ElectionWar, p: int, a: Action) -> str:
    """Name the rule an illegal action breaks, with the seed section (or ruling) it rests on."""
    ph = s.phase
    rules = PHASES[ph]
    what = a.text("en")
    if a.kind not in rules.kinds:
        return (f"{what}: not a decision of the {ph} phase (seed 004 {rules.section}); "
                f"now player {p} decides one of: {', '.join(rules.kinds)}")
    return f"{what} is not allowed now: {KIND_RULES[a.kind]}"
