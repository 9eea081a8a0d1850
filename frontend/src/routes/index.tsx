import { createFileRoute } from '@tanstack/react-router';
import { LANDING_ONLINE_STATIONS } from '../../../shared/constants';
import { HostApplicationForm } from '../features/partners/HostApplicationForm';
import { OnlineStationList } from '../features/stations/OnlineStationList';

export const Route = createFileRoute('/')({ component: Landing });

function Landing() {
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-4xl font-bold text-brand-800">Clean water, refilled across Bali</h1>
      <section id="stations" className="mt-10">
        <h2 className="mb-4 text-2xl font-semibold">Stations near you</h2>
        <OnlineStationList limit={LANDING_ONLINE_STATIONS} />
      </section>
      <section id="partner" className="mt-12">
        <h2 className="mb-4 text-2xl font-semibold">Host a station</h2>
        <HostApplicationForm />
      </section>
    </main>
  );
}
