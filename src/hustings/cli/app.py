"""The ``hustings`` program itself: the Typer app, its one-line usage errors and ``--version``.

The commands live in the modules of this package by group (:mod:`.info`, :mod:`.lab`, :mod:`.play`,
:mod:`.records`, :mod:`.serve`) and register themselves on :data:`app` when :mod:`hustings.cli` imports them.
"""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer
from typer._click import exceptions as click_errors  # typer carries its own click (private, but no other way)
from typer.core import TyperGroup

import hustings

USAGE_ERROR = 2


class _OneLineErrors(TyperGroup):
    """Typer's own usage errors (``--players x``, an unknown option) in one line too, like every other error."""

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,  # type: ignore[override]
             standalone_mode: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click_errors.NoArgsIsHelpError as e:
            e.show()
            sys.exit(e.exit_code)
        except click_errors.UsageError as e:
            where = f" (see: hustings {e.ctx.info_name} --help)" if e.ctx is not None and e.ctx.parent else ""
            message = " ".join(e.format_message().split())
            typer.echo(f"hustings: error: {message}{where}", err=True)
            sys.exit(USAGE_ERROR)
        except click_errors.ClickException as e:
            e.show()
            sys.exit(e.exit_code)
        except typer.Abort:
            typer.echo("hustings: aborted", err=True)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)


app = typer.Typer(
    name="hustings",
    help="Election strategy board games: play them at the terminal or online, watch bots, replay and simulate games.",
    add_completion=False,
    no_args_is_help=True,
    cls=_OneLineErrors,
    # A bug should still show a plain traceback; Rich's boxed one with locals is too much for a CLI.
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    if value:
        import hustings.engine.core as engine_core  # an extension module when the compiled build runs (docs/build.md)

        build = "pure Python" if str(engine_core.__file__).endswith(".py") else "compiled"
        typer.echo(f"hustings {hustings.__version__} ({build})")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool | None, typer.Option("--version", callback=_show_version, is_eager=True,
                                                 help="print the version and exit")] = None,
) -> None:
    """Election strategy board games: play them at the terminal or online, watch bots, replay and simulate games."""

