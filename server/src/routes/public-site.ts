import type { App } from '../types';

export async function publicSiteRoutes(_app: App): Promise<void> {}
