-- The holidays an Assistant keeps as working days while their holiday switch is on: those that
-- held bookings when it was set (decision 0015). Search's "available on" follows them as it
-- follows the switch: the users trigger logs a change of either.
ALTER TABLE "users" ADD COLUMN "holidays_kept" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
DROP TRIGGER users_search_changed ON users;--> statement-breakpoint
CREATE TRIGGER users_search_changed AFTER UPDATE OF first_name, last_name, username, location, role, suspended_at, rating_average,
    review_count, avatar, skills, salary_rate, experience, availability, bio, holidays_off, holidays_kept ON users
  FOR EACH ROW
  WHEN ((OLD.first_name, OLD.last_name, OLD.username, OLD.location, OLD.role, OLD.suspended_at, OLD.rating_average, OLD.review_count,
         OLD.avatar, OLD.skills, OLD.salary_rate, OLD.experience, OLD.availability, OLD.bio, OLD.holidays_off, OLD.holidays_kept)
        IS DISTINCT FROM
        (NEW.first_name, NEW.last_name, NEW.username, NEW.location, NEW.role, NEW.suspended_at, NEW.rating_average, NEW.review_count,
         NEW.avatar, NEW.skills, NEW.salary_rate, NEW.experience, NEW.availability, NEW.bio, NEW.holidays_off, NEW.holidays_kept))
  EXECUTE FUNCTION search_changed();
