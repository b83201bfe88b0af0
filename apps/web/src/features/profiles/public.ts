/**
 * What other features may use of `profiles` (docs/decisions/0012-feature-boundaries.md): everything
 * else in this folder is its own. The lint configuration refuses imports that go around it.
 */
export { SkillList } from "./SkillList";
export { fetchUserProjects } from "./profiles-api";
