import type { App } from '../types';

export async function adminDirectoryRoutes(_app: App): Promise<void> {}
