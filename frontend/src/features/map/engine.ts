import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { Feature, FeatureCollection, Point } from 'geojson';
import { MAP_DEFAULTS } from '@shared/constants';
import type { LatLng } from '@shared/geo';
import type { Bounds } from '@shared/station-tiles';
import { statusColor, type StatusTone } from '../stations/status';
import { baliHighlands, baliLakes, baliLand, baliPlaces } from './bali';

// maplibre-gl 6 has no default export and no bundled worker: point it at the worker file Vite emits.
maplibregl.setWorkerUrl(workerUrl);

export interface MapStation {
  id: string;
  name: string;
  location: string;
  coordinates: LatLng;
  tone: StatusTone;
  statusLabel: string;
  /** Already worded: 'Water level: 82%' or 'Water level: unknown'. */
  waterLevel: string;
  directionsUrl: string;
}

export interface MapTexts {
  directions: string;
  you: string;
  stationsIn: (count: number) => string;
}

/** A tile of the station list that is not loaded: its count of stations joins the clusters, or alone is a bubble that zooms to its cell. */
export interface MapTileCount {
  key: string;
  count: number;
  online: number;
  center: LatLng;
  bounds: Bounds;
}

export interface StationMapController {
  setStations(stations: MapStation[]): void;
  setTileCounts(tiles: MapTileCount[]): void;
  fitBounds(bounds: Bounds): void;
  setTexts(texts: MapTexts): void;
  showUser(position: LatLng | null, fly: boolean): void;
  focus(station: MapStation): void;
  destroy(): void;
}

const SEA = '#cdebf3';
const LAND = '#f7f3e8';

function baseStyle(): maplibregl.StyleSpecification {
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: baliLand },
      highlands: { type: 'geojson', data: baliHighlands },
      lakes: { type: 'geojson', data: baliLakes },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': SEA } },
      { id: 'land-glow', type: 'line', source: 'land', paint: { 'line-color': '#e6f6fa', 'line-width': 10, 'line-blur': 6 } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': LAND } },
      { id: 'highlands', type: 'fill', source: 'highlands', paint: { 'fill-color': '#dcebd2', 'fill-opacity': 0.75 } },
      { id: 'lakes', type: 'fill', source: 'lakes', paint: { 'fill-color': SEA } },
      { id: 'coast', type: 'line', source: 'land', paint: { 'line-color': '#7fc6d6', 'line-width': ['interpolate', ['linear'], ['zoom'], 8, 0.8, 14, 2] } },
    ],
  };
}

/**
 * The stations and the tiles not loaded, in one clustered source: a tile weighs its count of stations, so that the
 * clusters add up both and a zoomed-out map merges the tiles' counts instead of piling them up.
 */
function toFeatures(stations: Iterable<MapStation>, tiles: Iterable<MapTileCount>): FeatureCollection<Point> {
  const point = ({ latitude, longitude }: LatLng): Point => ({ type: 'Point', coordinates: [longitude, latitude] });
  return {
    type: 'FeatureCollection',
    features: [
      ...[...stations].map((s): Feature<Point> => ({ type: 'Feature', id: s.id, properties: { id: s.id, tone: s.tone, online: s.tone === 'online' ? 1 : 0, stations: 1 }, geometry: point(s.coordinates) })),
      ...[...tiles].map((t): Feature<Point> => ({ type: 'Feature', properties: { tile: t.key, online: t.online, stations: t.count }, geometry: point(t.center) })),
    ],
  };
}

const isStation: maplibregl.FilterSpecification = ['all', ['!', ['has', 'point_count']], ['!', ['has', 'tile']]];

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function popupContent(station: MapStation, texts: MapTexts): HTMLElement {
  const root = el('div', 'min-w-48 max-w-64 text-slate-800');
  root.append(el('p', 'font-semibold text-slate-900', station.name), el('p', 'mt-0.5 text-xs text-slate-600', station.location));
  const status = el('p', 'mt-2 flex items-center gap-1.5 text-xs font-medium');
  const dot = el('span', 'inline-block h-2.5 w-2.5 rounded-full');
  dot.style.backgroundColor = statusColor[station.tone];
  dot.setAttribute('aria-hidden', 'true');
  status.append(dot, document.createTextNode(station.statusLabel));
  const level = el('p', 'mt-1 text-xs text-slate-600', station.waterLevel);
  const link = el('a', 'mt-3 inline-flex rounded-full bg-brand-700 px-3 py-1.5 text-xs font-semibold !text-white hover:bg-brand-800', texts.directions);
  link.href = station.directionsUrl;
  link.target = '_blank';
  link.rel = 'noopener';
  root.append(status, level, link);
  return root;
}

/**
 * A count of stations as a round button, for a cluster and for a tile not loaded: the ring shows the share online.
 * Counts are HTML markers: the offline style has no glyph server for map text.
 */
