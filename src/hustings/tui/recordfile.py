"""The terminal's record file; it lives in :mod:`hustings.table` now (format, sealing, integrity check)."""

from __future__ import annotations

from hustings.table.files import Loaded
from hustings.table.files import load_file as load
from hustings.table.files import save_file as save
from hustings.table.settings import NAME_STYLES, TableSettings
from hustings.table.store import MARKER, VERSION
from hustings.table.store import StoreError as RecordFileError

__all__ = ["MARKER", "NAME_STYLES", "VERSION", "Loaded", "RecordFileError", "TableSettings", "load", "save"]
