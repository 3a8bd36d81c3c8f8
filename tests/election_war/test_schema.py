"""The JSON Schemas of 選舉之戰 describe what the game really hands out (issue 11): views of random games for every
seat and the spectator, every event and every action of the space validate against ``hustings schema
election-war``; the schemas are closed, so an undeclared field fails here."""

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
from hustings.games.election_war.actions import SPACE
from hustings.games.election_war.schema import SCHEMA
from hustings.games.election_war.view_types import EVENT_DATA
from hustings.games.election_war.words.events import EVENT_TYPES

GAME = "election-war"


def validator(part: str) -> Draft202012Validator:
    schema = SCHEMA.part(part)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def errors(v: Draft202012Validator, value: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in v.iter_errors(value)][:5]


@pytest.mark.parametrize("players", [2, 5, 15])
def test_views_of_random_games_validate(players: int) -> None:
    v = validator("view")
    phases: set[str] = set()
    checked = 0
    for seed in range(3):
        s = hustings.make(GAME, players=players, seed=seed)
        rng = random.Random(seed)
        while True:
            if s.step_count % 9 == 0 or s.is_over:
                for p in [*range(0, players, max(1, players // 3)), None]:
                    wire = json.loads(json.dumps(s.view(p)))
                    assert not errors(v, wire), f"seed {seed} step {s.step_count} seat {p}: {errors(v, wire)}"
                    checked += 1
                phases.add(str(s.phase))
            if s.is_over:
                break
            p = s.current_players[0]
            acts = s.legal_actions(p)
            s.apply(p, acts[rng.randrange(len(acts))])
    assert checked > 50
    assert {"declare", "play", "discard", "over"} <= phases


def test_every_event_validates_and_every_type_is_declared() -> None:
    v = validator("events")
    seen: set[str] = set()
    for seed in range(12):
        s = hustings.make(GAME, players=2 + seed % 6, seed=seed)
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
    assert set(EVENT_DATA) == set(EVENT_TYPES)
    assert len(seen) >= len(EVENT_TYPES) - 2


def test_the_event_schema_rejects_wrong_data() -> None:
    v = validator("events")
    good = {"type": "wind_check", "to": None, "step": 9,
            "data": {"card": 3, "die": 4, "level": 2, "success": True, "target": 1}}
    assert not errors(v, good)
    assert errors(v, {**good, "data": {"card": 3, "die": 4, "level": 2, "success": True}})  # missing
    assert errors(v, {**good, "data": {**good["data"], "extra": 1}})  # undeclared
    assert errors(v, {**good, "data": {**good["data"], "success": "yes"}})  # wrong type
    assert errors(v, {**good, "type": "no_such_event"})


def test_every_action_validates_and_malformed_ones_do_not() -> None:
    v = validator("action")
    for a in SPACE.actions:
        assert not errors(v, a.to_json()), repr(a)
        assert not errors(v, {"kind": a.kind, "args": list(a.args)})
    assert errors(v, {"kind": "play", "args": [1]})  # play takes a card and a seat
    assert errors(v, {"kind": "play", "args": [0, 15]})  # seats 0..14
    assert errors(v, {"id": len(SPACE)})


def test_the_adapter_is_declared_and_the_cli_prints_every_part() -> None:
    assert get_spec(GAME).adapter("schema") is SCHEMA
    runner = CliRunner()
    for part in ("view", "action", "events", "all"):
        result = runner.invoke(app, ["schema", GAME, "--part", part])
        assert result.exit_code == 0, result.stderr
        doc = json.loads(result.stdout)
        assert doc["$schema"] == DIALECT
        Draft202012Validator.check_schema(doc)
    whole = json.loads(runner.invoke(app, ["schema", GAME]).stdout)
    s = hustings.make(GAME, players=4, seed=2)
    assert not errors(Draft202012Validator(whole["view"]), json.loads(json.dumps(s.view(1))))


def test_the_phase_literal_is_the_phase_enum() -> None:
    from typing import get_args

    from hustings.games.election_war.phases import Phase
    from hustings.games.election_war.view_types import PhaseName

    assert list(get_args(PhaseName)) == [p.value for p in Phase]
