import Heart from "lucide-react/icons/heart";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../auth/auth-context";
import { toggleSaved } from "./postings-api";

/**
 * 'Save the Place' / 'Place Saved': optimistic. Every press counts: presses made while an answer is
 * on its way are sent after it, in order, and the answer to the last press has the final word (a
 * failed last press is undone).
 */
export function SaveButton({ postId, initiallySaved }: { postId: string; initiallySaved: boolean }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(initiallySaved);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const lastPress = useRef(0);

  const onClick = () => {
    if (!user) {
      void navigate("/login");
      return;
    }
    const press = ++lastPress.current;
    setSaved((current) => !current);
    queue.current = queue.current.then(async () => {
      try {
        const answer = await toggleSaved(postId);
        if (press === lastPress.current) setSaved(answer);
      } catch {
        if (press === lastPress.current) setSaved((current) => !current);
      }
    });
  };

  return (
    // A toggle: its pressed state is announced with the spec's words for each state.
    <button type="button" className="btn-secondary" aria-pressed={saved} onClick={onClick}>
      <Heart aria-hidden="true" className={`size-4 ${saved ? "fill-rose-500 text-rose-500" : ""}`} />
      {saved ? "Place Saved" : "Save the Place"}
    </button>
  );
}
