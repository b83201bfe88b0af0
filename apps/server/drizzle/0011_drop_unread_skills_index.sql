-- Nothing reads it: the skills filter is the in-memory index's (decision 0014). Every account written paid for it.
DROP INDEX "users_skills_idx";