function countBubble(count: number, online: number, label: string, className: string, onClick: () => void): HTMLButtonElement {
  const size = count < 10 ? 34 : count < 50 ? 42 : count < 200 ? 50 : 58;
  const node = el('button', className);
  node.type = 'button';
  node.style.width = node.style.height = `${size}px`;
  node.setAttribute('aria-label', label);
  node.style.background = `conic-gradient(${statusColor.online} ${(online / Math.max(1, count)) * 360}deg, #94a3b8 0)`;
  node.style.padding = '3px';
  node.append(el('span', 'flex h-full w-full items-center justify-center rounded-full bg-brand-800', String(count)));
  node.addEventListener('click', (e) => {
    e.stopPropagation();
    onClick();
  });
  return node;
}

const lngLatBounds = (b: Bounds): maplibregl.LngLatBoundsLike => [[b.west, b.south], [b.east, b.north]];

/** Online raster tiles are used only when one actually loads; the shipped basemap stays underneath. */
async function addOnlineTilesIfReachable(map: maplibregl.Map) {
  if (!navigator.onLine) return;
  const probe = 'https://tile.openstreetmap.org/10/839/543.png';
  try {
    const response = await fetch(probe, { mode: 'cors', signal: AbortSignal.timeout(4000) });
    if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('image/')) return;
  } catch {
    return;
  }
  if (!map.getStyle()) return;
  map.addSource('osm', {
    type: 'raster',
    tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
    tileSize: 256,
    maxzoom: 19,
    attribution: '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a> contributors',
  });
  map.addLayer({ id: 'osm', type: 'raster', source: 'osm', paint: { 'raster-opacity': 0.9 } }, 'clusters');
}

/**
 * A maplibre map of stations on the offline Bali basemap: clusters, status-coloured markers, popups, and the counts of
 * tiles not loaded. `onViewChange` hears the box in view once the map has loaded and after every move.
 */
