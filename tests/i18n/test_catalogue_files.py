"""The four catalogues: complete, consistent with each other, and valid gettext."""

from __future__ import annotations

import gettext
import re
from io import BytesIO

import pytest
from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot.i18n import SUPPORTED_LOCALES
from bot.i18n.catalogue import DOMAIN, LOCALES_DIR, catalogue, po_path
from bot.i18n.messages import placeholders

ENGLISH = catalogue("en")
OTHERS = [locale for locale in SUPPORTED_LOCALES if locale != "en"]


def test_there_is_one_catalogue_per_supported_locale() -> None:
    folders = {path.parents[1].name for path in LOCALES_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")}
    assert folders == set(SUPPORTED_LOCALES)


@pytest.mark.parametrize("locale", OTHERS)
def test_every_key_is_translated_and_nothing_else(locale: str) -> None:
    found = catalogue(locale)
    assert sorted(ENGLISH.all_keys() - found.all_keys()) == [], "missing, empty or fuzzy"
    assert sorted(found.all_keys() - ENGLISH.all_keys()) == [], "not in the English catalogue"
    assert set(found.plurals) == set(ENGLISH.plurals), "plural in one language only"


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_every_text_has_the_english_placeholders(locale: str) -> None:
    found = catalogue(locale)
    wrong = [
        key
        for key, english in ENGLISH.messages.items()
        if placeholders(found.messages[key]) != placeholders(english)
    ]
    for key, english_forms in ENGLISH.plurals.items():
        expected = set().union(*map(placeholders, english_forms))
        wrong += [key for form in found.plurals[key] if placeholders(form) != expected]
    assert wrong == []


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_placeholders_are_plain_names(locale: str) -> None:
    found = catalogue(locale)
    texts = [
        *found.messages.values(),
        *(form for forms in found.plurals.values() for form in forms),
    ]
    fields = set().union(*map(placeholders, texts))
    assert all(field.isidentifier() for field in fields), sorted(fields)


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_plural_messages_have_a_form_for_every_case_of_the_language(locale: str) -> None:
    found = catalogue(locale)
    cases = {found.plural_index(count) for count in range(1000)}
    assert all(len(forms) == len(cases) for forms in found.plurals.values())


#: Plural messages whose counted thing is written by a placeholder of its own, which agrees
#: with the count ("{cards} fall"): the count is the number of those.
COUNTED_PLACEHOLDERS = {"review.falls": "cards"}


def words_around(text: str, name: str) -> list[tuple[str, str]]:
    """The word before and the word after each ``{name}`` in ``text``."""
    return re.findall(rf"(\S*)\s*\{{{name}\}}\s*(\S*)", text)


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_plural_form_agrees_with_its_count_and_no_other_number(locale: str) -> None:
    """The form is chosen by ``{count}``, so nothing else may change with it: "1 gagnées sur 5
    parties" came from a form chosen by games whose first word agreed with wins."""
    wrong = []
    for key, forms in catalogue(locale).plurals.items():
        others = set().union(*map(placeholders, forms)) - {"count", COUNTED_PLACEHOLDERS.get(key)}
        for name in others:
            if len({tuple(words_around(form, name)) for form in forms}) > 1:
                wrong.append(f"{key}: {{{name}}} in {forms}")
    assert wrong == []


def test_the_agreement_check_finds_a_word_that_follows_the_wrong_count() -> None:
    forms = ["{wins} gagnée sur {count} partie", "{wins} gagnées sur {count} parties"]
    assert len({tuple(words_around(form, "wins")) for form in forms}) == 2
    fixed = ["victoires : {wins} sur {count} partie", "victoires : {wins} sur {count} parties"]
    assert len({tuple(words_around(form, "wins")) for form in fixed}) == 1


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_the_plural_rule_is_the_languages_own(locale: str) -> None:
    """The header's formula agrees with CLDR (French and Portuguese say "0 carte", "0 carta")."""
    rules = Locale.parse(locale)
    found = catalogue(locale)
    for count in range(200):
        expected = 0 if rules.plural_form(count) == "one" else 1
        assert found.plural_index(count) == expected, count


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_the_header_names_the_catalogues_language(locale: str) -> None:
    header = re.search(r'"Language: ([^\\]+)\\n"', po_path(locale).read_text("utf-8"))
    assert header is not None and header.group(1) == locale


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_compiled_by_babel_and_read_by_gettext_the_catalogue_says_the_same(locale: str) -> None:
    """What msgfmt-style tools make of the file is what the bot reads from it."""
    with po_path(locale).open("rb") as source:
        parsed = read_po(source, locale=locale, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, parsed)
    compiled.seek(0)
    standard = gettext.GNUTranslations(compiled)
    found = catalogue(locale)
    for key, text in found.messages.items():
        assert standard.gettext(key) == text
    for key, forms in found.plurals.items():
        for count in range(30):
            assert standard.ngettext(key, key, count) == forms[found.plural_index(count)]


def test_language_names_are_the_languages_own_everywhere() -> None:
    """A language picker shows each language in itself, whatever the reader's language."""
    for code in SUPPORTED_LOCALES:
        names = {catalogue(locale).messages[f"language.{code}"] for locale in SUPPORTED_LOCALES}
        endonym = Locale.parse(code).get_display_name(code)
        assert [name.casefold() for name in names] == [endonym.casefold()]


def test_french_punctuation_keeps_to_its_word() -> None:
    """French sets a thin space before : ; ! ? and inside « »; a no-break one (U+202F), so that
    Discord never wraps the sign onto a line of its own."""
    found = catalogue("fr")
    texts = [*found.messages.items()] + [
        (key, form) for key, forms in found.plurals.items() for form in forms
    ]
    loose = re.compile(r"[ \u00a0][:;!?»]|«[ \u00a0]|[^\s\u202f][:;!?»]|«[^\u202f]")
    assert [(key, text) for key, text in texts if loose.search(text)] == []
    assert any("\u202f" in text for _, text in texts)
