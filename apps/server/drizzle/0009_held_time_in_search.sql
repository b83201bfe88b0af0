-- "Available on" reads held time from each server's search index (decision 0015): a listed
-- Assistant's bookings, time off and holiday switch are logged like the rest of their card.
CREATE FUNCTION held_time_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid uuid;
BEGIN
  IF TG_TABLE_NAME = 'bookings' THEN
    IF TG_OP = 'DELETE' THEN uid := OLD.consultant_id; ELSE uid := NEW.consultant_id; END IF;
  ELSE
    IF TG_OP = 'DELETE' THEN uid := OLD.assistant_id; ELSE uid := NEW.assistant_id; END IF;
  END IF;
  IF EXISTS (SELECT 1 FROM profiles WHERE user_id = uid) THEN
    INSERT INTO search_changes (user_id) VALUES (uid);
    PERFORM pg_notify('search_changes', '');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER bookings_search_changed AFTER INSERT OR DELETE OR UPDATE OF status, starts_at, ends_at ON bookings
  FOR EACH ROW EXECUTE FUNCTION held_time_changed();--> statement-breakpoint
CREATE TRIGGER time_off_search_changed AFTER INSERT OR DELETE OR UPDATE ON time_off
  FOR EACH ROW EXECUTE FUNCTION held_time_changed();--> statement-breakpoint
DROP TRIGGER users_search_changed ON users;--> statement-breakpoint
CREATE TRIGGER users_search_changed AFTER UPDATE OF first_name, last_name, username, location, role, suspended_at, rating_average,
    review_count, avatar, skills, salary_rate, experience, availability, bio, holidays_off ON users
  FOR EACH ROW
  WHEN ((OLD.first_name, OLD.last_name, OLD.username, OLD.location, OLD.role, OLD.suspended_at, OLD.rating_average, OLD.review_count,
         OLD.avatar, OLD.skills, OLD.salary_rate, OLD.experience, OLD.availability, OLD.bio, OLD.holidays_off)
        IS DISTINCT FROM
        (NEW.first_name, NEW.last_name, NEW.username, NEW.location, NEW.role, NEW.suspended_at, NEW.rating_average, NEW.review_count,
         NEW.avatar, NEW.skills, NEW.salary_rate, NEW.experience, NEW.availability, NEW.bio, NEW.holidays_off))
  EXECUTE FUNCTION search_changed();
