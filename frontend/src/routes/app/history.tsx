import { createFileRoute } from '@tanstack/react-router';
import { HistoryScreen } from '../../features/app/HistoryScreen';

export const Route = createFileRoute('/app/history')({ component: HistoryScreen });
