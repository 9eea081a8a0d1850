import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../../features/app/ProfileScreen';

export const Route = createFileRoute('/app/profile')({ component: ProfileScreen });
