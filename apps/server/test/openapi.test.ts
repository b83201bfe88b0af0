import Fastify from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, publicUserSchema } from "@vam/shared";
import { z } from "zod";
import { signUp, signUpOperator, startTestServer, type TestServer } from "./helpers/server.js";

/**
 * The contracts: every API route Fastify registered (so a new route is checked without touching
 * this file) is in the OpenAPI document with the parameters, body and responses it declares, and
 * answers are serialized through their schemas (what a schema does not name never leaves).
 */

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let server: TestServer;
let document: Document;

beforeAll(async () => {
  server = await startTestServer({ TEST_CLOCK: "true" });
  const answer = await server.api<Document>("GET", "/api/docs/json");
  expect(answer.status).toBe(200);
  document = answer.body;
});
afterAll(() => server?.close());

/** `/api/bookings/:id/review` as OpenAPI writes it: `/api/bookings/{id}/review`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");
const pathParameters = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);

describe("the OpenAPI document", () => {
  const apiRoutes = () =>
    server.app.routeList.filter(
      (route) => route.url.startsWith("/api/") && !route.url.startsWith("/api/docs") && !["HEAD", "OPTIONS"].includes(route.method),
    );

  it("is OpenAPI 3.1 and lists the API's routes (the docs' own excluded)", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(apiRoutes().length).toBeGreaterThan(50);
    expect(Object.keys(document.paths).some((path) => path.startsWith("/api/docs"))).toBe(false);
  });

  it("has every route with its parameters, body and responses", () => {
    for (const route of apiRoutes()) {
      const where = `${route.method} ${route.url}`;
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${where} is missing from the document`).toBeDefined();
      const schema = route.schema as { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<string, unknown> } | undefined;
      expect(schema?.response, `${where} declares no response`).toBeDefined();

      const parameters = operation!.parameters ?? [];
      for (const name of pathParameters(route.url)) {
        expect(
          parameters.some((p) => p.in === "path" && p.name === name),
          `${where}: path parameter ${name}`,
        ).toBe(true);
      }
      if (schema?.querystring)
        expect(
          parameters.some((p) => p.in === "query"),
          `${where}: query parameters`,
        ).toBe(true);
      if (schema?.body) {
        const content = operation!.requestBody?.content ?? {};
        expect(
          Object.values(content).some((media) => media.schema),
          `${where}: request body`,
        ).toBe(true);
      }
      for (const status of Object.keys(schema!.response!)) {
        // OpenAPI writes a status range as "4XX".
        const response = operation!.responses[status.toUpperCase()];
        expect(response, `${where}: response ${status}`).toBeDefined();
        expect(
          Object.values(response!.content ?? {}).some((media) => media.schema),
          `${where}: schema of response ${status}`,
        ).toBe(true);
      }
      expect(
        Object.keys(operation!.responses).some((status) => status.startsWith("2")),
        `${where}: a success response`,
      ).toBe(true);
    }
  });

  it("documents the uploads as multipart forms", () => {
    for (const path of ["/api/upload", "/api/upload/register"]) {
      expect(Object.keys(document.paths[path]!.post!.requestBody!.content)).toEqual(["multipart/form-data"]);
    }
  });

  it("serves the reference page from the package, under the app's CSP", async () => {
    const page = await fetch(`${server.url}/api/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\/(?!localhost|127\.0\.0\.1)[^"']*\.(js|css)/);
    const script = await fetch(`${server.url}/api/docs/static/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
  });
});

describe("answers through their schemas", () => {
  it("strips a field the response schema does not name", async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setSerializerCompiler(serializerCompiler);
    app.get("/", { schema: { response: { 200: z.object({ id: z.string(), name: z.string() }) } } }, async () => {
      const row = { id: "1", name: "Ana", passwordHash: "$argon2id$secret" };
      return row;
    });
    const answer = await app.inject({ method: "GET", url: "/" });
    expect(answer.json()).toEqual({ id: "1", name: "Ana" });
    await app.close();
  });

  it("never sends a user's email or password hash on a public profile", async () => {
    const person = await signUp(server, { role: "Assistant" });
    const profile = await server.api("GET", `/api/profiles/${person.user.id}`);
    expect(profile.status).toBe(200);
    expect(Object.keys(profile.body).sort()).toEqual([...Object.keys(publicUserSchema.shape), "listing"].sort());
    const sent = JSON.stringify(profile.body);
    expect(sent).not.toContain(person.input.email);
    expect(sent).not.toMatch(/argon2|passwordHash/);
  });
});

describe("validation answers as before the contracts", () => {
  const missing = "00000000-0000-4000-8000-000000000000";

  it("words a refused form with the shared message and its field, and a malformed path id as the feature's 404", async () => {
    const boss = await signUp(server, { role: "Boss" });
    expect(await server.api("POST", "/api/auth/login", { body: {} })).toMatchObject({
      status: 400,
      body: { message: MSG.usernameRequired, field: "username" },
    });
    expect(await server.api("GET", "/api/bookings/not-an-id", { token: boss.token })).toMatchObject({
      status: 404,
      body: { message: MSG.bookingNotFound },
    });
    expect(await server.api("GET", "/api/profiles/12345/reviews?cursor=x")).toMatchObject({ status: 404, body: { message: MSG.userNotFound } });
  });

  it("refuses who may not act, and what is not there, before reading the form", async () => {
    const boss = await signUp(server, { role: "Boss" });
    const other = await signUp(server, { role: "Boss" });
    const operator = await signUpOperator(server);
    const as = (token: string) => ({ token, body: {} });
    expect((await server.api("POST", "/api/posts", { body: {} })).status).toBe(401);
    expect(await server.api("POST", "/api/posts", as(boss.token))).toMatchObject({ status: 403, body: { message: MSG.onlyAssistantsPost } });
    expect(await server.api("PUT", `/api/posts/${missing}`, as(boss.token))).toMatchObject({ status: 404, body: { message: MSG.postingNotFound } });
    expect(await server.api("POST", `/api/messages/${missing}`, as(boss.token))).toMatchObject({ status: 404, body: { message: MSG.chatNotFound } });
    expect(await server.api("PUT", `/api/users/${other.user.id}`, as(boss.token))).toMatchObject({
      status: 403,
      body: { message: MSG.forbiddenOtherUser },
    });
    expect((await server.api("GET", "/api/admin/users?page=0", { token: boss.token })).status).toBe(403);
    expect(await server.api("PUT", `/api/admin/users/${missing}/suspension`, as(operator.token))).toMatchObject({
      status: 404,
      body: { message: MSG.userNotFound },
    });
  });
});
