import Globe from "lucide-react/icons/globe";
import { useActionFetcher } from "../../lib/useActionFetcher";

/** Creates the Assistant's public listing through /profile's action; the button goes away once it exists. */
export function MakePublicButton() {
  const { submit, busy, done } = useActionFetcher();
  if (done) return null;

  return (
    <button type="button" className="btn-primary" disabled={busy} aria-busy={busy} onClick={() => void submit({ intent: "make-public" })}>
      <Globe aria-hidden="true" className="size-4" />
      Make Profile Public
    </button>
  );
}
