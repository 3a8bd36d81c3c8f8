"""Why an action is illegal: the rule it breaks, in words. Players read these refusals, so they never cite
internal ids: the seed 004 section or ruling each rule rests on is in the comment beside it, and the section of
each phase is ``PhaseRules.section`` (rules/table.py), for whoever reads the rules' code."""

from __future__ import annotations

#: per action kind, the rule a refused action of that kind breaks (the kit's PhaseTable.why_illegal words the
#: refusal; a kind the phase does not take names the phase and what may be decided now)
KIND_RULES: dict[str, str] = {
    "declare": "place one of your own role cards, face down, on your next empty row",  # 2.; R3
    # 3-2; R5, R11
    "play": "play a news card from your hand on a candidate of this round's row who is still standing and not "
            "protected",
    "stop": "stop playing news cards",  # 3-2
    # 3-2; R6
    "press": "only the owner of the target may call a press conference, after a successful wind check",
    "no_press": "only the owner of the target decides on a press conference",  # 3-2
    "discard": "discard only news cards in your hand, after playing",  # 3-3
    "done": "end your turn after playing",  # 3-3
}
