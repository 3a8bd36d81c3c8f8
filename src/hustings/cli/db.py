"""``hustings db``: looking after a server's database (docs/server.md, "Damaged tables"). Its imports are inside
the commands: the server is an extra (``pip install 'hustings[server]'``)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from hustings.cli.app import app
from hustings.cli.common import fail

db_app = typer.Typer(help="Look after an online server's database (hustings serve).", no_args_is_help=True)
app.add_typer(db_app, name="db")


@db_app.command()
def check(
    db: Annotated[str | None, typer.Option(help="sqlite:///PATH or postgresql://... (default: the SQLite file "
                                                "hustings serve uses)")] = None,
    replay: Annotated[bool, typer.Option(help="also replay every table as the server would load it (finds moves "
                                              "the game refuses, options it does not take)")] = True,
) -> None:
    """List the damaged tables of a server's database and what is wrong with each (exit 1 when there are any).
    Only reads: nothing is changed, repaired or deleted."""
    try:
        from hustings.server.app import default_db_url
        from hustings.server.live import TableRefused, build
        from hustings.server.store import StoreError, TableDamaged, open_store
    except ImportError as e:
        fail(f"the server needs its extra: pip install 'hustings[server]' ({e})")
    url = db or default_db_url()
    where = url.split("@")[-1]
    try:
        store = open_store(url, read_only=True)
    except StoreError as e:
        fail(f"cannot open the database: {e}")
    try:
        pending = store.pending_migrations()
        if pending:
            fail(f"the database {where} has an older schema (migrations {', '.join(map(str, pending))} are not "
                 "applied yet): hustings serve applies them at its start; check it after that")
        damaged = store.damaged()
        records = store.tables()
        total = len({r.id for r in records} | set(damaged))
        for record in records if replay else ():
            if record.id in damaged:
                continue
            try:  # what the server does when it loads the table (a table of other rules is refused, not damaged)
                build(record, store.seats(record.id), store.actions(record.id), store, 0.0)
            except TableDamaged as e:
                damaged[record.id] = e.what
            except TableRefused:
                pass
    except StoreError as e:
        fail(f"cannot read the database: {e}")
    finally:
        store.close()
    console = Console()
    if not damaged:
        console.print(f"No damaged tables among the {total} tables of {where}.")
        return
    listing = Table(title=f"Damaged tables in {where}")
    listing.add_column("table", no_wrap=True)
    listing.add_column("what is wrong")
    for table_id, what in damaged.items():
        listing.add_row(table_id, what)
    console.print(listing)
    console.print(f"{len(damaged)} of {total} tables are damaged: the server refuses them (damaged_table) and serves "
                  "every other table. Each is left as it is.")
    raise typer.Exit(1)
