"""Phases and sub-steps of Die Macher 2019 (seed 000), defined once for rules, bots, renderers and views.

The values are the strings views and records have always carried, so a ``Phase`` compares equal to its
old string (``Phase.EXEC == "exec"``) and serializes to it.
"""

from __future__ import annotations

import enum


class Phase(enum.StrEnum):
    """Whose decision the game waits for; the seed section of each is in ``rules.table``."""

    PARTY = "party"  # 一.1
    DRAFT = "draft"  # 一.6
    PLATFORM = "platform"  # 一.6
    DEPLOY = "deploy"  # 一.8
    BID = "bid"  # 三.1
    TIE = "tie"  # 三.1
    PROGRAM = "program"  # 三.2
    MEDIA = "media"  # 三.3
    RALLY = "rally"  # 三.4
    PLACE = "place"  # 三.5
    EXEC = "exec"  # 三.6
    INFLUENCE = "influence"  # 三.7
    POLL = "poll"  # 三.8
    POLL_DECIDE = "poll_decide"  # 三.8
    CONVERT = "convert"  # 三.9.1
    PRESENCE = "presence"  # 三.9.2: move a media marker to media presence, or keep it (R14)
    DONATION = "donation"  # 三.9.3
    OVER = "over"  # 五


class ProgStep(enum.StrEnum):
    """Sub-step of a program adjustment (三.2), also run inside a politician's action (三.6)."""

    NONE = ""
    DRAW = "draw"  # take deck + display card, wipe the display, or take nothing
    WIPE_PICK = "wipe_pick"  # after a wipe: take one card of the new display
    SWAP = "swap"  # up to 2 swaps between platform and hand
    DISCARD = "discard"  # hand down to one card


class ExecStep(enum.StrEnum):
    """Sub-step of the politician being executed (三.6)."""

    NONE = ""  # next politician: reveal, or discard if unaffordable
    PAY = "pay"  # pay the cost or decline
    MAIN = "main"  # run the main action
    PARAM = "param"  # choose the parameter of an effect (ParamEffect)
    SECOND = "second"  # choose a secondary action
    AFTER = "after"  # the secondary action is done


class ParamEffect(enum.StrEnum):
    """A politician effect waiting for its owner's choice (三.6)."""

    NONE = ""
    DOUBLE = "double"  # place or remove the double marker
    MEDIA_REMOVE = "media_remove"  # pay to remove another party's media marker


class Return(enum.StrEnum):
    """Where a nested step (a program adjustment or a poll decision) goes back to when it ends."""

    NONE = ""  # not nested: the phase goes on by itself
    EXEC = "exec"  # back to the politician that started it (三.6)
    POLL = "poll"  # back to the poll auctions of the round (三.8)


__all__ = ["ExecStep", "ParamEffect", "Phase", "ProgStep", "Return"]
