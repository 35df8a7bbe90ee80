import { HealthAnswer } from '@footfall/contract';
import { AppError } from '../errors';
import type { App } from '../types';
import { version } from '../version';

export async function healthRoutes(app: App): Promise<void> {
  app.get('/api/health', { schema: { response: { 200: HealthAnswer } } }, async (request) => {
    try {
      await app.db.ping();
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError(503, 'The database is unreachable.');
    }
    return { status: 'ok' as const, database: 'ok' as const, version };
  });
}
