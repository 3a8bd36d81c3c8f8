"""Suite-wide settings."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hustings.engine.i18n import set_strict
from hustings.table.keys import DATA_DIR_ENV


def pytest_configure(config: pytest.Config) -> None:
    # a missing message, field or translation fails the test instead of rendering as its key (docs/i18n.md)
    set_strict(True)


@pytest.fixture(autouse=True)
def hustings_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own data folder (save key, default saves): never the real user's."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    yield folder


# The toy games of tests/toygame join every suite like a third-party game would: by one registration.
from toygame import register_toys  # noqa: E402

register_toys()
