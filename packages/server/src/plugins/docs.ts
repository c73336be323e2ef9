import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the contract's zod schemas: JSON at /api/docs/json, UI at /api/docs. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Member portal API',
        description:
          'The HTTP contract of the member self-service portal. Every 4xx answers with ' +
          '`{ status, reason?, errors: [{ type, message?, context? }] }`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          clubKey: {
            type: 'http',
            scheme: 'bearer',
            description: "A club's door-system key (POST /v1/door/check_ins), not a member session.",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
}
