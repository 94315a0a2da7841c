import type { FastifyInstance } from 'fastify';
import { HttpError, say } from './http-error';

/** Who is calling: the device's id and, when it says so, the "who am I" person of the event. */
export interface ClientContext {
  deviceId: string | null;
  whoAmI: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    client: ClientContext;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the spec's `Device-ID` header and our `Who-Am-I`; a malformed one is a 400. */
export function installClientContext(app: FastifyInstance): void {
  app.decorateRequest('client', null as unknown as ClientContext);
  app.addHook('onRequest', async (request) => {
    request.client = {
      deviceId: readUuidHeader(request.headers['device-id'], 'Device-ID'),
      whoAmI: readUuidHeader(request.headers['who-am-i'], 'Who-Am-I'),
    };
  });
}

function readUuidHeader(value: string | string[] | undefined, name: string): string | null {
  if (value === undefined || value === '') return null;
  if (typeof value === 'string' && UUID.test(value)) return value.toLowerCase();
  throw new HttpError(400, say('header_not_uuid', { name }), { [name]: [say('must_be_uuid')] });
}
