"""Phases and sub-steps of Die Macher classic (seed 001 §遊戲流程; seed 003 A-M), defined once."""

from __future__ import annotations

import enum


class _Name(enum.StrEnum):
    # Enum hashes a member by its name in Python code; these are looked up on every step (the phase table,
    # views), so they hash as the str they equal, in C (which also makes hash agree with ==).
    __hash__ = str.__hash__


class Phase(_Name):
    """Whose decision the game waits for; each phase's seed section is in ``rules.table``."""

    SHEET = "sheet"  # 001 §遊戲流程 1: the secret starting sheet
    BID = "bid"  # 001 2.i
    TIE = "tie"  # 001 2.i: tied bidders bid again
    FIRST = "first"  # 001 2.i: the winner names the start player
    PLATFORM = "platform"  # 001 2.ii
    CAB_PLACE = "cab_place"  # 001 2.iii: face down
    CAB_EXEC = "cab_exec"  # 001 2.iii: one action per revealed card
    COALITION = "coalition"  # 001 2.iv
    ANSWER = "answer"  # 001 2.iv: the asked party accepts or declines
    MEDIA = "media"  # 001 2.v
    EXCHANGE = "exchange"  # 001 2.v: media control swaps / 2.viii absolute majority swaps
    RALLY = "rally"  # 001 2.vi
    POLL_BID = "poll_bid"  # 001 2.vii
    POLL_DECIDE = "poll_decide"  # 001 2.vii
    CONVERT = "convert"  # 001 2.viii
    NATIONAL = "national"  # 001 3.iii: the winners' powers
    DONATION = "donation"  # 001 4.iii
    OVER = "over"  # 001 §遊戲結束


class PlatformStep(_Name):
    """Sub-step of a platform meeting (001 2.ii)."""

    DISCARD = "discard"  # discard up to 3, then draw to 3
    SWAP = "swap"  # replace at most one public card


class NationalStep(_Name):
    """Sub-step of a winner's power (001 3.iii)."""

    MEDIA = "media"  # a media cube from the board to the national board
    OPINION = "opinion"  # opinions to the national row


class ExchangeKind(_Name):
    """Why a player may swap an opinion with the exchange pool."""

    MEDIA = "media"  # 001 2.v: media control
    MAJORITY = "majority"  # 001 2.viii: absolute majority


__all__ = ["ExchangeKind", "NationalStep", "Phase", "PlatformStep"]
