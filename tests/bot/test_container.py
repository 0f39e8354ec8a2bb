"""The container image and compose file: what a build installs, how a container reports its
health, and that compose never starts a database with a password anyone could guess."""

from __future__ import annotations

import asyncio
import json
import re
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version
from prometheus_client import CollectorRegistry

import bot
from bot.monitor import Health, Monitor

#: The checkout: the Dockerfile, compose.yaml and constraints.txt are not in the package.
ROOT = Path(bot.__file__).resolve().parents[1]


def dockerfile_instruction(name: str) -> str:
    """The Dockerfile's instruction ``name``, its continued lines joined."""
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    (line,) = [line for line in text.splitlines() if line.startswith(f"{name} ")]
    return line


def pinned_versions() -> dict[str, Version]:
    """constraints.txt: each package and its exact version."""
    pins: dict[str, Version] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, version = line.split("==")
            pins[canonicalize_name(name)] = Version(version)
    return pins


def test_the_constraints_pin_every_dependency_to_a_version_it_accepts():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = pinned_versions()
    for dependency in map(Requirement, project["dependencies"]):
        name = canonicalize_name(dependency.name)
        assert name in pins, f"constraints.txt does not pin {dependency.name}"
        assert dependency.specifier.contains(pins[name]), f"{dependency} but {pins[name]}"


def test_the_image_installs_the_constraints():
    assert "COPY constraints.txt /wheels/" in (ROOT / "Dockerfile").read_text().splitlines()
    installed = dockerfile_instruction("RUN pip install")
    assert "--constraint /wheels/constraints.txt /wheels/*.whl" in installed
    assert "!constraints.txt" in (ROOT / ".dockerignore").read_text().splitlines()


def health_check_command() -> list[str]:
    instruction = dockerfile_instruction("HEALTHCHECK")
    command: list[str] = json.loads(instruction.split(" CMD ", 1)[1])
    assert command[0] == "python"  # the image's own Python: no curl to install
    return [sys.executable, *command[1:]]


@pytest.mark.parametrize(("ready", "healthy"), [(True, True), (False, False)])
async def test_the_image_health_check_passes_exactly_when_health_says_ok(ready, healthy):
    async def health() -> Health:
        return Health(ready=ready, shards={0: ready}, open_tables=0, store=True)

    monitor = Monitor(CollectorRegistry(), health)
    await monitor.start("127.0.0.1", 0)
    try:
        check = await asyncio.create_subprocess_exec(
            *health_check_command(),
            env={"METRICS_PORT": str(monitor.port)},
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
        )
        passed = await check.wait() == 0
    finally:
        await monitor.close()
    assert passed is healthy


def test_the_health_check_waits_for_the_bot_to_start():
    instruction = dockerfile_instruction("HEALTHCHECK")
    assert "--start-period=2m" in instruction and "--retries=3" in instruction


def test_compose_refuses_to_start_without_a_database_password():
    compose = (ROOT / "compose.yaml").read_text()
    uses = re.findall(r"\$\{POSTGRES_PASSWORD([^}]*)\}", compose)
    assert len(uses) == 2  # the server's password and the bots' DATABASE_URL
    assert all(use.startswith(":?") for use in uses), uses
