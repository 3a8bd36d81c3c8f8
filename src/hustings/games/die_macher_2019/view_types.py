"""The shape of a Die Macher 2019 view and of its event data, as typed dictionaries.

A view is plain JSON data (clients, bots and the RL encoders read it), so its shape is declared here once:
mypy checks :func:`hustings.games.die_macher_2019.view.build_view` against it and ``hustings schema
die-macher-2019`` turns it into JSON Schema. Card, issue, state, politician and party numbers are indexes
into :mod:`hustings.games.die_macher_2019.data`; a program or opinion card type is ``2 * issue + stance``
(0 pro, 1 contra).

``typing_extensions.TypedDict`` rather than :class:`typing.TypedDict`: on Python 3.11 pydantic reads only
the former when it generates the schema.
"""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict

from hustings.games.die_macher_2019.phases import ExecStep, ParamEffect, Phase, ProgStep

Variant = Literal["standard", "expanded"]


class PlayerView(TypedDict):
    """One seat as the viewer sees it: ``money`` and ``hand`` are None unless it is the viewer's own."""

    seat: int
    party: int  # -1 until chosen (一.1)
    money: int | None
    base: int
    media_reserve: int
    rally_reserve: int
    platform: list[int]
    hand: list[int] | None
    hand_size: int
    politicians_used: list[int]
    donations_used: list[int]
    media_presence: list[int]  # election numbers (0-based) where a marker reached media presence
    election_points: int
    election_bonus: int


class PoliticianView(TypedDict):
    """A politician sent to a state; face down it shows only to its owner (三.5)."""

    player: int
    politician: int | None
    revealed: bool


class BoardView(TypedDict):
    board: int
    state: int  # -1 for an empty board
    active: bool
    election_round: int | None
    opinions: list[int]  # face-up opinion card types
    hidden_opinions: int
    double: int  # issue under the double marker, -1 for none
    media: list[int]  # per seat
    media_controller: int  # seat, -1 for none
    rallies: list[int]
    trend: list[int]
    votes: list[int]
    politicians: list[PoliticianView]


class ProgramPilesView(TypedDict):
    display: list[int]
    deck_size: int
    discard: list[int]  # per card type: how many are in the discard pile (open, ruling R36)


class OpinionPilesView(TypedDict):
    display: list[int]
    deck_size: int
    discard: list[int]  # per card type


class PollPilesView(TypedDict):
    deck_size: int
    discard: list[int]  # poll cards the viewer has seen go to the discard pile (ruling R35)
    hidden_discards: NotRequired[int]  # cards others took for free and kept unseen (R35)


class ElectionResult(TypedDict):
    """One election (三.9.2); the lists are per seat."""

    election: int
    board: int
    state: int
    parties: list[int]
    votes: list[int]
    points: list[int]
    bonus: list[int]
    winners: list[int]
    coalition: list[int]
    media_presence: list[int]  # seats whose marker moved to media presence
    presence_value: int


class ScoreView(TypedDict):
    election_points: int
    election_bonus: int
    media_presence: int
    party_base: int
    money_rank: int
    total: int


class DraftView(TypedDict):
    packet: list[int]
    picks: list[int]
    pending_pick: int
    platform_chosen: list[int]
    round: int


class TieView(TypedDict):
    players: list[int]
    price: int
    high: int


class ProgramTurnView(TypedDict):
    player: int
    step: ProgStep
    swaps: int


class PoliticianTurnView(TypedDict):
    board: int
    player: int
    politician: int
    step: ExecStep
    effect: ParamEffect


class PollView(TypedDict):
    """The poll card being auctioned (三.8) or taken for free (三.6); a free card shows only to its taker
    (ruling R35), so ``card`` and ``trend`` are None for the others."""

    board: int
    card: int | None
    trend: list[int] | None
    host: int | None
    high_bid: int
    high_bidder: int
    bidders: list[int]
    free: bool


class DieMacherView(TypedDict):
    """Everything one seat (or a spectator, ``you`` None) may know; the optional keys belong to phases."""

    game: str
    variant: Variant
    players_count: int
    you: int | None
    round: int
    phase: Phase
    current_players: list[int]
    first_player: int
    players: list[PlayerView]
    boards: list[BoardView]
    program: ProgramPilesView
    opinion: OpinionPilesView
    polls: PollPilesView
    reserve_states: int
    double_markers_left: int
    elections_done: int
    results: list[ElectionResult]
    scores: list[ScoreView] | None
    draft: NotRequired[DraftView]
    deployment_choice: NotRequired[int]
    bids_submitted: NotRequired[list[bool]]
    your_bid: NotRequired[int]
    tie: NotRequired[TieView]
    program_turn: NotRequired[ProgramTurnView]
    rally_boards_done: NotRequired[list[int]]
    place_passed: NotRequired[list[bool]]
    politician_turn: NotRequired[PoliticianTurnView]
    poll: NotRequired[PollView]
    influence_board: NotRequired[int]
    convert_board: NotRequired[int]
