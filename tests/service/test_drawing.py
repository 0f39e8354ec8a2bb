"""The order in which the drawing threads take pictures: the hand someone waits for first, then
the table messages, then results; a table message drawn as the table is when its turn comes; and
the same pictures drawn in processes of their own."""

from __future__ import annotations

import asyncio
import threading

from bot.render import examples, render_hand, render_table
from bot.service.showing.drawing import Drawing, Picture
from tests.pictures import assert_same_picture


class Sketches:
    """Stands for a renderer: records what it draws, and holds the first picture until the
    test lets it go, so that the others queue up behind it whatever the machine's speed."""

    def __init__(self) -> None:
        self.drawn: list[str] = []
        self.gate = threading.Event()

    def render(self, scene: str) -> bytes:
        if not self.drawn:
            self.gate.wait(timeout=60)
        self.drawn.append(scene)
        return scene.encode()


async def asked(
    drawing: Drawing, sketches: Sketches, scene: str, kind: Picture, owner: int
) -> asyncio.Task[bytes]:
    task = asyncio.create_task(drawing(sketches.render, scene, kind, owner=owner))
    await asyncio.sleep(0)  # asked for before the next one
    return task


async def test_the_hand_someone_waits_for_goes_before_tables_and_results():
    drawing, sketches = Drawing(threads=1), Sketches()
    try:
        tasks = [await asked(drawing, sketches, "first table", Picture.TABLE, 1)]
        tasks.append(await asked(drawing, sketches, "result", Picture.RESULT, 2))
        tasks.append(await asked(drawing, sketches, "table", Picture.TABLE, 3))
        tasks.append(await asked(drawing, sketches, "hand", Picture.ANSWER, 4))
        sketches.gate.set()
        pictures = await asyncio.gather(*tasks)
    finally:
        drawing.close()
    assert sketches.drawn == ["first table", "hand", "table", "result"]
    assert pictures == [b"first table", b"result", b"table", b"hand"]


async def test_a_busy_table_takes_turns_with_the_others():
    drawing, sketches = Drawing(threads=1), Sketches()
    try:
        tasks = [await asked(drawing, sketches, f"A{n}", Picture.ANSWER, 1) for n in range(4)]
        tasks.append(await asked(drawing, sketches, "B0", Picture.ANSWER, 2))
        sketches.gate.set()
        await asyncio.gather(*tasks)
    finally:
        drawing.close()
    assert sketches.drawn[:3] == ["A0", "B0", "A1"]


async def test_a_table_picture_shows_the_table_as_it_is_when_its_turn_comes():
    drawing, sketches = Drawing(threads=1), Sketches()
    table = {"moves": 3}
    try:
        first = await asked(drawing, sketches, "first", Picture.ANSWER, 1)
        latest = asyncio.create_task(
            drawing.latest(
                sketches.render, lambda: f"{table['moves']} moves", Picture.TABLE, owner=2
            )
        )
        await asyncio.sleep(0)
        table["moves"] = 5  # moves made while the picture waited for a thread
        sketches.gate.set()
        await first
        assert await latest == b"5 moves"
    finally:
        drawing.close()


async def test_pictures_drawn_in_processes_of_their_own_are_the_same_pictures():
    scene = examples.hand_to_play()
    drawing = Drawing.in_processes(1)
    try:
        picture = await drawing(render_hand, scene, Picture.ANSWER, owner=1)
        table = await drawing.latest(render_table, examples.table_in_play, Picture.TABLE, owner=1)
    finally:
        drawing.close()
    assert_same_picture(picture, render_hand(scene))
    assert_same_picture(table, render_table(examples.table_in_play()))
