import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useCallback, useRef } from 'react';
import { HomeScreen } from '../../features/app/HomeScreen';
import { LoadingState } from '../../features/app/LoadingState';
import { loadAppHome } from '../../route-data';
import { appHomeSearch, type HomeOverlay } from '../../search';

export const Route = createFileRoute('/app/')({
  validateSearch: appHomeSearch,
  loader: loadAppHome,
  pendingComponent: () => <LoadingState className="min-h-dvh" />,
  component: AppHome,
});

function AppHome() {
  const { overlay, topup } = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  // Whether the overlay was opened on this page (then closing it is a step back in history).
  const openedHere = useRef(false);

  const open = useCallback((next: HomeOverlay, replace = false) => {
    if (!replace) openedHere.current = true;
    void navigate({ search: { overlay: next }, replace });
  }, [navigate]);
  const close = useCallback(() => {
    if (openedHere.current) {
      openedHere.current = false;
      router.history.back();
    } else {
      void navigate({ search: {}, replace: true });
    }
  }, [navigate, router]);

  // Back from paying a top-up in another app (the gateway's return): the Top Up sheet, following it.
  return <HomeScreen overlay={overlay ?? (topup ? 'topup' : undefined)} returnedTopupId={topup} open={open} close={close} />;
}
