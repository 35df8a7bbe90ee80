// The baseline of the ingestion benchmark: Fastify with one route on the ingestion path that answers 202
// without looking at the body. Fastify's default parsers read the text/plain (and JSON) body, as the real
// route does. Listens on 127.0.0.1:PORT and stops on SIGTERM.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/api/save-company-visitor-analytics', async (_request, reply) => {
  reply.code(202).send();
});
app.get('/api/health', async () => ({ status: 'ok' }));

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
