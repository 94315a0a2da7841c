import type { FastifyPluginAsync } from 'fastify';

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quits</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
<h1>Quits</h1>
<p>Split shared costs in a group. The API is running, but the web app has not been built.</p>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it when needed) and restart the server.</p>
<p>The API is described at <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;

/** `/` when the web app is not built (see `installWebApp`): says how to build it. */
export const homeRoutes: FastifyPluginAsync = async (app) => {
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );
};
