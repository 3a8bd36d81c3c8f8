"""The shape of a Die Macher classic view and of its event data, as typed dictionaries.

A view is plain JSON data (clients, bots and the RL encoders read it), so its shape is declared here once:
mypy checks :func:`hustings.games.die_macher.view.build_view` against it and ``hustings schema die-macher``
turns it into JSON Schema. Seats, parties (seat p plays party p, ruling R1), boards (slots 0-3), states,
cabinet and donation cards are indexes into :mod:`hustings.games.die_macher.data`; a program or opinion
card type is ``2 * issue + stance`` (0 ja / mehr / sofort, 1 nein / weniger / später).

``typing_extensions.TypedDict`` rather than :class:`typing.TypedDict`: on Python 3.11 pydantic reads only
the former when it generates the schema.
"""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

Variant = Literal["full", "short"]
PhaseName = Literal["sheet", "bid", "tie", "first", "platform", "cab_place", "cab_exec", "coalition", "answer",
                    "media", "exchange", "rally", "poll_bid", "poll_decide", "convert", "national", "donation",
                    "over"]
# "" between sub-steps; platform: discard / swap; winners' powers: media / opinion
StepName = Literal["", "discard", "swap", "media", "opinion"]
WinKind = Literal["clear", "short_head", "coalition", "none"]
ExchangeKindName = Literal["", "media", "majority"]


class RulesView(TypedDict):
    """The game's options (options.py): where seeds 001 and 003 differ, which reading this game follows."""

    money_rounds: Literal["all_but_last_two", "all_but_last"]
    secret_poll: Literal["split", "members"]
    member_score: Literal["count_and_bonus", "bonus"]
    donations: Literal["after_setup", "before_setup"]


class PlayerView(TypedDict):
    """One seat as the viewer sees it: ``money``, ``hand``, ``sheet`` and ``bid`` are None unless it is the
    viewer's own; ``donation`` is [card, accepted], [-1, 0] for another seat's face-down refusal, [] for none."""

    party: int
    party_id: str
    money: int | None
    members: int
    program: list[int]  # the public program cards
    hand: list[int] | None  # the hidden program cards
    hand_size: int
    cabinet_left: list[int]
    donations_left: list[int]
    donation: list[int]
    media_supply: int
    cube_supply: int
    coalition_tiles: int
    seats: list[int]  # per round
    sheet_written: list[bool]
    sheet: list[int] | None  # action ids of the two starting-sheet choices, -1 until written
    bid_written: bool
    bid: int | None
    poll_out: bool
    in_coalition: bool


class BoardView(TypedDict):
    """One board slot; ``election`` 0 once it left the game."""

    election: int
    state: int  # -1 for none
    up: list[int]  # face-up opinion card types
    down: int  # how many face down
    key_issue: int  # the doubled issue, -1 for none
    media: list[int]
    cubes: list[int]
    popularity: list[int]  # the value of each party's space on the track (3, 2, 0, -2, -3 from the top)
    votes: list[int]
    arrival: list[int]  # the order votes arrived in (ties: the later on top)
    coalition_tiles: list[int]
    coalitions: list[list[int]]
    cabinet: list[list[int]]  # [seat, card]; card -1 while face down and not the viewer's
    payout: bool
    no_coalition: bool
    controller: int  # media control, -1 for none


class DecksView(TypedDict):
    program: int
    program_discards: list[int]
    opinion: int
    opinion_discards: list[int]
    poll: int
    poll_discards: int
    state: int


class TieView(TypedDict):
    players: list[int]
    minimum: int


class PollView(TypedDict):
    """The poll auction: the card's options (spaces each party moves) only to its winner while deciding;
    ``roll`` the dice of a poll kept secret while its winner shares them, -1 otherwise."""

    board: int
    high: int
    bidder: int
    card: list[list[int]] | None
    roll: int


class ElectionResult(TypedDict):
    round: int
    board: int
    state: int
    votes: list[int]
    seats: list[int]
    coalitions: list[int]  # flat pairs
    winners: list[int]
    kind: WinKind
    tied: list[int]


class ScoreView(TypedDict):
    seats: int
    media: int
    members: int
    opinions: int
    total: int


