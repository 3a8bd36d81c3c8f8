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
    """One seat as the viewer sees it: ``hand`` is None unless it is the viewer's own, ``money`` too until the
    game is over (then every seat's money is shown: the money ranks score)."""

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
    discard_hidden: int  # cards others took for free and kept unseen (R35)


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
    set_aside: NotRequired[list[int]]  # platform phase: own leftovers, face down until the reveal (R36)


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
    high_bid: int  # 0 and -1 (nobody) for a free card: it has no auction
    high_bidder: int
    bidders: list[int]
    free: bool


class PresenceTurnView(TypedDict):
    """The election waiting for media presence decisions (三.9.2, R14)."""

    board: int
    state: int
    value: int  # points of this election's media-presence space
    deciders: list[int]  # seats still to decide, the current one first


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
    presence: NotRequired[PresenceTurnView]


# ------------------------------------------------------------------------------------------ event data
# One typed dictionary per event type: the ``data`` of :class:`hustings.engine.Event` (``to_json()["data"]``).
# ``player`` is a seat; ``board`` a board index (0-3); ``state`` a state card; ``card`` a card type.


class GameStartedData(TypedDict):
    players: int
    variant: Variant


class PlayerData(TypedDict):
    """Events that only name who acted (a pass, a platform chosen in secret)."""

    player: int


class PlayerBoardData(TypedDict):
    player: int
    board: int


class PlayerCardData(TypedDict):
    player: int
    card: int


class PlayerCardsData(TypedDict):
    player: int
    cards: list[int]


class PartyChosenData(TypedDict):
    player: int
    party: int


class StatesDrawnData(TypedDict):
    boards: list[int]


class OpinionDuplicateData(TypedDict):
    board: int
    card: int


class OpinionRevealedData(TypedDict):
    board: int
    state: int
    card: int


class ProgramReshuffledData(TypedDict):
    cards: int


class DeploymentData(TypedDict):
    player: int
    scheme: int
    boards: list[int]


class AmountData(TypedDict):
    player: int
    amount: int


class MediaBoughtData(TypedDict):
    player: int
    board: int
    cost: int


class RalliesBoughtData(TypedDict):
    player: int
    board: int
    count: int
    cost: int


class PoliticianPlacedOwnData(TypedDict):
    player: int
    board: int
    politician: int


class OpinionReplacedData(TypedDict):
    player: int
    board: int
    old: int
    new: int


class DonationData(TypedDict):
    player: int
    amount: int
    accepted: bool
    base_change: int


class EmptyData(TypedDict):
    pass


class ProgramTakenData(TypedDict):
    player: int
    card: int
    from_deck: bool


class PlatformRevealedData(TypedDict):
    player: int
    cards: list[int]
    discarded: NotRequired[list[int]]  # the leftovers, once they go to the open pile together (R36)


class RoundStartedData(TypedDict):
    round: int
    elections: list[int]


class BidsRevealedData(TypedDict):
    bids: list[int]


class TieAuctionData(TypedDict):
    players: list[int]
    price: int


class FirstPlayerData(TypedDict):
    player: int
    paid: int


class DisplayWipedData(TypedDict):
    player: int
    display: list[int]


class ProgramSwappedData(TypedDict):
    player: int
    old: int
    new: int


class PoliticianRevealedData(TypedDict):
    player: int
    board: int
    politician: int
    cost: int


class PoliticianDiscardedData(TypedDict):
    player: int
    board: int
    politician: int
    reason: Literal["money", "declined"]


class ActionSkippedData(TypedDict):
    player: int
    board: int
    effect: str


class TrendChangedData(TypedDict):
    player: int
    board: int
    change: int
    trend: int


class VotesGainedData(TypedDict):
    player: int
    board: int
    votes: int


class FreeRalliesData(TypedDict):
    player: int
    board: int
    count: int


class PollAuctionData(TypedDict):
    """A poll card drawn for auction: everyone sees it (三.8)."""

    board: int
    host: int
    card: int
    trend: list[int]


class PollFreeData(TypedDict):
    """A poll card a politician takes for free (三.6): only its taker sees it (ruling R35)."""

    player: int
    board: int
    card: int
    trend: list[int]


