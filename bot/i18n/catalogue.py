"""Loading the gettext catalogues (`locales/<lang>/LC_MESSAGES/cinch.po`) with Babel.

Why the `.po` files are compiled when first used instead of committing `.mo` files:

- The `.po` files are the only source. There is no binary copy to forget to rebuild, so a
  catalogue can never be out of date with itself, and no test has to chase that drift.
- Several people add keys at the same time; text files merge, `.mo` files do not.
- A plain install from a fresh clone works as is: the `.po` files ship as package data
  (`[tool.setuptools.package-data]` in pyproject.toml) and Babel is already a dependency.
- It is cheap: the four catalogues load in a few milliseconds, once per process.

Compiling follows msgfmt's semantics: fuzzy entries and empty translations count as missing,
so `t()` falls back to English for them and the completeness tests fail until they are done.
Plural forms come from each catalogue's `Plural-Forms` header, evaluated with the standard
library's gettext formula compiler.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from bot.i18n.locale_codes import SUPPORTED_LOCALES
from bot.package_data import shipped

DOMAIN = "cinch"
LOCALES_DIR = shipped(__package__, "locales")


@dataclass(frozen=True, slots=True)
class Catalogue:
    """The finished messages of one language: plain ones by key, plural ones by key and form."""

    locale: str
    messages: Mapping[str, str]
    plurals: Mapping[str, tuple[str, ...]]
    #: gettext's plural formula: the count → the index of the form to use.
    plural_index: Callable[[int], int]

    def all_keys(self) -> set[str]:
        return set(self.messages) | set(self.plurals)


def po_path(locale: str, directory: Path = LOCALES_DIR) -> Path:
    return directory / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def load_catalogue(path: Path, locale: str) -> Catalogue:
    """Read one `.po` file, keeping only finished translations."""
    with path.open("rb") as source:
        catalog = read_po(source, locale=locale, domain=DOMAIN)
    messages: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        key, text = message.id, message.string
        if isinstance(key, str):
            if isinstance(text, str) and text:
                messages[key] = text
        elif not isinstance(text, str) and text and all(text):
            plurals[key[0]] = tuple(text)
    return Catalogue(locale, messages, plurals, gettext.c2py(catalog.plural_expr))


@cache
def catalogue(locale: str) -> Catalogue:
    """The catalogue of one of `SUPPORTED_LOCALES`, loaded on first use and kept."""
    if locale not in SUPPORTED_LOCALES:
        raise ValueError(f"no catalogue for locale {locale!r}")
    return load_catalogue(po_path(locale), locale)


def lookup(key: str, locale: str) -> str | None:
    """The unformatted text of a plain message in exactly this locale, or None.

    No fallback to English: callers that must say "no translation" (the slash-command
    Translator, which then leaves Discord's default) need to tell the two apart.
    """
    return catalogue(locale).messages.get(key)
