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
    <button type="button" className="btn-secondary" onClick={() => void onClick()}>
      <Heart aria-hidden="true" className={`size-4 ${saved ? "fill-rose-500 text-rose-500" : ""}`} />
      {saved ? "Place Saved" : "Save the Place"}
    </button>
  );
}
