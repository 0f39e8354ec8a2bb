"""Where the files shipped inside the package are found.

Everything the bot reads at run time (card art, fonts, the bid table, translations, migrations)
lives inside the `bot` package and is located through `importlib.resources`, never through a
path relative to a checkout, so a checkout, an editable install, a wheel and a container image
all read the same files. pip installs a package as a plain folder, so the location is a real
folder on disk that Pillow and FreeType can open by name.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


class PackageDataMissing(RuntimeError):
    """The package was imported from somewhere that is not a folder on disk (a zip archive)."""


def shipped(package: str, *parts: str) -> Path:
    """The file or folder `parts` inside `package`, as a path on disk."""
    location = resources.files(package).joinpath(*parts)
    if not isinstance(location, Path):
        raise PackageDataMissing(
            f"{package} must be installed as files on disk (pip install), not run from an archive."
        )
    return location
