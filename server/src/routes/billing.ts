import type { App } from '../types';

export async function billingRoutes(_app: App): Promise<void> {}
