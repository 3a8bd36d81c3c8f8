"""Suite-wide settings."""

from __future__ import annotations

import pytest

from hustings.engine.i18n import set_strict


def pytest_configure(config: pytest.Config) -> None:
    # a missing message, field or translation fails the test instead of rendering as its key (docs/i18n.md)
    set_strict(True)


# The toy games of tests/toygame join every suite like a third-party game would: by one registration.
from toygame import register_toys  # noqa: E402

register_toys()
