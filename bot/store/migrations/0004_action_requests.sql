-- Which Discord interaction asked for an action, so a click delivered twice (to one process or
-- to two) is applied once: the second insert breaks the unique index and is refused.
ALTER TABLE actions ADD COLUMN request_id BIGINT;
CREATE UNIQUE INDEX actions_by_request ON actions (request_id) WHERE request_id IS NOT NULL;
