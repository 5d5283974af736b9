-- A staff member's session ends 12 hours after its sign-in (issue 25, decision 0046): Better Auth
-- sets and extends sessions by 30 days for everyone, so the cap is kept here, on every write of a
-- session's end, whichever code writes it. Players' sessions are untouched.
CREATE FUNCTION session_staff_lifetime() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "user" WHERE id = NEW.user_id AND role <> 'player') THEN
    NEW.expires_at := least(NEW.expires_at, NEW.created_at + interval '12 hours');
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER session_staff_lifetime BEFORE INSERT OR UPDATE OF expires_at ON session
FOR EACH ROW EXECUTE FUNCTION session_staff_lifetime();
