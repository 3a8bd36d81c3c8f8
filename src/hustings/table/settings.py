"""Who sits where at a table, and how the table speaks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hustings.bots.registry import check_bot_name
from hustings.engine.core import LANGS

NAME_STYLES = ("local", "de", "both")


class SettingsError(ValueError):
    """Table settings that cannot be used; the message names the field."""


@dataclass(frozen=True)
class TableSettings:
    """``bots[p]`` is the bot in seat ``p`` (as :func:`hustings.bots.make_bot` spells it), None for a person."""

    bots: tuple[str | None, ...]
    lang: str = "en"
    names: str = "local"

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(p for p, b in enumerate(self.bots) if b is None)

    def to_json(self) -> dict[str, Any]:
        return {"humans": list(self.humans), "bots": list(self.bots), "lang": self.lang, "names": self.names}

    @classmethod
    def from_json(cls, data: object, players: int) -> TableSettings:
        """Raises SettingsError naming the bad field."""
        if not isinstance(data, Mapping):
            raise SettingsError("its table settings ('table') are missing or not an object")
        bots = data.get("bots")
        if not isinstance(bots, list) or len(bots) != players:
            raise SettingsError(f"'table.bots' must list one entry per seat ({players})")
        for b in bots:
            if b is None:
                continue
            if not isinstance(b, str):
                raise SettingsError(f"'table.bots' holds {_short(b)}, not a bot name or null")
            try:
                check_bot_name(b)
            except ValueError as e:
                raise SettingsError(f"'table.bots': {e}") from None
        lang = data.get("lang", "en")
        if not isinstance(lang, str) or lang not in LANGS:
            raise SettingsError(f"'table.lang' is {_short(lang)}, not one of {', '.join(LANGS)}")
        names = data.get("names", "local")
        if not isinstance(names, str) or names not in NAME_STYLES:
            raise SettingsError(f"'table.names' is {_short(names)}, not one of {', '.join(NAME_STYLES)}")
        return cls(tuple(bots), lang, names)


def _short(value: object, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