export function createStationMap(
  container: HTMLElement,
  initial: { stations: MapStation[]; texts: MapTexts; center?: LatLng; onViewChange?: (view: Bounds) => void },
): StationMapController {
  let texts = initial.texts;
  let stations = new Map(initial.stations.map((s) => [s.id, s]));
  let tiles = new Map<string, MapTileCount>();
  const center = initial.center ?? MAP_DEFAULTS;
  const map = new maplibregl.Map({
    container,
    style: baseStyle(),
    center: [center.longitude, center.latitude],
    zoom: MAP_DEFAULTS.zoom,
    maxZoom: MAP_DEFAULTS.maxZoom,
    minZoom: 7,
    maxBounds: [[113.6, -9.4], [116.5, -7.5]],
    attributionControl: { compact: true },
    cooperativeGestures: false,
    dragRotate: false,
    pitchWithRotate: false,
  });
  map.touchZoomRotate.disableRotation();
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');

  const labelMarkers = baliPlaces.features.map((f) => {
    const node = el('div', 'map-area-label', f.properties.name);
    node.setAttribute('aria-hidden', 'true');
    return { minZoom: f.properties.minZoom, node, marker: new maplibregl.Marker({ element: node }).setLngLat(f.geometry.coordinates as [number, number]) };
  });
  const updateLabels = () => {
    const zoom = map.getZoom();
    labelMarkers.forEach(({ node, minZoom }) => (node.style.display = zoom >= minZoom ? '' : 'none'));
  };

  let popup: maplibregl.Popup | null = null;
  let userMarker: maplibregl.Marker | null = null;
  const openPopup = (station: MapStation) => {
    popup?.remove();
    popup = new maplibregl.Popup({ offset: 14, maxWidth: '280px', focusAfterOpen: false })
      .setLngLat([station.coordinates.longitude, station.coordinates.latitude])
      .setDOMContent(popupContent(station, texts))
      .addTo(map);
  };

  const countMarkers = new Map<string, maplibregl.Marker>();
  const updateCounts = () => {
    const seen = new Set<string>();
    for (const feature of map.querySourceFeatures('stations')) {
      const props = feature.properties as { cluster_id?: number; tile?: string; stations?: number; online?: number };
      const { cluster_id: clusterId, tile: key } = props;
      const id = clusterId !== undefined ? `cluster ${clusterId}` : key !== undefined ? `tile ${key}` : null;
      if (id === null || seen.has(id)) continue;
      seen.add(id);
      if (countMarkers.has(id)) continue;
      const count = props.stations ?? 0;
      const coordinates = (feature.geometry as Point).coordinates as [number, number];
      // A cluster opens up; a tile's count shows its cell, whose stations then load.
      const zoomIn = clusterId !== undefined
        ? () => {
          const source = map.getSource('stations') as maplibregl.GeoJSONSource;
          void source.getClusterExpansionZoom(clusterId).then((zoom) => map.easeTo({ center: coordinates, zoom: Math.min(zoom, MAP_DEFAULTS.maxZoom) }));
        }
        : () => {
          const tile = tiles.get(key ?? '');
          if (tile) map.fitBounds(lngLatBounds(tile.bounds), { padding: 24 });
        };
      const node = countBubble(count, props.online ?? 0, texts.stationsIn(count), key === undefined ? 'map-cluster' : 'map-cluster map-tile-count', zoomIn);
      countMarkers.set(id, new maplibregl.Marker({ element: node }).setLngLat(coordinates).addTo(map));
    }
    for (const [id, marker] of countMarkers) {
      if (!seen.has(id)) {
        marker.remove();
        countMarkers.delete(id);
      }
    }
  };
  const refreshSource = () => {
    const source = map.getSource('stations') as maplibregl.GeoJSONSource | undefined;
    if (!source) return;
    countMarkers.forEach((m) => m.remove());
    countMarkers.clear();
    void source.setData(toFeatures(stations.values(), tiles.values()));
  };

  const reportView = () => {
    const view = map.getBounds();
    initial.onViewChange?.({ south: view.getSouth(), west: view.getWest(), north: view.getNorth(), east: view.getEast() });
  };

  map.on('load', () => {
    map.addSource('stations', {
      type: 'geojson',
      data: toFeatures(stations.values(), tiles.values()),
      cluster: true,
      clusterRadius: 48,
      clusterMaxZoom: 14,
      clusterProperties: { online: ['+', ['get', 'online']], stations: ['+', ['get', 'stations']] },
    });
    map.addLayer({ id: 'clusters', type: 'circle', source: 'stations', filter: ['has', 'point_count'], paint: { 'circle-radius': 0, 'circle-opacity': 0 } });
    map.addLayer({
      id: 'station-halo',
      type: 'circle',
      source: 'stations',
      filter: isStation,
      paint: { 'circle-radius': 13, 'circle-color': '#ffffff', 'circle-opacity': 0.85, 'circle-blur': 0.3 },
    });
    map.addLayer({
      id: 'stations',
      type: 'circle',
      source: 'stations',
      filter: isStation,
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 8, 5, 14, 8, 18, 11],
        'circle-color': ['match', ['get', 'tone'], 'online', statusColor.online, 'offline', statusColor.offline, 'maintenance', statusColor.maintenance, statusColor.unknown],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2.5,
      },
    });
    labelMarkers.forEach(({ marker }) => marker.addTo(map));
    updateLabels();
    map.on('click', 'stations', (e) => {
      const id = e.features?.[0]?.properties?.id as string | undefined;
      const station = id ? stations.get(id) : undefined;
      if (station) openPopup(station);
    });
    map.on('mouseenter', 'stations', () => (map.getCanvas().style.cursor = 'pointer'));
    map.on('mouseleave', 'stations', () => (map.getCanvas().style.cursor = ''));
    map.on('zoom', updateLabels);
    map.on('sourcedata', (e) => e.sourceId === 'stations' && e.isSourceLoaded && updateCounts());
    map.on('moveend', updateCounts);
    map.on('moveend', reportView);
    reportView();
    void addOnlineTilesIfReachable(map);
  });

  return {
    setStations(next) {
      stations = new Map(next.map((s) => [s.id, s]));
      refreshSource();
    },
    setTileCounts(next) {
      // A moved map mostly leaves the same tiles out: clustering again would only make the counts flicker.
      const same = next.length === tiles.size && next.every((t) => tiles.get(t.key)?.count === t.count && tiles.get(t.key)?.online === t.online);
      if (same) return;
      tiles = new Map(next.map((t) => [t.key, t]));
      refreshSource();
    },
    fitBounds(bounds) {
      map.fitBounds(lngLatBounds(bounds), { padding: 24 });
    },
    setTexts(next) {
      texts = next;
    },
    showUser(position, fly) {
      userMarker?.remove();
      userMarker = null;
      if (!position) return;
      const node = el('div', 'h-4 w-4 rounded-full border-[3px] border-white bg-blue-600 shadow-[0_0_0_6px_rgba(37,99,235,0.25)]');
      node.title = texts.you;
      userMarker = new maplibregl.Marker({ element: node }).setLngLat([position.longitude, position.latitude]).addTo(map);
      if (fly) map.flyTo({ center: [position.longitude, position.latitude], zoom: Math.max(map.getZoom(), 13) });
    },
    focus(station) {
      map.flyTo({ center: [station.coordinates.longitude, station.coordinates.latitude], zoom: Math.max(map.getZoom(), 15) });
      openPopup(station);
    },
    destroy() {
      map.remove();
    },
  };
}