class DieMacherView(TypedDict):
    """Everything one seat (or a spectator, ``you`` None) may know."""

    game: str
    variant: Variant
    rules: RulesView
    you: int | None
    round: int
    rounds: int
    phase: PhaseName
    step: StepName
    current: list[int]
    first: int
    board: int  # the slot that votes this round; -1 during donations after the next round is set up (R24)
    players: list[PlayerView]
    boards: list[BoardView]
    national_media: list[list[int]]  # [seat, election]
    national_row: list[list[int]]  # [card, secured]
    exchange_pool: list[int]
    decks: DecksView
    polls_seen: list[int]
    tie: TieView
    bid_winner: int
    offer: list[int]  # [from, to], -1 for none
    coalition_asked: list[list[int]]
    cabinet_actions: list[list[int]]  # [seat, board, card] still to act
    poll: PollView
    exchange: list[int]  # [seat, board] of the swap now, [] for none
    exchange_kind: ExchangeKindName
    powers: list[list[int]]  # [seat, media allowed, opinions allowed]
    opinions_left: int
    results: list[ElectionResult]
    rally_board: int
    convert_board: int
    scores: list[ScoreView] | None


# ------------------------------------------------------------------------------------------ event data
# One typed dictionary per event type: the ``data`` of :class:`hustings.engine.Event` (``to_json()["data"]``).
# ``seat`` is a seat; ``board`` a slot (0-3); ``card`` a card type; amounts are in DM.


class SeatData(TypedDict):
    seat: int


class BoardData(TypedDict):
    board: int


class SeatBoardData(TypedDict):
    seat: int
    board: int


class SeatCardData(TypedDict):
    seat: int
    card: int


class BoardCardData(TypedDict):
    board: int
    card: int


class CardsData(TypedDict):
    cards: list[int]


class SeatCardsData(TypedDict):
    seat: int
    cards: list[int]


class GameStartedData(TypedDict):
    players: int
    variant: Variant
    pool: list[int]
    boards: list[list[int | list[int]]]  # [election, state, face-up opinions]


class BoardPreparedData(TypedDict):
    board: int
    election: int
    state: int
    up: list[int]
    down: int


class SheetWrittenData(TypedDict):
    column: int
    action: int


class SheetRevealedData(TypedDict):
    seat: int
    actions: list[int]


class RoundStartedData(TypedDict):
    round: int
    board: int


class AmountData(TypedDict):
    amount: int


class RollsData(TypedDict):
    rolls: list[list[int]]  # [seat, die]


class BidsRevealedData(TypedDict):
    bids: list[list[int]]  # [seat, amount]
    tie: bool


class SeatPaidData(TypedDict):
    seat: int
    paid: int


class StartPlayerData(TypedDict):
    seat: int
    by: int


class CountData(TypedDict):
    cards: int


class SeatCountData(TypedDict):
    seat: int
    count: int


class ProgramSwappedData(TypedDict):
    seat: int
    slot: int
    old: int
    card: int


class CabinetPlacedCardData(TypedDict):
    board: int
    cabinet: int


class CabinetRevealedData(TypedDict):
    seat: int
    board: int
    cabinet: int
    cost: int


class CabinetVotesData(TypedDict):
    seat: int
    board: int
    votes: int
    total: int


class PopularityData(TypedDict):
    """A cabinet card moves ``seat``'s marker by ``spaces`` (up if positive) to a space of value ``popularity``."""

    seat: int
    board: int
    spaces: int
    popularity: int
    by: int


class KeyIssueData(TypedDict):
    board: int
    issue: int
    by: int


# "from" is a keyword: the functional form
CabinetMediaData = TypedDict("CabinetMediaData", {"seat": int, "board": int, "from": int, "paid": int})


class CoalitionAskData(TypedDict):
    seat: int
    to: int
    board: int


class CoalitionFormedData(TypedDict):
    seats: list[int]
    board: int
    forced: bool


class OpinionExchangedData(TypedDict):
    seat: int
    board: int
    out: int
    card: int
    why: Literal["media", "majority"]


class RalliesData(TypedDict):
    seat: int
    board: int
    count: int


class PollBidData(TypedDict):
    seat: int
    board: int
    amount: int


class PollWonData(TypedDict):
    seat: int
    board: int
    paid: int


class PollSeenData(TypedDict):
    board: int
    poll: int
    options: list[list[int]]


class PollSecretRollData(TypedDict):
    seat: int
    board: int
    roll: int


class PollSecretData(TypedDict):
    """The roll of a poll kept secret: ``spaces`` up on its board (to ``popularity``), the rest ``members``."""

    seat: int
    board: int
    roll: int
    spaces: int
    popularity: int
    members: int


