"""Why an action is refused: the phase and the kinds it takes. Players read these refusals, so they never cite
internal ids; the section of seed 001 each phase follows is ``PhaseRules.section`` (rules/table.py), for whoever
reads the rules' code."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action

if TYPE_CHECKING:
    from hustings.games.die_macher.rules.state import DieMacher


def why_illegal(s: DieMacher, p: int, a: Action) -> str:
    from hustings.games.die_macher.rules.table import PHASES

    rules = PHASES[s.phase]
    what = f"{a.kind}{list(a.args)}"
    if a.kind not in rules.kinds:
        kinds = ", ".join(rules.kinds) or "nothing"
        return f"{what} is not an action of the {s.phase} phase; player {p} may now: {kinds}"
    return f"{what} is not allowed for player {p} now: see legal_actions({p}) for the {s.phase} phase"
