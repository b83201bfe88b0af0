import type { FastifyInstance } from "fastify";

/** "Download my data" and "Delete my account" (Data Privacy Act of 2012; decisions.md, Accounts and email). */
export async function privacyRoutes(base: FastifyInstance) {
  void base;
}
