"""The JSON Schemas of Die Macher 2019 describe what the game really hands out (issue 8.4).

Views of random games for every seat and the spectator, every event and every action of the space validate
against ``hustings schema die-macher-2019``; the schemas are closed, so an undeclared field fails here.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

import hustings
from hustings.cli import app
from hustings.engine import get_spec
from hustings.engine.schema import DIALECT
from hustings.games.die_macher_2019.actions import SPACE
from hustings.games.die_macher_2019.phases import Phase
from hustings.games.die_macher_2019.schema import SCHEMA
from hustings.games.die_macher_2019.view_types import EVENT_DATA

GAME = "die-macher-2019"


def validator(part: str) -> Draft202012Validator:
    schema = SCHEMA.part(part)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def errors(v: Draft202012Validator, value: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in v.iter_errors(value)][:5]


@pytest.mark.parametrize("variant", ["standard", "expanded"])
def test_views_of_random_games_validate_against_the_view_schema(variant: str) -> None:
    v = validator("view")
    phases: set[str] = set()
    checked = 0
    for seed in range(6):
        n = 3 + seed % 3
        s = hustings.make(GAME, players=n, variant=variant, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            if s.step_count % 7 == 0 or s.phase in (Phase.POLL_DECIDE, Phase.TIE, Phase.EXEC):
                for p in [*range(n), None]:
                    view = s.view(p)
                    # through JSON, as a client gets it: the Phase enum is its string there
                    wire = json.loads(json.dumps(view))
                    assert not errors(v, wire), f"seed {seed} step {s.step_count} seat {p}: {errors(v, wire)}"
                    checked += 1
                phases.add(s.phase)
            p = s.current_players[0]
            acts = s.legal_actions(p)
            s.apply(p, acts[rng.randrange(len(acts))])
        final = json.loads(json.dumps(s.view(0)))
        assert not errors(v, final)
        assert final["scores"] is not None
    assert checked > 300
    assert {"draft", "platform", "bid", "program", "exec", "poll", "convert"} <= phases


def test_every_event_of_random_games_validates_and_every_emitted_type_is_declared() -> None:
    v = validator("events")
    seen: set[str] = set()
    for seed in range(8):
        variant = "expanded" if seed % 2 else "standard"
        s = hustings.make(GAME, players=3 + seed % 3, variant=variant, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            p = s.current_players[0]
            acts = s.legal_actions(p)
            s.apply(p, acts[rng.randrange(len(acts))])
        for e in s.all_events():
            j = e.to_json("en")
            assert e.type in EVENT_DATA, f"event type {e.type!r} has no declared data type"
            assert not errors(v, j), f"seed {seed} {e.type}: {errors(v, j)}"
            seen.add(e.type)
    assert len(seen) > 40


def test_the_event_schema_rejects_wrong_data() -> None:
    v = validator("events")
    good = {"type": "media_bought", "to": None, "step": 3, "data": {"player": 1, "board": 2, "cost": 5000}}
    assert not errors(v, good)
    assert errors(v, {**good, "data": {"player": 1, "board": 2}})  # a missing field
    assert errors(v, {**good, "data": {"player": 1, "board": 2, "cost": 5000, "extra": 1}})  # undeclared
    assert errors(v, {**good, "data": {"player": "one", "board": 2, "cost": 5000}})  # wrong type
    assert errors(v, {**good, "type": "no_such_event"})


def test_every_action_of_the_space_validates_and_malformed_ones_do_not() -> None:
    v = validator("action")
    for a in SPACE.actions:
        j = a.to_json()
        assert not errors(v, j), f"{a!r}: {errors(v, j)}"
        assert not errors(v, {"id": a.id})
        assert not errors(v, {"kind": a.kind, "args": list(a.args)})
    assert errors(v, {"kind": "no_such_kind", "args": []})
    assert errors(v, {"id": len(SPACE)})
    assert errors(v, {"kind": "bid", "args": [1, 2]})  # bid takes one argument
    assert errors(v, {"kind": "bid", "args": [-1]})
    assert errors(v, {"args": [1]})  # neither id nor kind
    assert errors(v, {"id": 0, "extra": 1})


def test_the_phase_field_is_the_phase_enum() -> None:
    schema = SCHEMA.part("view")
    phase = schema["$defs"]["Phase"]
    assert phase["enum"] == [p.value for p in Phase]
    assert schema["properties"]["phase"] == {"$ref": "#/$defs/Phase"}
    s = hustings.make(GAME, players=3, seed=1)
    assert isinstance(s.view(0)["phase"], Phase)


def test_the_schema_adapter_is_declared_in_the_spec() -> None:
    assert get_spec(GAME).adapter("schema") is SCHEMA


def test_hustings_schema_prints_each_part_and_all() -> None:
    runner = CliRunner()
    sizes = {}
    for part in ("view", "action", "events", "all"):
        result = runner.invoke(app, ["schema", GAME, "--part", part])
        assert result.exit_code == 0, result.stderr
        doc = json.loads(result.stdout)
        assert doc["$schema"] == DIALECT
        Draft202012Validator.check_schema(doc)
        sizes[part] = len(result.stdout)
    assert sizes["all"] > sizes["view"] + sizes["action"] + sizes["events"] - 1000
    # the parts inside "all" keep their own ids, so their references still resolve
    doc = json.loads(runner.invoke(app, ["schema", GAME]).stdout)
    s = hustings.make(GAME, players=4, seed=2)
    whole = Draft202012Validator(doc["view"])
    assert not errors(whole, json.loads(json.dumps(s.view(1))))


def test_hustings_schema_refuses_an_unknown_game_or_part_in_one_line() -> None:
    runner = CliRunner()
    for args in (["schema", "no-such-game"], ["schema", GAME, "--part", "board"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        assert result.stderr.startswith("hustings: error:")
        assert "Traceback" not in result.stderr
