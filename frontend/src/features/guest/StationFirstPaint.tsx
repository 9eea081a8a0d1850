import { GUEST_FILL_SIZES_ML, PRICE_PER_LITRE_IDR } from '@shared/constants';
import { machineStatuses } from '@shared/schemas/machine';
import { StatusBadge } from '../../components/StatusBadge';
import { OrderForm, StationLoading, StationPageFrame, StationSummary, StationUnavailable } from './GuestStationPage';
import type { StationShown } from './station-view';

/**
 * The frame of every station's sticker page, prerendered once as station.html (src/prerender.tsx;
 * docs/architecture.md, "The station page's first paint"): the page loading, and hidden beside it the station's page
 * with every part a station may show (each fill size, the water level's bar, quality, the order form and the
 * unavailable note, the badge of each status), which the first paint (station-first-paint.ts) fills with the station
 * and shows.
 */
const EVERY_PART: StationShown = {
  id: '',
  name: '',
  location: '',
  status: 'online',
  waterLevel: 100,
  quality: { tdsPpm: 0, temperatureC: 0 },
  effectivePricePerLitre: PRICE_PER_LITRE_IDR,
  maxFillMl: Math.max(...GUEST_FILL_SIZES_ML),
};

export function StationFirstPaint() {
  return (
    <StationPageFrame>
      <div data-fill="frame">
        <div data-fill="loading"><StationLoading /></div>
        <div data-fill="station" hidden>
          <StationSummary station={EVERY_PART} />
          <div data-fill="order"><OrderForm station={EVERY_PART} onOrdered={() => undefined} /></div>
          <div data-fill="unavailable" hidden><StationUnavailable status="offline" /></div>
        </div>
        <div hidden>
          {machineStatuses.map((status) => <div key={status} data-fill={`status-${status}`}><StatusBadge status={status} /></div>)}
        </div>
      </div>
    </StationPageFrame>
  );
}
