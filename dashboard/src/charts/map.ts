/**
 * The world map chunk: `WorldMap`, a choropleth of visitors by country. It is a chunk of its own, apart from the
 * charts chunk, because its geography (world-atlas's countries, d3-geo) is several times the size of all the
 * other charts together, and only a screen that shows the map needs it. Screens load it with a dynamic
 * `import()` through `chunkLoader`, never statically; `import type` is fine.
 *
 * The charts' shared styles come along, as the map may arrive before the charts chunk does.
 */
import './charts.css';
import './chart-overlays.css';
import './world-map.css';

export type { MapRow } from './map-summary';
export { WorldMap, type WorldMapProps } from './world-map';
