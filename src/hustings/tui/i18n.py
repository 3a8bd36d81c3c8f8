"""Interface words of the terminal table: a thin wrapper over the shared catalog ``hustings/messages/``.

The words live in ``src/hustings/messages/<lang>.json`` (see docs/i18n.md); the games translate their own
actions and events in their own catalogs, which fall back to this one.
"""

from __future__ import annotations

from hustings.messages import SHARED

__all__ = ["SHARED", "eur", "tr"]


def tr(key: str, lang: str, **kw: object) -> str:
    """The interface text ``key`` in ``lang`` (en, zh-Hans, zh-Hant), with ``{placeholders}`` filled."""
    return SHARED.text(key, lang, **kw)


def eur(amount: int) -> str:
    """An amount in euros as the games print it: 12,000€."""
    return f"{amount:,}€"
