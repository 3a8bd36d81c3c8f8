"""Why an action is illegal: the rule it breaks, with the seed 000 section or ruling it rests on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.games.die_macher_2019.rules.table import PHASES

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules.state import DieMacher2019

KIND_RULES: dict[str, str] = {
    "party": "every player chooses a different party (seed 000 一.1)",
    "draft": "you may only draft a card from the packet in front of you (seed 000 一.6)",
    "plat": "a platform has 5 cards of 5 different issues, never both stances of one issue (seed 000 一.6)",
    "keep": "you keep one of your remaining draft cards in hand (seed 000 一.6)",
    "bid": "a bid must be within your money (ruling R10) and, in an open auction, above the current bid "
           "(seed 000 三.1, 三.8; rulings R7, R8)",
    "take": "take the top deck card and one card shown in the display (seed 000 三.2)",
    "pick": "after wiping, take one card of the new display (seed 000 三.2)",
    "wipe": "wipe the display before taking cards (seed 000 三.2)",
    "nodraw": "decide about taking cards first (seed 000 三.2)",
    "swap": "at most 2 swaps, each with a hand card, and the platform keeps 5 different issues (seed 000 三.2)",
    "discard": "discard only cards in your hand, down to one (seed 000 三.2)",
    "done": "finish the step you are in first",
    "media": "a media marker costs 5,000 €, comes from your reserve and needs a free space: 5 per state "
             "(seed 000 三.3)",
    "rally": "at most 8 cubes per state and 20 in all, each state once per turn, paid by the cost table "
             "(seed 000 三.4)",
    "place": "one politician per state per player, each politician once per game, face down (seed 000 三.5)",
    "pay": "pay when your politician is revealed, if you have its cost (seed 000 三.6)",
    "decline": "decline when your politician is revealed (seed 000 三.6)",
    "second": "choose a secondary action that can be carried out; an exclusive one only once per state and "
              "round (seed 000 三.6; ruling R6)",
    "dbl_on": "one double marker per state, on a face-up opinion, while the supply lasts (seed 000 四.2; R27)",
    "dbl_off": "remove the double marker of this state (seed 000 四.2)",
    "mremove": "pay 5,000 € to remove a marker another party has in this state; your own marker needs one "
               "in reserve (seed 000 三.6; ruling R26)",
    "replace": "the media controller replaces a face-up, not doubled opinion with a display card of an issue "
               "not face up in the state (seed 000 三.7; ruling R18)",
    "publish": "publish a poll only when it raises your own trend (seed 000 三.8; ruling R9)",
    "keep_poll": "keep the poll card you won (seed 000 三.8)",
    "convert": "convert at least 4 cubes and no more than you have in the state (seed 000 三.9.1; ruling R11)",
    "presence": "only a party entitled to media presence, with a media marker in the election state, may "
                "move one there (seed 000 三.9.2; ruling R14)",
    "keep_marker": "only a party entitled to media presence decides to keep its marker (seed 000 三.9.2; "
                   "ruling R14)",
    "donate": "each donation card can be accepted or refused once (seed 000 三.9.3)",
    "deploy": "one deployment scheme, a state per icon, repeated icons in different states (seed 000 一.8)",
    "pass": "passing is not a choice here",
}


def why_illegal(s: DieMacher2019, p: int, a: Action) -> str:
    """Name the rule an illegal action breaks, with the seed section (or ruling) it rests on."""
    ph = s.phase
    rules = PHASES.get(ph)
    section, kinds = (rules.section, rules.kinds) if rules is not None else ("", ())
    what = a.text("en")
    if a.kind not in kinds:
        return (f"{what}: not a decision of the {ph} phase (seed 000 {section}); "
                f"now player {p} decides one of: {', '.join(kinds)}")
    reason = KIND_RULES.get(a.kind, "")
    return f"{what} is not allowed now: {reason}" if reason else f"{what} is not allowed now (seed 000 {section})"
