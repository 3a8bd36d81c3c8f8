"""One game at the terminal table, without the terminal: seats, bots, moves, saving, whose eyes.

The interface asks the session who acts, which view to show and what to send; the session applies only
actions taken from ``legal_actions`` and saves the record after every one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import hustings
from hustings.bots import make_bot
from hustings.bots.random_bot import Bot
from hustings.bots.runner import ask
from hustings.engine import Action, GameState, IllegalActionError
from hustings.tui import recordfile
from hustings.tui.choices import find_action
from hustings.tui.recordfile import TableSettings


@dataclass
class PlanResult:
    """What happened to a plan of several actions: how many were sent, and the first that was not."""

    sent: int
    stopped: tuple[str, tuple[int, ...]] | None = None


class Session:
    def __init__(self, state: GameState, table: TableSettings, path: Path | None) -> None:
        if len(table.bots) != state.num_players:
            raise ValueError(f"{len(table.bots)} seats given for a {state.num_players}-player game")
        self.state = state
        self.table = table
        self.path = path
        # Bot seeds follow from the game seed, which no bot or person sees. People are waiting, so search
        # bots also stop at their level's time limit (clock=True).
        self.bots: list[Bot | None] = [
            None if name is None else make_bot(name, state.GAME_ID, state.seed * 16 + p, clock=True)
            for p, name in enumerate(table.bots)
        ]

    @classmethod
    def new(cls, game: str, players: int, variant: str | None, seed: int | None, table: TableSettings,
            path: Path | None) -> Session:
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        state = hustings.make(game, players=players, variant=variant, seed=seed)
        session = cls(state, table, path)
        session.save()
        return session

    # -- seats ---------------------------------------------------------------------------------

    @property
    def humans(self) -> tuple[int, ...]:
        return self.table.humans

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def is_human(self, p: int) -> bool:
        return self.table.bots[p] is None

    def actor(self) -> int | None:
        """The player who acts next (in a secret simultaneous step, the first of those still to act)."""
        cur = self.state.current_players
        return cur[0] if cur else None

    def viewer_for(self, actor: int | None) -> int | None:
        """Whose view the screen shows while ``actor`` is to act.

        One person: always theirs. Several people at one keyboard: the person to act, and the spectator's
        view while a bot acts or the game is over, so nobody's secrets stay on screen for the next person.
        """
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        if actor is not None and actor in humans:
            return actor
        return None

    def needs_handover(self, shown_to: int | None, actor: int | None) -> bool:
        """A pass-the-device screen is due before showing ``actor``'s view to them."""
        return self.hot_seat and actor is not None and self.is_human(actor) and actor != shown_to

    # -- moves ---------------------------------------------------------------------------------

    def legal(self, p: int) -> list[Action]:
        return list(self.state.legal_actions(p))

    def apply(self, p: int, action: Action) -> None:
        """Apply one of ``p``'s legal actions and save; raises IllegalActionError for anything else."""
        if action not in self.state.legal_actions(p):
            raise IllegalActionError(f"{action.text('en')} is not among player {p}'s legal actions")
        self.state.apply(p, action)
        self.save()

    def apply_plan(self, p: int, kind: str, parts: Sequence[tuple[int, ...]], finish: str | None = None) -> PlanResult:
        """Send the parts in order, each looked up in the legal list as it is then; stop at the first
        that is no longer legal. ``finish`` (e.g. ``done``) is sent after all parts when it is legal."""
        sent = 0
        for args in parts:
            legal = self.state.legal_actions(p)
            act = find_action(legal, kind, args)
            if act is None:
                return PlanResult(sent, (kind, tuple(args)))
            self.apply(p, act)
            sent += 1
        if finish is not None and self.actor() == p:
            act = find_action(self.state.legal_actions(p), finish, ())
            if act is not None:
                self.apply(p, act)
        return PlanResult(sent)

    def bot_choice(self, p: int) -> Action:
        """The bot in seat ``p`` picks from its view and legal actions (a search bot also gets its
        information set), never from the state."""
        bot = self.bots[p]
        if bot is None:
            raise ValueError(f"seat {p} is a person, not a bot")
        return ask(bot, self.state, p, self.state.legal_actions(p))

    def is_slow_bot(self, p: int) -> bool:
        return bool(getattr(self.bots[p], "searches", False))

    def save(self) -> None:
        if self.path is not None:
            recordfile.save(self.path, self.state, self.table)
