import { Icon, type IconProps } from '../../components/icons';

/** The About page's icons (components/icons.tsx has the shell's); drawn as the landing page's are, each page's chunk carrying its own. */
export const ChipIcon = (p: IconProps) => <Icon {...p}><rect x="6" y="6" width="12" height="12" rx="2" /><path d="M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4" /></Icon>;
export const GlobeIcon = (p: IconProps) => <Icon {...p}><circle cx="12" cy="12" r="9" /><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" /></Icon>;
export const HeartIcon = (p: IconProps) => <Icon {...p}><path d="M12 20s-8-4.6-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.4 12 20 12 20Z" /></Icon>;
export const LeafIcon = (p: IconProps) => <Icon {...p}><path d="M5 19c0-8 5-13 15-14-1 10-6 15-14 15" /><path d="M5 19c3-4 6-6 10-8" /></Icon>;
export const NfcIcon = (p: IconProps) => <Icon {...p}><path d="M6 8.5a6 6 0 0 1 0 7M9.5 6a10 10 0 0 1 0 12M13 3.5a14 14 0 0 1 0 17" /></Icon>;
export const PhoneIcon = (p: IconProps) => <Icon {...p}><rect x="6" y="2" width="12" height="20" rx="3" /><path d="M11 18h2" /></Icon>;
export const PulseIcon = (p: IconProps) => <Icon {...p}><path d="M3 12h4l2-6 4 12 2-6h6" /></Icon>;
export const SignalIcon = (p: IconProps) => <Icon {...p}><path d="M4 20v-3M9 20v-7M14 20V9M19 20V4" /></Icon>;
export const UsersIcon = (p: IconProps) => <Icon {...p}><circle cx="9" cy="8" r="3.5" /><path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6 6 0 0 1 3.5 6" /></Icon>;
