"""Suite-wide settings."""

from __future__ import annotations

import pytest

from hustings.engine.i18n import set_strict


def pytest_configure(config: pytest.Config) -> None:
    # a missing message, field or translation fails the test instead of rendering as its key (docs/i18n.md)
    set_strict(True)
