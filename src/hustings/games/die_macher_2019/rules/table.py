"""The one table of Die Macher 2019's phases (seed 000): for each phase its seed section, the kinds of
decision it takes, and the functions that list the legal actions, apply one, and run the automatic
steps that follow (``advance``, for phases that may have nobody to ask: True when somebody must decide in the
phase, False when it moved on). The engine kit's :class:`PhaseTable` dispatches and names refusals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hustings.engine import Action
from hustings.engine.kit import PhaseRules, PhaseTable
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.rules import (
    conversion,
    draft,
    election,
    execution,
    first_player,
    influence,
    media,
    placement,
    polls,
    program,
    rallies,
    round_end,
    setup,
)
from hustings.games.die_macher_2019.rules.illegal import KIND_RULES

if TYPE_CHECKING:
    from hustings.games.die_macher_2019.rules.state import DieMacher2019


def _nothing(s: DieMacher2019, p: int) -> list[Action]:
    return []


def _over(s: DieMacher2019, p: int, a: Action) -> None:
    raise RuntimeError("the game is over")  # unreachable: the engine refuses actions after the end


PHASES: PhaseTable[DieMacher2019] = PhaseTable({
    Phase.PARTY: PhaseRules("一.1", ("party",), setup.party_legal, setup.party_apply),
    Phase.DRAFT: PhaseRules("一.6", ("draft",), draft.draft_legal, draft.draft_apply),
    Phase.PLATFORM: PhaseRules("一.6", ("plat", "keep"), draft.platform_legal, draft.platform_apply),
    Phase.DEPLOY: PhaseRules("一.8", ("deploy",), setup.deploy_legal, setup.deploy_apply),
    Phase.BID: PhaseRules("三.1", ("bid",), first_player.bid_legal, first_player.bid_apply),
    Phase.TIE: PhaseRules("三.1", ("bid", "pass"), first_player.tie_legal, first_player.tie_apply),
    Phase.PROGRAM: PhaseRules("三.2", ("take", "wipe", "pick", "nodraw", "swap", "done", "discard"),
                              program.legal, program.apply),
    Phase.MEDIA: PhaseRules("三.3", ("media", "pass"), media.legal, media.apply),
    Phase.RALLY: PhaseRules("三.4", ("rally", "done"), rallies.legal, rallies.apply),
    Phase.PLACE: PhaseRules("三.5", ("place", "pass"), placement.legal, placement.apply),
    Phase.EXEC: PhaseRules("三.6", ("pay", "decline", "second", "dbl_on", "dbl_off", "mremove"),
                           execution.legal, execution.apply),
    Phase.INFLUENCE: PhaseRules("三.7", ("replace", "pass"), influence.legal, influence.apply, influence.advance),
    Phase.POLL: PhaseRules("三.8", ("bid", "pass"), polls.bid_legal, polls.bid_apply),
    Phase.POLL_DECIDE: PhaseRules("三.8", ("publish", "keep_poll"), polls.decide_legal, polls.decide_apply),
    Phase.CONVERT: PhaseRules("三.9.1", ("convert", "pass"), conversion.legal, conversion.apply,
                              conversion.advance),
    Phase.PRESENCE: PhaseRules("三.9.2", ("presence", "keep_marker"), election.presence_legal,
                               election.presence_apply, election.presence_advance),
    Phase.DONATION: PhaseRules("三.9.3", ("donate", "pass"), round_end.donation_legal, round_end.donation_apply,
                               round_end.donation_advance),
    Phase.OVER: PhaseRules("五.1", (), _nothing, _over),
}, KIND_RULES)
