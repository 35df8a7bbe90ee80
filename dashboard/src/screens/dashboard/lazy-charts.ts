import { chunkLoader } from '../../lib/browser/load-chunk';

/** The charts chunk (visx), loaded once, only by screens that draw a chart. */
export const loadCharts = chunkLoader(() => import('../../charts'));

/** The world map chunk (its geography is several times the charts' size), loaded once the map is shown. */
export const loadMap = chunkLoader(() => import('../../charts/map'));
