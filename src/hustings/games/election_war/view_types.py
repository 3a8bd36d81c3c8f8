"""The shapes of 選舉之戰's view (``build_view``) as TypedDicts; mypy checks the view against them."""

from __future__ import annotations

from typing import TypedDict


class RowView(TypedDict):
    row: int
    district: int  # index in data.DISTRICTS
    city: int  # index in data.CITIES
    council: int  # the council's strength (4.)


class CandidateView(TypedDict):
    seat: int
    placed: bool  # a card lies on this row for this seat (face down until the reveal)
    card: int | None  # the role card, once revealed (or your own); None while face down to you
    frame: int | None
    party: int | None
    vote_share: int | None  # tenths of a percent
    strength: int | None  # current strength (戰鬥力), news effects included
    level: int | None  # current level, news effects included
    status: int  # phases.Status
    protected: bool


class PendingView(TypedDict):
    card: int  # the news card being resolved (face up on its target)
    target: int  # seat whose candidate on this round's row it targets


class WonView(TypedDict):
    roles: list[int]
    districts: list[int]


class CheckView(TypedDict):
    card: int
    die: int
    level: int
    success: bool


class ResultView(TypedDict):
    row: int
    district: int
    winner: int  # seat, or -1 if nobody was left
    card: int | None
    strength: int | None
    council: int
    took_district: bool
    check: CheckView | None
    knocked: list[list[int]]  # [seat, phases.Status]


class View(TypedDict):
    game: str
    you: int | None
    players: int
    phase: str
    round: int  # the row of this round (0 = top); 6 once the campaign is over
    first: int  # the seat that starts every round (R1)
    turn: int | None
    to_act: list[int]
    rows: list[RowView]
    candidates: list[list[CandidateView]]
    role_hand: list[int] | None
    role_hand_sizes: list[int]
    hand: list[int] | None
    hand_sizes: list[int]
    deck: int
    discard: list[int]
    pending: PendingView | None
    won: list[WonView]
    votes: list[int]
    results: list[ResultView]
