/**
 * The gallery's data route (`/data/gallery`, declared with the others in router.tsx's `/data`
 * branch; its action is `galleryAction` in gallery-data.ts).
 */
export const GALLERY_ACTION = "/data/gallery";
