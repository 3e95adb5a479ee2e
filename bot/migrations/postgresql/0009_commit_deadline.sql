-- A commit the bot stopped waiting for is refused by the database itself: the bot sends a
-- deadline with COMMIT (islandbot.commit_by, its own clock, for this transaction only), and
-- a trigger deferred to commit time fails the transaction once that deadline has passed. A
-- server that was frozen (or a network that held the COMMIT back) cannot apply a move the
-- bot already answered as failed. Transactions that set no deadline are not affected.
CREATE FUNCTION refuse_late_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF clock_timestamp() > NULLIF(current_setting('islandbot.commit_by', true), '')::timestamptz
    THEN
        RAISE EXCEPTION 'commit after its deadline' USING ERRCODE = 'query_canceled';
    END IF;
    RETURN NULL;
END
$$;

DO $$
DECLARE
    name TEXT;
BEGIN
    FOREACH name IN ARRAY ARRAY['games', 'players', 'actions', 'guild_settings',
        'user_settings', 'daily_attempts', 'history', 'history_seats', 'ratings',
        'guild_removals']
    LOOP
        EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I'
            ' DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_late_commit()',
            name || '_commit_deadline', name);
    END LOOP;
END
$$;
