import { createFileRoute } from '@tanstack/react-router';
import { HistoryScreen } from '../../features/app/HistoryScreen';
import { LoadingState } from '../../features/app/LoadingState';
import { loadHistory } from '../../route-data';

export const Route = createFileRoute('/app/history')({
  loader: loadHistory,
  pendingComponent: () => <LoadingState what="transactions" className="min-h-dvh" />,
  component: HistoryScreen,
});
