import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../components/PublicLayout';
import { GuestStationPage } from '../features/guest/GuestStationPage';

/** A station's public page (its sticker's QR code): live status, and one refill paid without an account. */
export const Route = createFileRoute('/s/$id')({
  component: function StationRoute() {
    const { id } = Route.useParams();
    return (
      <PublicLayout>
        <GuestStationPage stationId={id} />
      </PublicLayout>
    );
  },
});
