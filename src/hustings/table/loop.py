"""The one game loop, as the match service offers it (defined in the bots layer: see
:mod:`hustings.bots.loop`)."""

from hustings.bots.loop import Driven, StopReason, drive

__all__ = ["Driven", "StopReason", "drive"]
