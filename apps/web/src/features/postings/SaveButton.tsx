import Heart from "lucide-react/icons/heart";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { useAuth } from "../auth/public";
import { pageHref, LOGIN_PAGE } from "../../lib/page-routes";

/**
 * 'Save the Place' / 'Place Saved', through the posting page's action: optimistic. Every press
 * counts: presses made while an answer is on its way are sent after it, in order (`toggleSaved`),
 * and the last one has the final word: once it is answered, the page's loader shows what the
 * server kept (so a failed last press is undone).
 */
export function SaveButton({ postId, saved }: { postId: string; saved: boolean }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const { submit, busy } = useActionFetcher<boolean>();
  // What the presses asked for, shown while they are on their way.
  const [wanted, setWanted] = useState(saved);
  const shown = busy ? wanted : saved;

  const onClick = () => {
    if (!user) {
      void navigate(pageHref(LOGIN_PAGE, {}));
      return;
    }
    setWanted(!shown);
    void submit({ intent: "toggle-save", postId });
  };

  return (
    // A toggle: its pressed state is announced with the spec's words for each state.
    <button type="button" className="btn-secondary" aria-pressed={shown} onClick={onClick}>
      <Heart aria-hidden="true" className={`size-4 ${shown ? "fill-rose-500 text-rose-500" : ""}`} />
      {shown ? "Place Saved" : "Save the Place"}
    </button>
  );
}
