"""Fixtures for the server tests: a live server on SQLite, and PostgreSQL when reachable."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from geodeck.server import Settings
from geodeck.server.storage import Storage
from tests.server.live import LiveServer, running

PG_URL = "postgresql://postgres@127.0.0.1:5432/test"


def fast_settings(database_url: str, **extra: object) -> Settings:
    settings = Settings(
        database_url=database_url,
        bot_delay=0.0,
        grace=30.0,
        min_clock=0.05,
        pause=0.0,
        creations_burst=100_000,  # one test client makes hundreds of tables
    )
    for key, value in extra.items():
        setattr(settings, key, value)
    return settings


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'geodeck.sqlite3'}"


@pytest.fixture
def server(sqlite_url: str) -> Iterator[LiveServer]:
    with running(fast_settings(sqlite_url)) as live:
        yield live


def _postgres_problem() -> str | None:
    try:
        import psycopg

        with psycopg.connect(PG_URL, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except Exception as err:
        return f"PostgreSQL is not reachable at {PG_URL}: {err}"
    return None


@pytest.fixture(scope="session")
def postgres() -> str:
    problem = _postgres_problem()
    if problem is not None:
        pytest.skip(problem)
    return PG_URL


@pytest.fixture
def pg_schema(postgres: str) -> Iterator[str]:
    """A schema of its own for one test, dropped afterwards."""
    schema = f"geodeck_test_{uuid.uuid4().hex[:12]}"
    yield schema
    storage = Storage(postgres, schema=schema)
    try:
        storage.drop_schema()
    finally:
        storage.close()


REDIS_URL = "redis://127.0.0.1:6379/0"


@pytest.fixture
def redis_url() -> str:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as err:
        pytest.skip(f"Redis is not reachable at {REDIS_URL}: {err}")
    return REDIS_URL
