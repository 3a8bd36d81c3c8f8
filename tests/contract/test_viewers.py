"""A view or the events of a seat that is not one are refused with a ValueError naming it, on both builds (the
compiled one checks argument types on entry: a signature that does not take any value would refuse with a
TypeError instead), and never answered with some seat's secrets: -1 is not the last seat, True is not seat 1."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import CONFIG_IDS, CONFIGS, Config

BAD: list[Any] = [-1, True, False, 1.5, "0", [0], b"0"]


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_a_view_or_events_of_no_seat_are_refused(config: Config) -> None:
    s = config.make(31)
    n = s.num_players
    for who in [*BAD, n, n + 7]:
        with pytest.raises(ValueError) as info:
            s.view(who)
        assert str(info.value), f"{config}: view({who!r}) refused without a message"
        with pytest.raises(ValueError):
            s.events(who)
    assert s.view(None) is not None and s.view(n - 1) is not None
