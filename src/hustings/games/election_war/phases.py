"""Phases of 選舉之戰 (seed 004), shared by the rules, the view and the adapters."""

from __future__ import annotations

import enum


class Phase(enum.StrEnum):
    """Whose decision the game waits for, with the seed 004 section of each."""

    DECLARE = "declare"  # 2. 表態參選: every player places a role card face down on each row, at the same time
    PLAY = "play"  # 3-2: the player on turn plays news cards on this row's candidates, or stops
    PRESS = "press"  # 3-2: the target's owner may call a press conference
    DISCARD = "discard"  # 3-3: the player on turn discards the news cards they do not want
    OVER = "over"  # 5. 宣佈當選: the count (4., automatic) is done


class Status(enum.IntEnum):
    """A candidate on a row."""

    STANDING = 0
    WITHDRAWN = 1  # a news card's effect made them withdraw (3-2)
    CLASH = 2  # knocked out at the count: equal strength within one party (註2)
    OUTVOTED = 3  # knocked out at the count: equal strength, lower vote share (註2)


__all__ = ["Phase", "Status"]
