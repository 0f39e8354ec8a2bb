-- Why a table closed, when its players did not close it: its channel or server went away, nobody
-- sat at it any more, or its rows could not be read and it was set aside. NULL for a table still
-- open or closed by its players.
ALTER TABLE game_tables ADD COLUMN closed_reason TEXT;