class PollPublishedData(TypedDict):
    """``options`` the spaces each party moves; ``changes`` the spaces each moved (the ends of the track and
    the media controller's immunity stop some); ``popularity`` the values after."""

    seat: int
    board: int
    options: list[list[int]]
    changes: list[int]
    popularity: list[int]
    immune: int


class ConvertedData(TypedDict):
    """001 2.viii: votes = cubes x max(0.5, popularity + coincidence), rounded down; ``total`` after the cap."""

    seat: int
    board: int
    cubes: int
    popularity: int
    coincidence: int
    votes: int
    total: int
    capped: bool


class NationalMediaData(TypedDict):
    seat: int
    election: int
    points: int


class NationalOpinionData(TypedDict):
    seat: int
    card: int
    how: Literal["placed", "secured", "replaced", "pushed"]
    row: list[list[int]]


class MembersGainedData(TypedDict):
    seat: int
    members: int
    why: Literal["national"]


class IncomeData(TypedDict):
    """001 3.v: seats x 1,000 and, after a round with a payout tile, members x 1,000."""

    seat: int
    seats: int
    members: int
    seat_count: int
    member_count: int


class DonationAcceptedData(TypedDict):
    seat: int
    donation: int
    amount: int
    rolls: list[int]
    lost: int


class DonationCardData(TypedDict):
    donation: int
    amount: int


class DonationRevealedData(TypedDict):
    seat: int
    donation: int
    amount: int
    rolls: list[int]
    gained: int


class DonationBonusData(TypedDict):
    seat: int
    rolls: list[int]
    gained: int


class GameOverData(TypedDict):
    scores: list[ScoreView]


#: event type -> the type of its data
EVENT_DATA: dict[str, type] = {
    "program_dealt": SeatCardsData,
    "hand_dealt": CardsData,
    "board_prepared": BoardPreparedData,
    "game_started": GameStartedData,
    "sheet_written": SheetWrittenData,
    "sheet_revealed": SheetRevealedData,
    "round_started": RoundStartedData,
    "bid_written": AmountData,
    "die_rolled": RollsData,
    "bids_revealed": BidsRevealedData,
    "bid_won": SeatPaidData,
    "start_player": StartPlayerData,
    "program_reshuffled": CountData,
    "program_rejected": SeatCardData,
    "program_discarded": SeatCardData,
    "program_drawn": SeatCountData,
    "program_drawn_cards": CardsData,
    "program_swapped": ProgramSwappedData,
    "opinion_rejected": BoardCardData,
    "opinion_revealed": BoardCardData,
    "cabinet_placed": SeatBoardData,
    "cabinet_placed_card": CabinetPlacedCardData,
    "cabinet_revealed": CabinetRevealedData,
    "coalition_tile": SeatBoardData,
    "cabinet_votes": CabinetVotesData,
    "popularity": PopularityData,
    "key_issue": KeyIssueData,
    "key_issue_removed": KeyIssueData,
    "cabinet_media": CabinetMediaData,
    "coalition_offered": CoalitionAskData,
    "coalition_formed": CoalitionFormedData,
    "coalition_declined": CoalitionAskData,
    "media_bought": SeatBoardData,
    "opinion_exchanged": OpinionExchangedData,
    "rallies": RalliesData,
    "poll_auction": BoardData,
    "poll_pass": SeatBoardData,
    "poll_bid": PollBidData,
    "poll_unsold": BoardData,
    "poll_won": PollWonData,
    "poll_seen": PollSeenData,
    "poll_secret_roll": PollSecretRollData,
    "poll_secret": PollSecretData,
    "poll_published": PollPublishedData,
    "converted": ConvertedData,
    "election": ElectionResult,
    "national_media": NationalMediaData,
    "national_opinion": NationalOpinionData,
    "members_gained": MembersGainedData,
    "income": IncomeData,
    "donation_accepted": DonationAcceptedData,
    "donation_refused": SeatData,
    "donation_refused_card": DonationCardData,
    "donation_revealed": DonationRevealedData,
    "donation_bonus": DonationBonusData,
    "board_removed": BoardData,
    "game_over": GameOverData,
}

__all__ = ["EVENT_DATA", "BoardView", "DieMacherView", "ElectionResult", "ExchangeKindName", "PhaseName",
           "PlayerView", "RulesView", "ScoreView", "StepName", "Variant"]
