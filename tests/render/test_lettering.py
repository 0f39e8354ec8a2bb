"""Text drawing: any Unicode name comes out in a shipped font, shortened to fit, never as tofu."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from bot.render import lettering

DEJAVU, CJK, EMOJI = range(3)


def _covered(char: str, font: int) -> bool:
    return ord(char) in lettering._coverage()[font]


def test_the_cmap_reader_finds_each_fonts_own_characters() -> None:
    assert _covered("A", DEJAVU) and _covered("Ж", DEJAVU) and _covered("ب", DEJAVU)
    assert _covered("王", CJK) and _covered("김", CJK) and _covered("カ", CJK)
    assert _covered("🦊", EMOJI) and _covered("🤖", EMOJI)
    assert not _covered("王", DEJAVU)
    assert not _covered("🦊", DEJAVU)


def test_runs_pick_the_font_that_has_each_character() -> None:
    assert [(run.font, run.text) for run in lettering.runs("Zoë 王小明 🦊")] == [
        (DEJAVU, "Zoë "),
        (CJK, "王小明"),
        (DEJAVU, " "),
        (EMOJI, "🦊"),
    ]


def test_characters_no_font_has_fall_back_cleanly() -> None:
    assert lettering.clean("𝓙𝓸𝓱𝓷") == "John"  # compatibility forms of "fancy" letters
    assert lettering.clean("👍🏽") == "👍"  # skin-tone modifier dropped
    assert lettering.clean("👨\u200d👩\u200d👧") == "👨👩👧"  # joiners dropped
    assert lettering.clean("𓀀 Ra") == lettering.REPLACEMENT + " Ra"  # hieroglyph: no font has it
    assert lettering.clean("Zoe\u0301") == "Zoé"  # combining accent composed


@given(st.text(max_size=40))
def test_every_character_drawn_is_in_the_font_drawing_it(name: str) -> None:
    for run in lettering.runs(name):
        for char in run.text:
            assert _covered(char, run.font) or (char == " " and run.font == DEJAVU), repr(char)


@given(st.text(min_size=1, max_size=60), st.integers(min_value=20, max_value=300))
def test_fit_never_exceeds_the_width_unless_nothing_fits(name: str, width: int) -> None:
    fitted = lettering.fit(name, 20, width)
    if fitted not in ("", lettering.ELLIPSIS):
        assert lettering.text_width(fitted, 20) <= width


def test_long_names_are_shortened_with_an_ellipsis() -> None:
    name = "Zoë Ångström-Müller the Magnificent"
    fitted = lettering.fit(name, 20, 150)
    assert fitted.endswith(lettering.ELLIPSIS)
    assert name.startswith(fitted[:-1])
    assert lettering.fit("Alice", 20, 150) == "Alice"


def test_right_to_left_scripts_are_shaped() -> None:
    (run,) = lettering.runs("مرحبا")
    assert run.shaped
    assert not lettering.runs("Alice")[0].shaped


def test_draw_text_draws_cjk_and_emoji_names() -> None:
    for name in ("王小明", "🦊🦊🦊", "Ελένη", "Zoë Ångström-Müller"):
        image = Image.new("RGB", (300, 40), (0, 0, 0))
        width = lettering.draw_text(image, (0, 20), name, 24, (255, 255, 255))
        assert width > 0
        box = image.getbbox()
        assert box is not None and box[2] - box[0] >= width * 0.8, name


def test_every_shipped_font_has_a_licence_file() -> None:
    licences = {path.name for path in lettering.FONT_DIR.glob("LICENSE-*")}
    assert licences == {"LICENSE-DejaVu.txt", "LICENSE-Apache-2.0.txt", "LICENSE-Symbola.txt"}
    assert all((lettering.FONT_DIR / name).is_file() for name in lettering.FONT_FILES)


def _fill_with_runs(size: int) -> int:
    """Draw different runs of text at ``size`` until the store of drawn runs has forgotten
    some: how many it holds then."""
    lettering.run_masks.kept.clear()
    image = Image.new("RGB", (900, 80))
    number = 0
    while len(lettering.run_masks.kept) == number:
        lettering.draw_text(image, (0, 40), f"Marie-Hélène_Dubois_{number}", size, (0, 0, 0))
        number += 1
        assert lettering.run_masks.kept.bytes <= lettering.KEPT_TEXT_BYTES
    return len(lettering.run_masks.kept)


def test_drawn_text_is_kept_within_its_bytes_whatever_its_number_of_runs() -> None:
    small, large = _fill_with_runs(20), _fill_with_runs(40)
    lettering.run_masks.kept.clear()
    assert large < small / 2  # a run twice as high and wide holds some four times the pixels


def test_a_drawn_run_is_measured_by_its_mask() -> None:
    (run,) = lettering.runs("Marie-Hélène")
    drawn = lettering.run_masks(run, 40)
    pixels = drawn.mask.width * drawn.mask.height
    assert pixels > 5_000
    assert pixels < lettering.run_bytes(drawn) < pixels + 1_500
