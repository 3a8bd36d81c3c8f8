"""One game at the terminal table, without the terminal: a thin adapter over :class:`hustings.table.Match`.

The interface asks the session who acts, which view to show and what to send; the match applies only legal
actions and saves after every one. What is the terminal's own stays here: whose view is on screen, and
when the device must be handed over.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hustings.bots.random_bot import Bot
from hustings.engine import Action, GameState, Outcome
from hustings.engine.adapters import AdapterKind
from hustings.table.match import Match
from hustings.table.settings import TableSettings
from hustings.table.store import FileStore
from hustings.tui.choices import find_action


@dataclass
class PlanResult:
    """What happened to a plan of several actions: how many were sent, and the first that was not."""

    sent: int
    stopped: tuple[str, tuple[int, ...]] | None = None


class Session:
    """``Session(state, table, path)`` plays ``state`` and saves it to ``path`` (replacing that file)."""

    def __init__(self, state: GameState, table: TableSettings, path: Path | None) -> None:
        if len(table.bots) != state.num_players:
            raise ValueError(f"{len(table.bots)} seats given for a {state.num_players}-player game")
        store, match_id = FileStore.at(path) if path is not None else (None, None)
        self.match = Match(state, table, store, match_id, replace=True)
        self.path = path

    @classmethod
    def of(cls, match: Match, path: Path | None) -> Session:
        """A session over a match already stored (e.g. resumed from ``path``)."""
        session = cls.__new__(cls)
        session.match = match
        session.path = path
        return session

    @classmethod
    def new(cls, game: str, players: int, variant: str | None, seed: int | None, table: TableSettings,
            path: Path | None, options: Mapping[str, Any] | None = None,
            rules: Mapping[str, Any] | None = None) -> Session:
        """A new game (a fresh 128-bit seed unless ``seed`` is given) with the game's ``options`` and house
        ``rules`` (issue 29), saved at once; never overwrites."""
        if len(table.bots) != players:
            raise ValueError(f"{len(table.bots)} seats given for a {players}-player game")
        store, match_id = FileStore.at(path) if path is not None else (None, None)
        return cls.of(Match.new(game, table, variant=variant, seed=seed, store=store, match_id=match_id,
                                options=options, rules=rules), path)

    # -- what the interface reads ------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def table(self) -> TableSettings:
        return self.match.settings

    @property
    def bots(self) -> list[Bot | None]:
        return self.match.bots

    @property
    def is_over(self) -> bool:
        """The game ended: by its rules, or given up at this table."""
        return self.match.is_over

    @property
    def given_up(self) -> int | None:
        return self.match.given_up

    def outcome(self) -> Outcome:
        return self.match.outcome()

    def can_give_up(self, p: int) -> bool:
        return self.match.can_give_up(p)

    def give_up(self, p: int) -> None:
        """``p``'s person gives the game up (a one-player game): it ends, lost, and is saved so."""
        self.match.give_up(p)

    # -- seats ---------------------------------------------------------------------------------

    @property
    def humans(self) -> tuple[int, ...]:
        return self.match.humans

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def is_human(self, p: int) -> bool:
        return self.match.is_human(p)

    def actor(self) -> int | None:
        """The player who acts next, by the table core's turn policy (:meth:`~hustings.table.core.Table.next_actor`:
        in a simultaneous step, the bots still to act first, then the first person still to act)."""
        return self.match.next_actor()

    def bot_pause(self, p: int, fast: bool = False) -> float:
        """How long to wait before the bot of seat ``p`` moves (the table core's one pause rule)."""
        return self.match.bot_pause(p, fast)

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
        return self.match.legal(p)

    def apply(self, p: int, action: Action) -> None:
        """Apply one of ``p``'s legal actions and save; IllegalActionError (nothing changed) for anything
        else, SaveError (nothing changed) if it cannot be saved."""
        self.match.submit(p, action)

    def apply_plan(self, p: int, kind: str, parts: Sequence[tuple[int, ...]], finish: str | None = None) -> PlanResult:
        """Send the parts in order, each looked up in the legal list as it is then; stop at the first
        that is no longer legal. ``finish`` (e.g. ``done``) is sent after all parts when it is legal."""
        sent = 0
        for args in parts:
            act = find_action(self.match.legal(p), kind, args)
            if act is None:
                return PlanResult(sent, (kind, tuple(args)))
            self.apply(p, act)
            sent += 1
        if finish is not None and self.actor() == p:
            act = find_action(self.match.legal(p), finish, ())
            if act is not None:
                self.apply(p, act)
        return PlanResult(sent)

    def bot_choice(self, p: int) -> Action:
        """The bot in seat ``p`` picks from its view and legal actions (a search bot also gets its
        information set), never from the state."""
        return self.match.bot_move(p)

    def is_slow_bot(self, p: int) -> bool:
        return bool(getattr(self.match.bots[p], "searches", False))

    def save(self) -> None:
        self.match.save()


#: what a game's ``keys`` adapter is: its own board played with the keys at a terminal, over a table session
#: (``hustings play GAME --keys``), in the interface language; it returns when the person leaves or the game ends
KeysBoard = Callable[[Session, str], None]

KEYS_KIND: AdapterKind[KeysBoard] = AdapterKind(
    "keys", "a function play(session, lang) that runs the game's own board, played with the keys, over a table "
    "session (hustings.tui.session.Session)", callable,
    "`hustings play GAME --keys`; without it, `--keys` is refused in one line")
