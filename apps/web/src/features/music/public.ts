/**
 * What other features may use of `music` (docs/decisions/0012-feature-boundaries.md): everything
 * else in this folder is its own. The lint configuration refuses imports that go around it.
 */
export { MusicProvider } from "./MusicProvider";
export { MusicToggle } from "./MusicToggle";
