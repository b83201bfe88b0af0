import type { GalleryPhoto } from "@vam/shared";
import { useCallback, useEffect, useState } from "react";
import { fetchGallery } from "./gallery-api";

type GalleryState = { status: "loading" } | { status: "error" } | { status: "ready"; photos: GalleryPhoto[] };

/** A user's gallery, loaded on mount; `added` and `removed` keep it in step with the owner's changes. */
export function useGallery(userId: string, owner: boolean) {
  const [state, setState] = useState<GalleryState>({ status: "loading" });

  useEffect(() => {
    let cancelled = false;
    setState({ status: "loading" });
    fetchGallery(userId, owner)
      .then((photos) => {
        if (!cancelled) setState({ status: "ready", photos });
      })
      .catch(() => {
        if (!cancelled) setState({ status: "error" });
      });
    return () => {
      cancelled = true;
    };
  }, [userId, owner]);

  const added = useCallback((photo: GalleryPhoto) => {
    setState((current) => (current.status === "ready" ? { status: "ready", photos: [photo, ...current.photos] } : current));
  }, []);

  const removed = useCallback((photoId: string) => {
    setState((current) =>
      current.status === "ready" ? { status: "ready", photos: current.photos.filter((photo) => photo.id !== photoId) } : current,
    );
  }, []);

  return { state, added, removed };
}
