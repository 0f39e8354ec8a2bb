"""Database locations: which forms are accepted, and that no password is ever shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import StoreError
from bot.store.locations import (
    check_postgres_url,
    describe_location,
    redact,
    resolve,
    sqlite_path_from_url,
)

SECRET = "s3cr3t-Pa55"

#: What operators type, well formed or not, each with the password ``SECRET`` somewhere, and
#: what may be shown of it.
LOCATIONS_WITH_A_PASSWORD = [
    (
        f"postgresql://cinch:{SECRET}@db.example:5433/cinch",
        "postgresql://cinch:***@db.example:5433/cinch",
    ),
    (f"postgres://cinch:{SECRET}@db/cinch", "postgres://cinch:***@db/cinch"),
    (f"postgresql+asyncpg://user:{SECRET}@db/cinch", "postgresql+asyncpg://user:***@db/cinch"),
    (f"mysql://user:{SECRET}@db/cinch", "mysql://user:***@db/cinch"),
    (f"redis://:{SECRET}@cache:6379/0", "redis://:***@cache:6379/0"),
    (
        f"jdbc:postgresql://db:5432/cinch?user=cinch&password={SECRET}&ssl=true",
        "jdbc:postgresql://db:5432/cinch?user=cinch&password=***&ssl=true",
    ),
    (f"jdbc:postgresql://cinch:{SECRET}@db/cinch", "jdbc:postgresql://cinch:***@db/cinch"),
    (f"jdbc:sqlserver://db;user=sa;Password={SECRET};", "jdbc:sqlserver://db;user=sa;Password=***;"),
    (f"postgresql://db/cinch?sslpassword={SECRET}", "postgresql://db/cinch?sslpassword=***"),
    (f"Driver=x;Server=db;Uid=sa;PWD={SECRET};", "Driver=x;Server=db;Uid=sa;PWD=***;"),
    (
        f"host=db user=cinch password={SECRET} dbname=cinch",
        "host=db user=cinch password=*** dbname=cinch",
    ),
    (f"host=db password='{SECRET} x' dbname=cinch", "host=db password=*** dbname=cinch"),
    # Malformed: characters left unencoded, slashes or the host missing, no scheme at all.
    (f"postgresql://cinch:p@ss{SECRET}@db/cinch", "postgresql://cinch:***@db/cinch"),
    (f"postgresql://cinch:my {SECRET}@db/cinch", "postgresql://cinch:***@db/cinch"),
    (f"postgresql://cinch:a/b#{SECRET}@db/cinch", "postgresql://cinch:***@db/cinch"),
    (f"postgresql:/cinch:{SECRET}@db/cinch", "postgresql:/cinch:***@db/cinch"),
    (f"postgresql:cinch:{SECRET}@db/cinch", "postgresql:cinch:***@db/cinch"),
    (f"postgresql://cinch:{SECRET}/cinch", "postgresql://cinch:***/cinch"),
    (f"postgresql://cinch@db:{SECRET}/cinch", "postgresql://cinch@db:***/cinch"),
    # A port typed wrong after the password is shown; only the password is hidden.
    (f"postgresql://cinch:{SECRET}@db:54x2/cinch", "postgresql://cinch:***@db:54x2/cinch"),
    (f"postgresql://cinch:p@ss{SECRET}@db:543 2/cinch", "postgresql://cinch:***@db:543 2/cinch"),
    (f"cinch:{SECRET}@db/cinch", "cinch:***@db/cinch"),
    (f"sqlite:///games.sqlite3?password={SECRET}", "sqlite:///games.sqlite3?password=***"),
    (f"postgresql://cinch:{SECRET}@[::1]:5432/cinch", "postgresql://cinch:***@[::1]:5432/cinch"),
]


@pytest.mark.parametrize(("location", "shown"), LOCATIONS_WITH_A_PASSWORD)
def test_a_location_is_shown_without_its_password(location: str, shown: str):
    assert describe_location(location) == shown
    assert describe_location(shown) == shown  # hiding it twice changes nothing


@pytest.mark.parametrize(
    "location",
    [
        "postgresql://cinch@db.example:5432/cinch",
        "postgresql://db:5432/cinch?sslmode=require",
        "postgresql://[::1]:5432/cinch",
        "sqlite:////var/lib/cinch/cinch.sqlite3",
        "/home/me/My Games/cinch:v2.sqlite3",
    ],
)
def test_a_location_without_a_password_is_shown_as_it_is(location: str):
    assert describe_location(location) == location
    assert describe_location(Path("/srv/cinch/cinch.sqlite3")) == "/srv/cinch/cinch.sqlite3"


def test_passwords_are_hidden_inside_a_longer_text_and_the_rest_is_kept():
    text = (
        f"Starting with Settings(database='mysql://user:{SECRET}@db/cinch', log_level='INFO')"
        f" at 12:30:45; jdbc:postgresql://db/cinch?password={SECRET} (retry @ 12:31)"
    )
    assert redact(text) == (
        "Starting with Settings(database='mysql://user:***@db/cinch', log_level='INFO')"
        " at 12:30:45; jdbc:postgresql://db/cinch?password=*** (retry @ 12:31)"
    )


@pytest.mark.parametrize(
    "url",
    [
        f"postgresql+asyncpg://user:{SECRET}@db/cinch",
        f"mysql://user:{SECRET}@db/cinch",
        f"jdbc:postgresql://db:5432/cinch?user=cinch&password={SECRET}",
        f"jdbc:postgresql://cinch:{SECRET}@db/cinch",
        f"sqlite:///games.sqlite3?password={SECRET}",
        f"sqlite:/cinch:{SECRET}@db/cinch",
        f"cinch:{SECRET}@db/cinch",
        f"postgresql:/cinch:{SECRET}@db/cinch",
        f"postgresql://cinch:{SECRET}/cinch",
        f"postgresql://cinch:{SECRET}@db",
    ],
)
def test_a_refused_url_is_quoted_without_its_password(url: str):
    with pytest.raises(StoreError) as refused:
        resolve(url)
    assert SECRET not in str(refused.value)


@pytest.mark.parametrize(
    "url",
    [
        "sqlite:/var/lib/cinch/cinch.sqlite3",  # one slash: not "var/lib/..." in the working folder
        "sqlite:var/lib/cinch/cinch.sqlite3",
        "sqlite://var/lib/cinch/cinch.sqlite3",
        "sqlite:///cinch.sqlite3?mode=ro",
        "sqlite:///",
        "sqlite:///data/",
        "mysql://localhost/cinch",
        "postgresql+asyncpg://localhost/cinch",
        "file:///var/lib/cinch/cinch.sqlite3",
    ],
)
def test_malformed_or_foreign_urls_are_refused_never_taken_for_a_file(url: str):
    with pytest.raises(StoreError, match="database URL"):
        resolve(url)


def test_three_slashes_start_a_relative_path_and_four_an_absolute_one():
    assert sqlite_path_from_url("sqlite:///data/cinch.sqlite3") == Path("data/cinch.sqlite3")
    assert sqlite_path_from_url("sqlite:////var/lib/cinch.sqlite3") == Path(
        "/var/lib/cinch.sqlite3"
    )
    assert resolve("data/cinch.sqlite3") == Path("data/cinch.sqlite3")
    assert resolve(Path("/var/lib/cinch.sqlite3")) == Path("/var/lib/cinch.sqlite3")


@pytest.mark.parametrize(
    "url",
    [
        f"postgresql://cinch:{SECRET}/cinch",  # the host forgotten: the password is read as a port
        f"postgresql://cinch:{SECRET}@db:99999/cinch",
        f"postgresql://cinch:{SECRET}@[::1/cinch",
    ],
)
def test_a_postgres_url_that_cannot_be_read_is_refused_without_its_password(url: str):
    with pytest.raises(StoreError, match="cannot be read") as refused:
        check_postgres_url(url)
    assert SECRET not in str(refused.value)


def test_a_postgres_url_with_a_port_typed_wrong_shows_the_port_and_hides_the_password():
    with pytest.raises(StoreError, match="cannot be read") as refused:
        check_postgres_url(f"postgresql://cinch:{SECRET}@db:54x2/cinch")
    assert "'postgresql://cinch:***@db:54x2/cinch'" in str(refused.value)
