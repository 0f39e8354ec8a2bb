"""What the store raises when a request conflicts with what is stored."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .records import TableRecord


class StoreError(Exception):
    """Base class of the store's own errors."""


class NotFoundError(StoreError):
    """The table, seat, game or result asked for does not exist."""


class TableExistsError(StoreError):
    """The channel already has an open table, which is attached as ``table``."""

    def __init__(self, table: TableRecord) -> None:
        super().__init__(f"channel {table.channel_id} already has open table {table.id}")
        self.table = table


class SeatConflictError(StoreError):
    """This person already sits at the table, in another seat."""

    def __init__(self, table_id: int, user_id: int) -> None:
        super().__init__(f"user {user_id} already has a seat at table {table_id}")
        self.table_id = table_id
        self.user_id = user_id


class TableClosedError(StoreError):
    """The table is closed: no game starts there any more (another process may have closed
    it while this one still held it)."""


class UnreadableValue(StoreError):
    """A stored value that cannot be read back (JSON that does not parse, a time that is not
    one): its row was damaged, or edited by hand."""


class GameActiveError(StoreError):
    """The table already has a game in progress."""


class GameEndedError(StoreError):
    """The game is over: it takes no more actions and cannot end twice."""


class ConstraintError(StoreError):
    """A write broke one of the schema's rules; ``kind`` says which sort: ``"unique"``,
    ``"foreign_key"``, ``"check"`` or ``"not_null"`` (``"other"`` when the engine does not
    say)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
