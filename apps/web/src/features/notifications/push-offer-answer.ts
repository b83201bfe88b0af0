/** Whether this device answered the offer of push after a booking (PushOffer), kept in the browser. */

/** This device's answer to the offer, kept in the browser: once dismissed or turned on, never offered again. */
export const PUSH_OFFER_KEY = "vam.pushOffer";

/** Whether this device answered the offer already. */
export const offerAnswered = () => {
  try {
    return localStorage.getItem(PUSH_OFFER_KEY) !== null;
  } catch {
    return false;
  }
};

/** Remembers this device's answer (here, or turning push off on the notifications page). */
export const rememberPushAnswer = (answer: "dismissed" | "subscribed") => {
  try {
    localStorage.setItem(PUSH_OFFER_KEY, answer);
  } catch {
    // A browser that keeps nothing (a private window): the offer comes back with the next booking.
  }
};
