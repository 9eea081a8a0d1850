import { Icon, type IconProps } from '../../components/icons';

/** A station card's icons, which load with the cards rather than in the finder's first render (icons.tsx has the finder's). */
export const ClockIcon = (p: IconProps) => <Icon {...p}><circle cx="12" cy="12" r="9" /><path d="M12 7v5l3 2" /></Icon>;
export const NavigationIcon = (p: IconProps) => <Icon {...p}><path d="M3 11 21 3l-8 18-2-8-8-2Z" /></Icon>;
export const PinIcon = (p: IconProps) => <Icon {...p}><path d="M12 21s7-6.2 7-11.5a7 7 0 0 0-14 0C5 14.8 12 21 12 21Z" /><circle cx="12" cy="9.5" r="2.5" /></Icon>;
export const ShieldIcon = (p: IconProps) => <Icon {...p}><path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Z" /><path d="m9 12 2 2 4-4" /></Icon>;
export const StarIcon = (p: IconProps) => <Icon {...p}><path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2-5.5-2.9-5.5 2.9 1-6.2L3 9.6l6.2-.9L12 3Z" /></Icon>;
