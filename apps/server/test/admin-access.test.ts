import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@vam/shared";
import { signUp, signUpOperator, startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let tokens: Record<"Boss" | "Assistant" | "Sharer" | "Operator", string>;
beforeAll(async () => {
  server = await startTestServer();
  const [boss, assistant, sharer, operator] = await Promise.all([
    signUp(server, { role: "Boss" }),
    signUp(server, { role: "Assistant" }),
    signUp(server, { role: "Sharer" }),
    signUpOperator(server),
  ]);
  tokens = { Boss: boss.token, Assistant: assistant.token, Sharer: sharer.token, Operator: operator.token };
});
afterAll(() => server?.close());

const SOME_ID = "00000000-0000-4000-8000-000000000000";
/** Every endpoint of the operator console's API, with a body it would accept. */
const ENDPOINTS: [method: string, path: string, body?: unknown][] = [
  ["GET", "/api/admin/payments"],
  ["PUT", `/api/admin/payments/${SOME_ID}`, { status: "PAID" }],
  ["GET", "/api/admin/users"],
  ["GET", `/api/admin/users/${SOME_ID}`],
  ["PUT", `/api/admin/users/${SOME_ID}/suspension`, { suspended: true }],
  ["POST", `/api/admin/users/${SOME_ID}/promote`],
  ["GET", "/api/admin/reviews"],
  ["PUT", `/api/admin/reviews/${SOME_ID}/visibility`, { hidden: true }],
  ["GET", "/api/admin/stats"],
  ["GET", "/api/admin/audit"],
];

describe("the operator API", () => {
  const cases = ENDPOINTS.flatMap(([method, path, body]) => (["Boss", "Assistant", "Sharer"] as const).map((role) => ({ method, path, body, role })));
  it.each(cases)("refuses $method $path to a $role with 403", async ({ method, path, body, role }) => {
    const response = await server.api(method, path, { token: tokens[role], body });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(MSG.operatorsOnly);
  });

  it.each(ENDPOINTS.map(([method, path, body]) => ({ method, path, body })))(
    "refuses $method $path to a visitor with 401",
    async ({ method, path, body }) => {
      expect((await server.api(method, path, { body })).status).toBe(401);
    },
  );

  it.each(ENDPOINTS.map(([method, path, body]) => ({ method, path, body })))(
    "answers $method $path to an operator (404 for an unknown id, never 401/403/5xx)",
    async ({ method, path, body }) => {
      const response = await server.api(method, path, { token: tokens.Operator, body });
      expect(path.includes(SOME_ID) ? 404 : 200).toBe(response.status);
    },
  );

  it("cannot be reached by choosing Operator at registration", async () => {
    const response = await server.api("POST", "/api/auth/register", {
      body: {
        firstName: "Eve",
        lastName: "Cruz",
        username: "eve_wants_admin",
        email: "eve@example.ph",
        password: "kape-pandesal",
        role: "Operator",
        location: "Manila",
        skills: [],
        experience: "1-3 years",
        availability: "Full-time",
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(MSG.roleRequired);
  });
});
