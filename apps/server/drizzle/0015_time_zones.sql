-- Each person's own time zone (IANA), decisions.md "Time zones": taken from the browser at registration
-- or at the first sign-in after this migration, changeable in Settings; null until then.
ALTER TABLE "users" ADD COLUMN "time_zone" text;