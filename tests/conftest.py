"""Suite-wide fixtures."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hustings.table.keys import DATA_DIR_ENV


@pytest.fixture(autouse=True)
def hustings_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own data folder (save key, default saves): never the real user's."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    yield folder
