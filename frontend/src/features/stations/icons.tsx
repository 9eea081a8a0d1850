import { Icon, type IconProps } from '../../components/icons';

/** The station finder's own icons (components/icons.tsx has the shell's, card-icons.tsx the cards'). */
export const LocateIcon = (p: IconProps) => <Icon {...p}><circle cx="12" cy="12" r="4" /><path d="M12 2v3M12 19v3M2 12h3M19 12h3" /></Icon>;
export const SearchIcon = (p: IconProps) => <Icon {...p}><circle cx="11" cy="11" r="7" /><path d="m20 20-3.5-3.5" /></Icon>;
