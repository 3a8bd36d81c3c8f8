"""Why an action is illegal: the rule it breaks, in words (read by the engine kit's ``PhaseTable.why_illegal``).
Players read these refusals, so they never cite internal ids: the seed 000 section or ruling each rule rests on
is in the comment beside it, and the section of each phase is ``PhaseRules.section`` (rules/table.py), for whoever
reads the rules' code."""

from __future__ import annotations

KIND_RULES: dict[str, str] = {
    "party": "every player chooses a different party",  # 一.1
    "draft": "you may only draft a card from the packet in front of you",  # 一.6
    "plat": "a platform has 5 cards of 5 different issues, never both stances of one issue",  # 一.6
    "keep": "you keep one of your remaining draft cards in hand",  # 一.6
    # 三.1, 三.8; R7, R8, R10
    "bid": "a bid must be within your money and, in an open auction, above the current bid",
    "take": "take the top deck card and one card shown in the display",  # 三.2
    "pick": "after wiping, take one card of the new display",  # 三.2
    "wipe": "wipe the display before taking cards",  # 三.2
    "nodraw": "decide about taking cards first",  # 三.2
    "swap": "at most 2 swaps, each with a hand card, and the platform keeps 5 different issues",  # 三.2
    "discard": "discard only cards in your hand, down to one",  # 三.2
    "done": "finish the step you are in first",
    "media": "a media marker costs 5,000 €, comes from your reserve and needs a free space: 5 per state",  # 三.3
    "rally": "at most 8 cubes per state and 20 in all, each state once per turn, paid by the cost table",  # 三.4
    "place": "one politician per state per player, each politician once per game, face down",  # 三.5
    "pay": "pay when your politician is revealed, if you have its cost",  # 三.6
    "decline": "decline when your politician is revealed",  # 三.6
    # 三.6; R6
    "second": "choose a secondary action that can be carried out; an exclusive one only once per state and round",
    "dbl_on": "one double marker per state, on a face-up opinion, while the supply lasts",  # 四.2; R27
    "dbl_off": "remove the double marker of this state",  # 四.2
    # 三.6; R26
    "mremove": "pay 5,000 € to remove a marker another party has in this state; your own marker needs one "
               "in reserve",
    # 三.7; R18
    "replace": "the media controller replaces a face-up, not doubled opinion with a display card of an issue "
               "not face up in the state",
    "publish": "publish a poll only when it raises your own trend",  # 三.8; R9
    "keep_poll": "keep the poll card you won",  # 三.8
    "convert": "convert at least 4 cubes and no more than you have in the state",  # 三.9.1; R11
    # 三.9.2; R14
    "presence": "only a party entitled to media presence, with a media marker in the election state, may "
                "move one there",
    "keep_marker": "only a party entitled to media presence decides to keep its marker",  # 三.9.2; R14
    "donate": "each donation card can be accepted or refused once",  # 三.9.3
    "deploy": "one deployment scheme, a state per icon, repeated icons in different states",  # 一.8
    "pass": "passing is not a choice here",
}
