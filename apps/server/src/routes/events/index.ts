import {
  activityPageSchema,
  activityQuerySchema,
  balancesSchema,
  changesQuerySchema,
  dataEnvelope,
  errorBodySchema,
  eventChangesSchema,
  eventCreateSchema,
  eventIdSchema,
  eventSchema,
  eventSummarySchema,
  eventUpdateSchema,
} from '@quits/contract';
import { type CachedEvent, etagMatches } from '@server/events/event-cache';
import { changesSince } from '@server/events/event-changes';
import { checkMayCreateEvent } from '@server/events/event-creation';
import { missingEvent } from '@server/events/event-gone';
import { countAsGuess } from '@server/http/guesses';
import { conflict, say } from '@server/http/http-error';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, sendJsonBytes } from '../responses';
import { listActivity } from './activity-list';
import { setEventClosed } from './event-close';
import { createEvent } from './event-create';
import { restoreEvent } from './event-restore';
import { deleteEvent, updateEvent } from './event-update';

const params = z.object({ id: eventIdSchema });

/** The answer to a create with an id already in use, whatever that event is. */
const eventResponse = dataEnvelope(eventSchema);

/** Events: create, read (with ETag), update, delete, balances and history. */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Sends the cached serialisation of the event as it is, with its ETag. */
  const sendEvent = (reply: FastifyReply, entry: CachedEvent, status = 200) =>
    sendJsonBytes(reply.header('etag', entry.etag), entry.body, status);

  const readLatest = async (eventId: string): Promise<CachedEvent> => {
    const version = await app.eventReader.currentVersion(eventId);
    const entry = version === null ? null : await app.eventReader.read(eventId, version);
    if (!entry) throw await missingEvent(app.db, eventId);
    return entry;
  };

  app.post(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary:
          'Create an event (the same create again answers 200, unchanged; another with its id, 409)',
        body: eventCreateSchema,
        response: {
          200: eventResponse,
          201: eventResponse,
          ...errorResponses,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      checkMayCreateEvent(app, request);
      const { eventId, outcome } = await createEvent(app, request.body, request.client);
      if (outcome === 'taken') {
        // Whoever proposes an id they did not make is guessing it: refused, and counted so.
        countAsGuess(request);
        throw conflict(say('event_id_taken'));
      }
      return sendEvent(reply, await readLatest(eventId), outcome === 'created' ? 201 : 200);
    },
  );

  app.get(
    '/events/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'The event with its people, expenses, payments and rates (ETag, 304)',
        params,
        response: { 200: eventResponse, 304: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const version = await app.eventReader.currentVersion(request.params.id);
      if (version === null) throw await missingEvent(app.db, request.params.id);
      const etag = app.eventReader.etag(version);
      if (etagMatches(request.headers['if-none-match'], etag)) {
        return (reply as FastifyReply).status(304).header('etag', etag).send();
      }
      const entry = await app.eventReader.read(request.params.id, version);
      if (!entry) throw await missingEvent(app.db, request.params.id);
      return sendEvent(reply, entry);
    },
  );

  app.put(
    '/events/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'Change name, description, image, currency or rates (only the fields given)',
        params,
        body: eventUpdateSchema,
        response: { 200: eventResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      await updateEvent(app, request.params.id, request.body, request.client);
      return sendEvent(reply, await readLatest(request.params.id));
    },
  );

  app.delete(
    '/events/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'Delete an event (restorable for 30 days; deleting again answers the same)',
        params,
        response: { 200: dataEnvelope(eventSummarySchema), ...errorResponses },
      },
    },
    async (request) => ({ data: await deleteEvent(app, request.params.id, request.client) }),
  );

  for (const [path, closed, summary] of [
    ['close', true, 'Close an event whose people are all settled: read-only until reopened'],
    ['reopen', false, 'Reopen a closed event (an open one answers as it is)'],
  ] as const) {
    app.post(
      `/events/:id/${path}`,
      {
        schema: {
          tags: ['events'],
          summary,
          params,
          response: { 200: eventResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        await setEventClosed(app, request.params.id, request.client, closed);
        return sendEvent(reply, await readLatest(request.params.id));
      },
    );
  }

  app.post(
    '/events/:id/restore',
    {
      schema: {
        tags: ['events'],
        summary: 'Bring a deleted event back within 30 days (a live event answers as it is)',
        params,
        response: { 200: eventResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      await restoreEvent(app, request.params.id, request.client);
      return sendEvent(reply, await readLatest(request.params.id));
    },
  );

  app.get(
    '/events/:id/balances',
    {
      schema: {
        tags: ['events'],
        summary: 'Balances per person and the fewest transfers that settle them',
        params,
        response: { 200: dataEnvelope(balancesSchema), ...errorResponses },
      },
    },
    async (request) => {
      const entry = await readLatest(request.params.id);
      return { data: app.eventReader.balances(entry) };
    },
  );

  app.get(
    '/events/:id/changes',
    {
      schema: {
        tags: ['events'],
        summary:
          'What changed since a version, oldest first (empty when nothing did; changes: null when too far behind: read the event)',
        params,
        querystring: changesQuerySchema,
        response: { 200: dataEnvelope(eventChangesSchema), ...errorResponses },
      },
    },
    async (request) => {
      const eventId = request.params.id;
      const version = await app.eventReader.currentVersion(eventId);
      if (version === null) throw await missingEvent(app.db, eventId);
      return { data: await changesSince(app.db, eventId, request.query.since, version) };
    },
  );

  app.get(
    '/events/:id/activity',
    {
      schema: {
        tags: ['events'],
        summary: 'Who changed what and when, newest first, 50 at a time',
        params,
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      if ((await app.eventReader.currentVersion(request.params.id)) === null) {
        throw await missingEvent(app.db, request.params.id);
      }
      const eventId = request.params.id;
      const data = await listActivity(app.db, app.devices, eventId, request.query.before);
      // So that the device can tell its own changes from the others'.
      return { data, device_id: app.devices.of(eventId, request.client.deviceId) };
    },
  );
};