class PoliticianPaidData(TypedDict):
    player: int
    board: int
    politician: int
    cost: int


class DoublePlacedData(TypedDict):
    player: int
    board: int
    issue: int


class MediaRemovedData(TypedDict):
    player: int
    board: int
    target: int
    placed_own: bool
    paid: int


class PollBidData(TypedDict):
    player: int
    board: int
    amount: int


class PresenceData(TypedDict):
    player: int
    board: int
    state: int
    value: int


class BoardData(TypedDict):
    board: int


class PollWonData(TypedDict):
    player: int
    board: int
    paid: int


class PollPublishedData(TypedDict):
    player: int
    board: int
    card: NotRequired[int]
    changes: list[int]
    trends: list[int]


class PollKeptData(TypedDict):
    player: int
    board: int
    base_gain: int
    base: int


class MatchPart(TypedDict):
    issue: int
    value: int


class VotesConvertedData(TypedDict):
    player: int
    board: int
    state: int
    cubes: int
    trend: int
    match: int
    match_parts: list[MatchPart]
    votes: int
    total: int


class StateAddedData(TypedDict):
    board: int
    state: int
    election_round: int


class IncomeData(TypedDict):
    player: int
    points: int
    base: int
    amount: int


class FinalScoresData(TypedDict):
    scores: list[ScoreView]
    money: list[int]


#: event type -> the type of its data
EVENT_DATA: dict[str, type] = {
    "game_started": GameStartedData,
    "priority": PlayerData,
    "states_drawn": StatesDrawnData,
    "opinion_duplicate": OpinionDuplicateData,
    "opinion_revealed": OpinionRevealedData,
    "cards_dealt": PlayerCardsData,
    "program_reshuffled": ProgramReshuffledData,
    "party_chosen": PartyChosenData,
    "draft_pick": PlayerCardData,
    "deployment_chosen": DeploymentData,
    "bid_secret": AmountData,
    "media_pass": PlayerData,
    "media_bought": MediaBoughtData,
    "rallies_bought": RalliesBoughtData,
    "place_pass": PlayerData,
    "politician_placed": PlayerBoardData,
    "politician_placed_own": PoliticianPlacedOwnData,
    "opinion_replaced": OpinionReplacedData,
    "influence_pass": PlayerBoardData,
    "convert_pass": PlayerBoardData,
    "donation": DonationData,
    "donation_pass": PlayerData,
    "cards_received": PlayerCardsData,
    "draft_done": EmptyData,
    "program_taken": ProgramTakenData,
    "platform_extra_card": PlayerCardData,
    "platform_chosen": PlayerData,
    "platform_revealed": PlatformRevealedData,
    "deployment": DeploymentData,
    "round_started": RoundStartedData,
    "bids_revealed": BidsRevealedData,
    "tie_auction": TieAuctionData,
    "tie_pass": PlayerData,
    "tie_bid": AmountData,
    "first_player": FirstPlayerData,
    "program_drawn": PlayerCardData,
    "display_wiped": DisplayWipedData,
    "program_swapped": ProgramSwappedData,
    "program_discarded": PlayerCardData,
    "politician_revealed": PoliticianRevealedData,
    "politician_discarded": PoliticianDiscardedData,
    "action_skipped": ActionSkippedData,
    "trend_changed": TrendChangedData,
    "votes_gained": VotesGainedData,
    "others_trend_down": PlayerBoardData,
    "free_rallies": FreeRalliesData,
    "poll_free_taken": PlayerBoardData,
    "poll_free": PollFreeData,
    "politician_paid": PoliticianPaidData,
    "double_removed": PlayerBoardData,
    "double_placed": DoublePlacedData,
    "media_removed": MediaRemovedData,
    "poll_auction": PollAuctionData,
    "poll_bid": PollBidData,
    "poll_pass": PlayerBoardData,
    "poll_unsold": BoardData,
    "poll_won": PollWonData,
    "poll_published": PollPublishedData,
    "poll_kept": PollKeptData,
    "votes_converted": VotesConvertedData,
    "presence_moved": PresenceData,
    "presence_kept": PresenceData,
    "election_result": ElectionResult,
    "state_added": StateAddedData,
    "income": IncomeData,
    "final_scores": FinalScoresData,
}
