import { lazyRouteComponent } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { chunkLoader } from '../browser/load-chunk';

/**
 * A route screen loaded as its own chunk. The router preloads it when a link is hovered and before the route
 * renders, so a slow chunk shows the pending view; a failed or timed-out one reaches the route's error view
 * as a ChunkLoadError ("Loading chunk failed", with a retry that imports it again).
 */
export function lazyScreen<Props extends object>(importer: () => Promise<{ default: ComponentType<Props> }>) {
  return lazyRouteComponent(chunkLoader(importer));
}
