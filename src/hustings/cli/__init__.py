"""The ``hustings`` command line, by command group: what is there (:mod:`.info`: games, schema), the lab
(:mod:`.lab`: simulate, tournament, demo, ratings; :mod:`.compare`: two rule sets side by side), records
(:mod:`.records`: replay, export), playing at this terminal (:mod:`.play`: play, saves), research (:mod:`.research`:
benchmark, dataset; :mod:`.train`: train), the online server (:mod:`.serve`) and its
database (:mod:`.db`: check). :data:`app` is the Typer app;
:func:`main` the console script (``hustings = "hustings.cli:main"``).
"""

from __future__ import annotations

# importing a group registers its commands on the app, in this order in `hustings --help`
from hustings.cli import compare, db, info, lab, play, records, research, serve, train
from hustings.cli.app import app


def main() -> None:
    """Console-script entry point."""
    app(prog_name="hustings")


__all__ = ["app", "compare", "db", "info", "lab", "main", "play", "records", "research", "serve", "train"]
