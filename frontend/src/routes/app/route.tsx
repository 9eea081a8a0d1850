import { createFileRoute } from '@tanstack/react-router';
import { AppFrame } from '../../features/app/AppFrame';

/** Layout of /app and its screens: signed-in only; signed out, the home page is shown (see AppFrame). */
export const Route = createFileRoute('/app')({
  component: AppFrame,
});
