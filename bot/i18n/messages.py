"""`t()` and `tn()`: a message key and parameters in, the text a player reads out.

Messages are keyed (`error.not_your_turn`), their English text lives in the `en` catalogue, and
placeholders are str.format fields (`{player}`). What happens when something is wrong:

- unknown or unsupported locale → English;
- key missing in the locale (or only fuzzy there) → the English text;
- the text needs a parameter the caller did not pass → the English text if that one works,
  otherwise the text with the missing placeholder left visible as `{name}`;
- unknown key → the key itself, so a player sees `error.something` rather than the bot failing.

Each of these is logged as a warning. In strict mode they raise instead, so tests catch them:
set the environment variable `CINCH_I18N_STRICT=1`, or call `set_strict(True)`.
"""

from __future__ import annotations

import logging
import os
from string import Formatter
from typing import Any

from bot.i18n.catalogue import catalogue
from bot.i18n.locale_codes import DEFAULT_LOCALE, normalise_locale

log = logging.getLogger(__name__)

_strict = os.environ.get("CINCH_I18N_STRICT", "") == "1"


class UnknownMessageKey(KeyError):
    """A key that the English catalogue does not have (raised in strict mode only)."""


class MessageFormatError(ValueError):
    """A message that cannot be filled with the given parameters (raised in strict mode only)."""


def set_strict(enabled: bool) -> None:
    """Raise on unknown keys and missing parameters instead of degrading gracefully."""
    global _strict
    _strict = enabled


def is_strict() -> bool:
    return _strict


def t(key: str, /, locale: object = None, **params: Any) -> str:
    """The text of message `key` in `locale` (ours, a Discord code or `discord.Locale`)."""
    return _render(key, normalise_locale(locale), params, count=None)


def tn(key: str, count: int, /, locale: object = None, **params: Any) -> str:
    """The plural message `key` in the form for `count`, which is also passed as `{count}`."""
    return _render(key, normalise_locale(locale), {"count": count, **params}, count=count)


def template(key: str, /, locale: object = None) -> str:
    """The unformatted text of a plain message, for code that fills the fields itself (the
    picture renderer). Same fallbacks as `t()`: English, then the key."""
    ours = normalise_locale(locale)
    found = _template(key, ours, None) or _template(key, DEFAULT_LOCALE, None)
    if found is None:
        _complain(UnknownMessageKey(f"no message {key!r} in the English catalogue"))
        return key
    return found


def _template(key: str, locale: str, count: int | None) -> str | None:
    found = catalogue(locale)
    if count is None:
        return found.messages.get(key)
    forms = found.plurals.get(key)
    if forms is None:
        return None
    return forms[min(found.plural_index(count), len(forms) - 1)]


def _render(key: str, locale: str, params: dict[str, Any], count: int | None) -> str:
    found = _template(key, locale, count)
    if found is not None:
        try:
            return found.format_map(params)
        except (KeyError, IndexError, ValueError, AttributeError):
            pass  # said below, where English is tried
    return _render_with_fallbacks(key, locale, params, count)


def _render_with_fallbacks(key: str, locale: str, params: dict[str, Any], count: int | None) -> str:
    """The message in English where ``locale`` lacks it or cannot fill it (each said), else
    the key itself."""
    templates = [
        (candidate, template)
        for candidate in dict.fromkeys((locale, DEFAULT_LOCALE))
        if (template := _template(key, candidate, count)) is not None
    ]
    if not templates:
        kind = "plural message" if count is not None else "message"
        _complain(UnknownMessageKey(f"no {kind} {key!r} in the English catalogue"))
        return key
    if templates[0][0] != locale:
        log.warning("message %r has no %s translation; using English", key, locale)
    for candidate, template in templates:
        try:
            return template.format_map(params)
        except (KeyError, IndexError, ValueError, AttributeError) as error:
            _complain(MessageFormatError(f"{candidate} message {key!r}: {error!r}"))
    return _format_leniently(templates[0][1], params)


def _complain(error: Exception) -> None:
    if _strict:
        raise error
    log.warning("%s", error)


class _KeepMissing(dict[str, Any]):
    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


def _format_leniently(template: str, params: dict[str, Any]) -> str:
    """Fill what can be filled and leave the rest of the placeholders visible."""
    try:
        return template.format_map(_KeepMissing(params))
    except (IndexError, ValueError, AttributeError):
        return template


def placeholders(text: str) -> set[str]:
    """The names of the str.format fields in `text` (`{player}` → `player`)."""
    return {field for _, field, _, _ in Formatter().parse(text) if field is not None}
