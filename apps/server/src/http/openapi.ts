import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SERVER_VERSION } from '@server/version';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs. */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Quits API',
        version: SERVER_VERSION,
        description:
          'Amounts are integers in minor units of their currency. Clients send `X-Requested-With: XMLHttpRequest`, `Content-Type: application/json` and `Device-ID: <uuid>`; `Who-Am-I: <person uuid>` is recorded in the history.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
