"""Who sits where at a table: the one reading of player counts, seats and bots, for the command line and the lobby.

A table has one entry per seat: a bot's name (as :func:`hustings.bots.make_bot` spells it: ``random``,
``heuristic``, ``ismcts:hard``) or None for a person. The command line spells the seats as ``--seat 0,2`` (the
people's seats, ``all`` or ``none``) and ``--bots ismcts:hard,heuristic`` (the bots of the other seats in seat
order, or one name for them all); the lobby sends one object per seat, ``{"bot": name or null, "name": text}``.
Both are read here. A bad spec raises :class:`SeatSpecError`: one line naming the option or field and what was
wrong; nothing has been started or changed by then.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from hustings.bots.heuristic import heuristic_for
from hustings.bots.learned import check_learned
from hustings.bots.registry import check_bot_name
from hustings.engine import get_spec

#: the longest name a person may give their seat (the lobby's name box)
MAX_NAME = 40
#: how a bot is named, for the one line of a bad spec
BOT_SPELLING = "random, heuristic, ismcts[:easy|normal|hard], learned"


class SeatSpecError(ValueError):
    """A bad player count, seat or bot spec: the message is one line that names what was wrong."""


@dataclass(frozen=True)
class Seat:
    """One seat as the lobby sets it up: ``bot`` None for a person's seat; ``name`` "" when none was given."""

    bot: str | None
    name: str = ""


def default_bot(game: str) -> str:
    """The bot for seats nobody named one for: the game's heuristic where it has one, else ``random``."""
    return "heuristic" if heuristic_for(game) is not None else "random"


def check_players(game: str, variant: str | None, players: object, field: str = "--players") -> int:
    """``players`` if ``variant`` of ``game`` (None: its default) is played by that many, else SeatSpecError."""
    spec = get_spec(game)
    variant = spec.default_variant if variant is None else variant
    if variant not in spec.variants:
        raise SeatSpecError(f"unknown variant {str(variant)[:40]!r} for {game}; variants: {', '.join(spec.variants)}")
    counts = spec.player_counts(variant)
    if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
        raise SeatSpecError(f"{field}: {game} {variant} takes {counts[0]} to {counts[-1]} players, not "
                            f"{str(players)[:20]}")
    return players


def check_bot(game: str, name: object, field: str = "--bots", players: int | None = None) -> str:
    """``name`` if it names a bot that can take a seat of ``game`` (with ``players``, when given), else
    SeatSpecError naming ``field``."""
    if not isinstance(name, str):
        raise SeatSpecError(f"{field}: a bot is named by a string ({BOT_SPELLING})")
    try:
        check_bot_name(name)
    except ValueError as e:
        raise SeatSpecError(f"{field}: {e}") from None
    if name == "heuristic" and heuristic_for(game) is None:
        raise SeatSpecError(f"{field}: {game} has no heuristic bot (random and ismcts play every game)")
    if name == "learned":
        try:
            check_learned(game, players)
        except ValueError as e:
            raise SeatSpecError(f"{field}: {e}") from None
    return name


def bot_list(text: str, game: str, field: str = "--bots", players: int | None = None) -> list[str]:
    """``"ismcts:hard,heuristic"`` as the names it lists, each checked for ``game`` (with ``players``)."""
    names = [t.strip() for t in text.split(",") if t.strip()]
    if not names:
        raise SeatSpecError(f"{field} needs at least one bot name ({BOT_SPELLING})")
    return [check_bot(game, name, field, players) for name in names]


def people_seats(text: str, players: int, field: str = "--seat") -> list[int]:
    """``--seat``: ``0``, ``0,2``, ``all`` or ``none`` as the people's seats (0-based, shown as P1..PN), sorted."""
    t = text.strip().lower()
    if t == "all":
        return list(range(players))
    if t == "none":
        return []
    seats: list[int] = []
    for part in t.split(","):
        part = part.strip()
        if not part.isdigit():
            raise SeatSpecError(f"{field} {text!r}: give seat numbers 0..{players - 1} separated by commas, or "
                                "all, or none")
        p = int(part)
        if not 0 <= p < players:
            raise SeatSpecError(f"{field} {p} is not in a {players}-player game (seats are 0..{players - 1}, "
                                f"shown as P1..P{players})")
        if p in seats:
            raise SeatSpecError(f"{field} {p} is given twice")
        seats.append(p)
    return sorted(seats)


def seats_from_options(game: str, players: int, seat: str | None = None,
                       bots: str | None = None) -> tuple[str | None, ...]:
    """The seats of a table from the command line's ``--seat`` (None: ``0``, you against bots) and ``--bots``
    (None: :func:`default_bot`): one bot name per bot seat in seat order, or one name for them all."""
    humans = people_seats(seat if seat is not None else "0", players)
    bot_seats = [p for p in range(players) if p not in humans]
    if bots is not None and not bot_seats:
        raise SeatSpecError("--bots: every seat is a person's (--seat), so there is no seat for a bot")
    names = bot_list(bots if bots is not None else default_bot(game), game, players=players)
    if len(names) == 1:
        names = names * len(bot_seats)
    elif len(names) != len(bot_seats):
        shown = ", ".join(f"P{p + 1}" for p in bot_seats)
        raise SeatSpecError(f"--bots names {len(names)} bots for {len(bot_seats)} bot seat(s) ({shown}): name one "
                            "bot per bot seat in seat order, or a single name for all of them")
    out: list[str | None] = [None] * players
    for p, name in zip(bot_seats, names, strict=True):
        out[p] = name
    return tuple(out)


def bots_per_seat(text: str, game: str, players: int, field: str = "--bots") -> list[str]:
    """The lab's and the demo's ``--bots``: one bot for every seat, the last name repeated for the seats after it
    (``"ismcts:hard,heuristic,random"`` in a 4-player game: the fourth seat gets ``random``)."""
    names = bot_list(text, game, field, players)
    if len(names) > players:
        raise SeatSpecError(f"{field}: {len(names)} bots named for {players} players")
    return names + [names[-1]] * (players - len(names))


def seats_from_json(game: str, players: int, seats: object, field: str = "seats") -> list[Seat]:
    """The lobby's seats: None (every seat a person's) or a list of one ``{"bot", "name"}`` object per seat."""
    if seats is None:
        return [Seat(None)] * players
    if not isinstance(seats, Sequence) or isinstance(seats, str | bytes) or len(seats) != players:
        raise SeatSpecError(f"{field} must list one entry per player ({players})")
    out: list[Seat] = []
    for i, s in enumerate(seats):
        if not isinstance(s, Mapping):
            raise SeatSpecError(f"{field}[{i}] must be an object {{bot, name}}")
        bot = s.get("bot")
        name = s.get("name") or ""
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise SeatSpecError(f"{field}[{i}].name must be text of at most {MAX_NAME} characters")
        out.append(Seat(None if bot is None else check_bot(game, bot, f"{field}[{i}].bot", players), name))
    return out


__all__ = [
    "BOT_SPELLING",
    "MAX_NAME",
    "Seat",
    "SeatSpecError",
    "bot_list",
    "bots_per_seat",
    "check_bot",
    "check_players",
    "default_bot",
    "people_seats",
    "seats_from_json",
    "seats_from_options",
]
