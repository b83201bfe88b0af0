/**
 * The server's time. Every rule that compares with "now" (past slots, holds, completion,
 * review windows) reads it here, so that tests can move it; production never can.
 */
export interface Clock {
  now(): Date;
}

/** The real time, shifted by an offset that only tests set. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Makes `now()` read `instant` from here on (time keeps running). */
  set(instant: Date) {
    this.offsetMs = instant.getTime() - Date.now();
  }

  reset() {
    this.offsetMs = 0;
  }
}
