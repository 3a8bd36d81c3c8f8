"""Outside policies for the tests (named by file path: ``tests/rl/outside_policy.py:FirstLegal``)."""

from __future__ import annotations

from typing import Any

SEEN: list[tuple[str, str]] = []  # (type of the view, type of each legal entry) as the policies were given them


class FirstLegal:
    """A factory (a class): one instance per seat; plays the legal action with the lowest id, as an id."""

    def __init__(self, game: str, seat: int, seed: int) -> None:
        self.game = game
        self.seat = seat

    def act(self, view: Any, legal: list[Any]) -> int:
        SEEN.append((type(view).__name__, type(legal[0]).__name__))
        return min(a.id for a in legal)


class _Cheat:
    """Returns something that is not a legal action."""

    def act(self, view: Any, legal: list[Any]) -> Any:
        return "pass"


CHEAT = _Cheat()  # a bot object, used as it is
NOT_A_BOT = 42
