"""The one table of Die Macher classic's phases: for each phase its seed section, the kinds of decision it
takes, and the functions that list the legal actions, apply one, and run the automatic steps that follow
(``advance`` returns True when somebody must decide, False when it moved the game to another phase). The engine
kit's :class:`PhaseTable` dispatches and names refusals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.engine.kit import PhaseRules, PhaseTable
from hustings.games.die_macher.phases import Phase
from hustings.games.die_macher.rules import (
    bidding,
    cabinet,
    coalitions,
    conversion,
    election,
    media,
    platform,
    polls,
    rallies,
    round_end,
    setup,
)

if TYPE_CHECKING:
    from hustings.games.die_macher.rules.state import DieMacher


def _nothing(s: DieMacher, p: int) -> list[Action]:
    return []


def _over(s: DieMacher, p: int, a: Action) -> None:
    raise RuntimeError("the game is over")  # unreachable: the engine refuses actions after the end


# a phase whose player simply decides next has no advance (None), not one that returns True: a call fewer a step
PHASES: PhaseTable[DieMacher] = PhaseTable({
    Phase.SHEET: PhaseRules("§遊戲流程 1", ("sheet1", "sheet2"), setup.sheet_legal, setup.sheet_apply,
                            setup.sheet_advance),
    Phase.BID: PhaseRules("2.i", ("bid",), bidding.bid_legal, bidding.bid_apply, bidding.bid_advance),
    Phase.TIE: PhaseRules("2.i", ("bid",), bidding.tie_legal, bidding.bid_apply, bidding.bid_advance),
    Phase.FIRST: PhaseRules("2.i", ("first",), bidding.first_legal, bidding.first_apply),
    Phase.PLATFORM: PhaseRules("2.ii", ("discard", "draw", "swap", "keep"), platform.legal, platform.apply),
    Phase.CAB_PLACE: PhaseRules("2.iii", ("cab", "done"), cabinet.place_legal, cabinet.place_apply),
    Phase.CAB_EXEC: PhaseRules("2.iii", ("cab_votes", "cab_up", "cab_down", "cab_double", "cab_undouble",
                                         "cab_media"), cabinet.exec_legal, cabinet.exec_apply, cabinet.exec_advance),
    Phase.COALITION: PhaseRules("2.iv", ("offer", "force", "pass"), coalitions.legal, coalitions.apply,
                                coalitions.advance),
    Phase.ANSWER: PhaseRules("2.iv", ("accept", "decline"), coalitions.answer_legal, coalitions.answer_apply,
                             coalitions.answer_advance),
    Phase.MEDIA: PhaseRules("2.v", ("media", "pass"), media.legal, media.apply, media.advance),
    Phase.EXCHANGE: PhaseRules("2.v / 2.viii", ("exch", "pass"), media.exchange_legal, media.exchange_apply,
                               media.exchange_advance),
    Phase.RALLY: PhaseRules("2.vi", ("rally",), rallies.legal, rallies.apply, rallies.advance),
    Phase.POLL_BID: PhaseRules("2.vii", ("pbid", "pass"), polls.bid_legal, polls.bid_apply, polls.bid_advance),
    Phase.POLL_DECIDE: PhaseRules("2.vii", ("publish", "secret", "secret_split"), polls.decide_legal,
                                  polls.decide_apply),
    Phase.CONVERT: PhaseRules("2.viii", ("convert", "pass"), conversion.legal, conversion.apply,
                              conversion.advance),
    Phase.NATIONAL: PhaseRules("3.iii", ("natmedia", "pass", "natop", "done"), election.national_legal,
                               election.national_apply, election.national_advance),
    Phase.DONATION: PhaseRules("4.iii", ("donate",), round_end.donation_legal, round_end.donation_apply,
                               round_end.donation_advance),
    Phase.OVER: PhaseRules("§遊戲結束", (), _nothing, _over),
})
