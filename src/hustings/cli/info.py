"""What is there: ``hustings games`` (the registered games, their variants, player counts and options) and
``hustings schema`` (the JSON Schemas of a game's views, actions and events, or of the server's protocol) and
``hustings rules`` (the house rules a game takes)."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

import hustings
from hustings.cli.app import app
from hustings.cli.common import fail, game_title, lang_option, say, spec_of
from hustings.engine import get_spec
from hustings.engine.house import HOUSE_RULES_KIND
from hustings.engine.schema import SCHEMA_KIND


def _counts(counts: list[int]) -> str:
    if counts and counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 1:
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(str(c) for c in counts)


@app.command()
def games(lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en")] = None) -> None:
    """List the registered games with their variants and player counts."""
    language = lang_option(lang)
    table = Table()
    for key in ("game", "title", "variants", "players", "options"):
        # what one types (the id, the option names) is never cut; titles and counts wrap instead
        table.add_column(say(key, language), no_wrap=key in ("game", "options"))
    for game_id in hustings.list_games():
        spec = get_spec(game_id)
        variants = "\n".join(v + (" (default)" if v == spec.default_variant else "") for v in spec.variants)
        counts = "\n".join(f"{v}: {_counts(spec.player_counts(v))}" for v in spec.variants)
        options = "\n".join(k for k in spec.options if k not in ("players", "variant"))
        table.add_row(game_id, game_title(spec, language), variants, counts, options)
    Console().print(table)


@app.command()
def schema(
    game: Annotated[str, typer.Argument(help="game id (see: hustings games)")],
    part: Annotated[str, typer.Option(help="view, action, events, all, or protocol (the server's messages)")] = "all",
) -> None:
    """Print the JSON Schema (draft 2020-12) of a game's view, action JSON or event data, or of the server's
    protocol with that game's parts plugged in (docs/server.md)."""
    spec = spec_of(game)
    if part not in ("view", "action", "events", "all", "protocol"):
        fail(f"unknown --part {part!r}: use view, action, events, all or protocol")
    if part == "protocol":
        from hustings.server.protocol import protocol_schema

        typer.echo(json.dumps(protocol_schema(spec.id), ensure_ascii=False, indent=2))
        return
    schemas = spec.adapter(SCHEMA_KIND)
    if schemas is None:
        fail(f"{spec.id} declares no schemas")
    typer.echo(json.dumps(schemas.all() if part == "all" else schemas.part(part), ensure_ascii=False, indent=2))



@app.command()
def rules(
    game: Annotated[str, typer.Argument(help="game id (see: hustings games)")],
    lang: Annotated[str | None, typer.Option(help="zh-Hans, zh-Hant or en")] = None,
    markdown: Annotated[bool, typer.Option(help="print the Markdown table of docs/lab.md")] = False,
) -> None:
    """List the house rules a game takes (--set PATH=VALUE, --rules FILE): each path, the values it takes, the
    printed game's value and what it changes."""
    language = lang_option(lang)
    spec = spec_of(game)
    schema = spec.adapter(HOUSE_RULES_KIND)
    if schema is None:
        fail(f"{spec.id} takes no house rules")
    if markdown:
        typer.echo(schema.markdown(language))
        return
    table = Table(title=game_title(spec, language))
    for col in ("path", "values", "printed", "what"):
        table.add_column(say(f"house_{col}", language), no_wrap=col == "path")
    for row in schema.rows(language):
        table.add_row(*row)
    console = Console()
    console.print(table)
    for path, ids in schema.ids().items():
        console.print(f"<id> ({path}): {', '.join(ids)}", highlight=False, markup=False)
