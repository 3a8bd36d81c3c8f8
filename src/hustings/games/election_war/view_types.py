"""The shapes of 選舉之戰's view (``build_view``) and of its event data, as typed dictionaries.

mypy checks the view against them and ``hustings schema election-war`` turns them into JSON Schema (schema.py).
Cards are indexes into :mod:`hustings.games.election_war.data` (role cards, district cards, news designs).
``typing_extensions.TypedDict``: on Python 3.11 pydantic reads only that one when it builds the schema.
"""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict

PhaseName = Literal["declare", "play", "press", "discard", "over"]


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
    phase: PhaseName
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


# One typed dictionary per event type: the ``data`` of :class:`hustings.engine.Event` (``to_json()["data"]``).


class SetupData(TypedDict):
    players: int
    first: int
    rows: list[int]  # district cards, top to bottom


class PlayerCardsData(TypedDict):
    player: int
    cards: list[int]


class PlayerRowData(TypedDict):
    player: int
    row: int


class DeclaredCardData(TypedDict):
    player: int
    row: int
    card: int


class RevealedData(TypedDict):
    cands: list[list[int]]  # [row][seat] role card


class RoundStartedData(TypedDict):
    round: int
    district: int


class TurnStartedData(TypedDict):
    player: int
    round: int


class PlayerCountData(TypedDict):
    player: int
    count: int


class CardsData(TypedDict):
    cards: int  # how many


class PlayerData(TypedDict):
    player: int


class PlayedData(TypedDict):
    player: int
    card: int
    target: int
    row: int


class WindCheckData(TypedDict):
    card: int  # the flipped news card, -1 if none was left (R8)
    die: int
    level: int
    success: bool
    target: int


class PressConferenceData(TypedDict):
    player: int
    card: int
    die: int
    level: int
    cleared: bool


class EffectData(TypedDict):
    card: int
    target: int
    effect: Literal["withdraw", "strength", "level", "draw", "discard", "protect"]
    amount: int
    value: NotRequired[int]  # strength and level: the figure after the change
    player: NotRequired[int]  # draw: who draws (R9)
    cards: NotRequired[list[int]]  # discard: the cards lost


class PlayerCardData(TypedDict):
    player: int
    card: int


class CountRowData(TypedDict):
    row: int
    district: int
    winner: int
    knocked: list[list[int]]
    council: int
    check: CheckView | None
    took_district: bool
    card: NotRequired[int]  # with a winner only
    strength: NotRequired[int]


class FinalData(TypedDict):
    votes: list[int]
    winners: list[int]
    title: Literal["king", "north_south", "none"]


#: event type -> the type of its data
EVENT_DATA: dict[str, type] = {
    "setup": SetupData,
    "roles_dealt": PlayerCardsData,
    "declared": PlayerRowData,
    "declared_card": DeclaredCardData,
    "revealed": RevealedData,
    "round_started": RoundStartedData,
    "turn_started": TurnStartedData,
    "drew": PlayerCountData,
    "drew_cards": PlayerCardsData,
    "reshuffled": CardsData,
    "stopped": PlayerData,
    "played": PlayedData,
    "wind_check": WindCheckData,
    "press_conference": PressConferenceData,
    "press_declined": PlayerData,
    "effect": EffectData,
    "explosion": PlayerCardData,
    "kept": PlayerCountData,
    "discarded": PlayerCardData,
    "count_row": CountRowData,
    "final": FinalData,
}
