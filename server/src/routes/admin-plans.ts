import type { App } from '../types';

export async function adminPlanRoutes(_app: App): Promise<void> {}
