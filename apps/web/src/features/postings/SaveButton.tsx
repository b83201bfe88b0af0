import Heart from "lucide-react/icons/heart";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../auth/auth-context";
import { toggleSaved } from "./postings-api";

/** 'Save the Place' / 'Place Saved': optimistic, silently reverted when the save fails. */
export function SaveButton({ postId, initiallySaved }: { postId: string; initiallySaved: boolean }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(initiallySaved);
  const busy = useRef(false);

  const onClick = async () => {
    if (!user) {
      void navigate("/login");
      return;
    }
    if (busy.current) return;
    busy.current = true;
    const before = saved;
    setSaved(!before);
    try {
      setSaved(await toggleSaved(postId));
    } catch {
      setSaved(before);
    } finally {
      busy.current = false;
    }
  };

  return (
    // A toggle: its pressed state is announced with the spec's words for each state.
    <button type="button" className="btn-secondary" aria-pressed={saved} onClick={() => void onClick()}>
      <Heart aria-hidden="true" className={`size-4 ${saved ? "fill-rose-500 text-rose-500" : ""}`} />
      {saved ? "Place Saved" : "Save the Place"}
    </button>
  );
}
