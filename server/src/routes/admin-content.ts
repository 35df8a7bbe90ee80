import type { App } from '../types';

export async function adminContentRoutes(_app: App): Promise<void> {}
