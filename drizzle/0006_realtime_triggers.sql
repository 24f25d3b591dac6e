-- Realtime (DESIGN 8): each change the browser must see is announced on the channel lexia_events, so every app
-- instance (LISTEN on PostgreSQL, listen() on PGlite) hears it whichever instance or outside process wrote the row.
-- Payloads name rows, never carry them: NOTIFY payloads are capped at 8000 bytes and partial answers can be long.
-- A session id is announced only when short, so the payload stays small whatever an outside workflow writes.
-- Deletes are not announced. NOTIFY inside a transaction is delivered at its commit, and not at all on rollback.
CREATE OR REPLACE FUNCTION lexia_notify_partial_answer() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lexia_events', json_build_object(
    't', 'partial',
    'id', NEW.id,
    's', CASE WHEN octet_length(NEW.session_id) <= 200 THEN NEW.session_id END
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER n8n_partial_answers_notify
  AFTER INSERT ON n8n_partial_answers
  FOR EACH ROW EXECUTE FUNCTION lexia_notify_partial_answer();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lexia_notify_credits() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lexia_events', json_build_object('t', 'credits', 'u', NEW.user_id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_credits_summary_notify
  AFTER INSERT OR UPDATE ON user_credits_summary
  FOR EACH ROW EXECUTE FUNCTION lexia_notify_credits();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lexia_notify_consultation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lexia_events', json_build_object('t', 'consultation', 'id', NEW.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only the end of a consultation (pending → answered, skipped, failed or timeout) is news.
CREATE TRIGGER consultations_finished_notify
  AFTER UPDATE ON consultations
  FOR EACH ROW
  WHEN (OLD.outcome = 'pending' AND NEW.outcome <> 'pending')
  EXECUTE FUNCTION lexia_notify_consultation();
