/**
 * What other features may use of `gallery` (docs/decisions/0012-feature-boundaries.md): everything
 * else in this folder is its own. The lint configuration refuses imports that go around it.
 */
export { GalleryView } from "./GalleryView";
export { galleryRequest } from "./gallery-api";
