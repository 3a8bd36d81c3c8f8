"""What every engine module shares: the JSON type, the interface languages, the engine's errors and the checks of
untrusted input (:func:`as_index`, :func:`_short`). Imports nothing of hustings."""

from __future__ import annotations

import operator
from typing import Any

from mypy_extensions import mypyc_attr

JSON = Any  # a JSON-serializable value
LANGS: tuple[str, ...] = ("zh-Hans", "zh-Hant", "en")


# mypyc (docs/build.md): a plain Python class in the compiled build too, so interpreted code may subclass it
@mypyc_attr(native_class=False)
class IllegalActionError(ValueError):
    """An action the rules do not allow now. The message names the rule; the state is unchanged."""


class RecordError(ValueError):
    """A record that cannot be replayed: unknown game, bad options, or an illegal action in it."""


@mypyc_attr(native_class=False)  # mypyc compiles no subclass of RuntimeError
class ResampleError(RuntimeError):
    """A game could not deal a sample consistent with a player's information (never answered with the truth)."""


def as_index(value: object, what: str) -> int:
    """An integer from ``value`` (int or numpy integer, never a bool or float), else IllegalActionError."""
    if isinstance(value, bool):
        raise IllegalActionError(f"{what} must be an integer, not {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalActionError(f"{what} must be an integer, not {_short(value)}") from None


def _short(value: object, limit: int = 60) -> str:
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not turn bad input into a crash
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


_LANG_SET = frozenset(LANGS)


def normalize_lang(lang: str | None) -> str:
    """Map a locale or language tag to one of :data:`LANGS` (default English)."""
    if lang is not None and lang in _LANG_SET:  # one of ours already: asked several times a move by every text
        return lang
    if not lang:
        return "en"
    tag = lang.replace("_", "-").split(".")[0].lower()
    if tag in ("zh-hant", "zh-tw", "zh-hk", "zh-mo") or tag.startswith("zh-hant"):
        return "zh-Hant"
    if tag.startswith("zh"):
        return "zh-Hans"
    return "en"



__all__ = ["JSON", "LANGS", "IllegalActionError", "RecordError", "ResampleError", "as_index", "normalize_lang"]
