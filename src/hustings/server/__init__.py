"""The online game server: lobby over HTTP, authoritative play over websockets, durable event-sourced games.

:mod:`hustings.server.store` is the storage protocol (SQLite here, PostgreSQL in ``postgres``);
:mod:`hustings.server.app` the FastAPI application (``create_app``). ``hustings serve`` runs it.
"""
