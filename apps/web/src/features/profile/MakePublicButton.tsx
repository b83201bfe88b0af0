import Globe from "lucide-react/icons/globe";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { makeProfilePublic } from "./own-profile-api";

/** Creates the Assistant's public listing; the button goes away once it exists. */
export function MakePublicButton() {
  const revalidator = useRevalidator();
  const [state, setState] = useState<"idle" | "busy" | "done">("idle");
  if (state === "done") return null;

  const onClick = async () => {
    setState("busy");
    try {
      await makeProfilePublic();
    } catch {
      setState("idle");
      window.alert("Error posting profile. Please try again.");
      return;
    }
    setState("done");
    toast.success("Your profile is now public");
    void revalidator.revalidate();
  };

  return (
    <button type="button" className="btn-primary" disabled={state === "busy"} aria-busy={state === "busy"} onClick={() => void onClick()}>
      <Globe aria-hidden="true" className="size-4" />
      Make Profile Public
    </button>
  );
}
