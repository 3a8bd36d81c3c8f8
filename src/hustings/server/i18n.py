"""The server's words (errors sent to clients), in the client's language: ``server.*`` in this package's
``messages/<lang>.json``, falling back to the shared catalog."""

from __future__ import annotations

from hustings.engine.i18n import Catalog
from hustings.messages import SHARED

CATALOG = Catalog.from_package("hustings.server", "messages", parent=SHARED)


def error_text(code: str, lang: str, **fields: object) -> str:
    """The one-line error ``code`` in ``lang``."""
    return CATALOG.text(f"server.error.{code}", lang, **fields)
