"""A throwaway PostgreSQL server for the tests: initdb into a temporary folder, started on a
free loopback port, stopped (and the folder deleted) at the end of the session.

It uses Debian's ``postgresql`` package (``/usr/lib/postgresql/<version>/bin``). As root, the
server runs as the ``postgres`` user through ``runuser`` (PostgreSQL refuses to run as root).
When no server can be started the PostgreSQL tests are skipped, with the reason, unless
``CINCH_REQUIRE_POSTGRES=1`` (CI) makes that an error.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

REQUIRE_ENV = "CINCH_REQUIRE_POSTGRES"
USER = "cinch"


class NoServer(Exception):
    """No PostgreSQL server could be started here; the message says why."""


@dataclass
class PostgresServer:
    folder: Path
    port: int
    _command_prefix: tuple[str, ...]
    _bin: Path

    @property
    def pid(self) -> int:
        """The server's main process (``postmaster.pid``'s first line)."""
        return int((self.folder / "data" / "postmaster.pid").read_text().split()[0])

    def url(self, database: str) -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    def _run(self, program: str, *args: str) -> None:
        command = [*self._command_prefix, str(self._bin / program), *args]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise NoServer(f"{program} failed: {done.stderr.strip() or done.stdout.strip()}")


def required() -> bool:
    return os.environ.get(REQUIRE_ENV, "") not in ("", "0")


def _bin_folder() -> Path:
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin"),
        key=lambda path: int(path.parent.name) if path.parent.name.isdigit() else 0,
    )
    for folder in reversed(found):
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    raise NoServer("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)")


def has_module(name: str) -> bool:
    """Whether the installed server can load the module ``name`` (``pg_stat_statements``)."""
    return (_bin_folder().parent / "lib" / f"{name}.so").is_file()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start(settings: Mapping[str, str] | None = None) -> PostgresServer:
    """Create a cluster in a new temporary folder and start it; :class:`NoServer` if not.
    ``settings`` are server settings given on top of the tests' own (the benchmarks')."""
    bin_folder = _bin_folder()
    folder = Path(tempfile.mkdtemp(prefix="cinch-pg-"))
    prefix: tuple[str, ...] = ()
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            raise NoServer("running as root and there is no 'postgres' user") from None
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        prefix = ("runuser", "-u", "postgres", "--")
    server = PostgresServer(folder, _free_port(), prefix, bin_folder)
    data = str(folder / "data")
    try:
        server._run(
            "initdb", "-D", data, "-U", USER, "-A", "trust", "-E", "UTF8", "--no-sync",
            "--no-instructions",
        )  # fmt: skip
        options = (
            f"-p {server.port} -k {folder} -c listen_addresses=127.0.0.1"
            " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        ) + "".join(f" -c {name}={value}" for name, value in (settings or {}).items())
        server._run("pg_ctl", "-D", data, "-l", str(folder / "log"), "-o", options, "-w", "start")
    except (NoServer, OSError, subprocess.SubprocessError) as error:
        log = folder / "log"
        detail = log.read_text(errors="replace")[-500:] if log.is_file() else ""
        shutil.rmtree(folder, ignore_errors=True)
        raise NoServer(f"{error} {detail}".strip()) from None
    return server
