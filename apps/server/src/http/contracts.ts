import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from "fastify";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { apiErrorSchema, id } from "@vam/shared";
import { jsonSchemaTransform, serializerCompiler } from "fastify-type-provider-zod";
import { z, type ZodType } from "zod";
import { issueError } from "./errors.js";

/**
 * Route contracts (docs/decisions/0005-route-contracts.md): every route declares its params,
 * querystring, body and responses as zod schemas. Requests are validated by them with the
 * API's own answers, answers are serialized through them, and /api/docs is generated from them.
 */

export const DOCS_PREFIX = "/api/docs";

/**
 * A path id, checked by the shared `id` (the one id check): anything that cannot be an id is
 * simply not found, worded as the feature's "not found" (a failing params schema is a 404).
 */
export const pathIdParam = (notFoundMessage: string) => id(notFoundMessage);

/** Params of one `:id`, not found with `notFoundMessage` when malformed. */
export const idParams = (notFoundMessage: string) => z.object({ id: pathIdParam(notFoundMessage) });

/** Routes behind `authenticate`: a bearer token from /api/auth/login. */
export const bearer = [{ bearer: [] }];

/** Every refusal the API words itself: 4xx `{ message, field? }`. */
export const errorResponses = { "4xx": apiErrorSchema.describe("The request was refused: why, and the field at fault if any") } as const;

/**
 * Validates a request part with its zod schema. As `parseWith` did in the handlers: an absent
 * body or query is `{}`, the first problem is a 400 naming its field; a malformed path parameter
 * is a 404 with the schema's message (an id that cannot exist is simply not found).
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    return { error: issueError(result.error, httpPart === "params" ? 404 : 400) };
  };

/**
 * What a route acts on, loaded in a `preValidation` hook, before its form is validated: a missing
 * or someone else's row answers 404/403 before any 400 about the body, as the handlers did before
 * the contracts. The hook validates the path parameters itself (with the route's params schema);
 * the handler reads the loaded value with `get`.
 */
export function loadedFirst<P, T>(load: (params: P, request: FastifyRequest) => Promise<T>) {
  const loaded = new WeakMap<FastifyRequest, T>();
  return {
    hook: async (request: FastifyRequest) => {
      const schema = request.routeOptions.schema?.params as ZodType<P>;
      const result = schema.safeParse(request.params);
      if (!result.success) throw issueError(result.error, 404);
      loaded.set(request, await load(result.data, request));
    },
    get: (request: FastifyRequest) => loaded.get(request) as T,
  };
}

/** Documentation only: the route reads its own body (multipart), nothing is validated here. */
export const documentedOnly: FastifySchemaCompiler<unknown> = () => (data) => ({ value: data });

export async function registerContracts(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  // Strips every field a response schema does not name; a shape that does not match is a 500.
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Virtual Assistant Marketplace API",
        version: "1.0.0",
        description: "Generated from the route contracts. Signed-in routes take `Authorization: Bearer <token>` from /api/auth/login.",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Served from the package: the page works offline, under the app's CSP ('self' scripts).
    uiConfig: { docExpansion: "list", deepLinking: true, validatorUrl: null },
    staticCSP: false,
  });
}
