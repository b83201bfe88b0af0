/**
 * Loads a chunk of the app's code, trying again when the load fails: a page opened, or a
 * connection dropped, while the network was down must not break the page for good. Offline, the
 * next try waits until the browser is back online; online (a blip the browser did not notice),
 * it waits a moment. After `tries` failures the last error is thrown (a chunk that is gone
 * after a new release shows the error screen, which offers a reload).
 */
export async function importAgain<T>(load: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= tries) throw error;
      await new Promise((resume) =>
        navigator.onLine ? setTimeout(resume, Math.min(attempt, 5) * 1000) : addEventListener("online", resume, { once: true }),
      );
    }
  }
}
