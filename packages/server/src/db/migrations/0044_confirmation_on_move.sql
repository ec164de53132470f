-- A moved appointment is asked to confirm again (docs/product.md#confirmations-and-no-shows):
-- its answer was for the old time. One trigger owns the rule for every writer of a move (the
-- patient's move, staff's PATCH, a series, an accepted offer), so none can forget it; the
-- ask job of the new time is scheduled where reminders are (appointments/reminders.ts).
CREATE FUNCTION appointments_confirmation_on_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.start_at IS DISTINCT FROM OLD.start_at THEN
    NEW.confirmation_asked_at := NULL;
    NEW.confirmed_at := NULL;
    NEW.unconfirmed_from := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER appointments_confirmation_on_move BEFORE UPDATE OF start_at ON appointments
  FOR EACH ROW EXECUTE FUNCTION appointments_confirmation_on_move();
