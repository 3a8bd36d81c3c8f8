"""The shared message catalog: interface words of every table (terminal, CLI), one JSON file per language.

Game catalogs fall back to :data:`SHARED` (``Catalog.from_package(game_package, "messages", parent=SHARED)``).
"""

from hustings.engine.i18n import Catalog

SHARED = Catalog.from_package("hustings", "messages")

__all__ = ["SHARED"]
