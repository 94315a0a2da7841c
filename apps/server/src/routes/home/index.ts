import type { FastifyPluginAsync } from 'fastify';

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quits</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
<h1>Quits</h1>
<p>Split shared costs in a group. The API is running; the web app is not built into this server yet.</p>
<p>The API is described at <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;

/** `/` until the web app is served here. */
export const homeRoutes: FastifyPluginAsync = async (app) => {
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );
};
