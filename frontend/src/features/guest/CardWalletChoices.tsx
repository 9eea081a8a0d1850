import { guestTexts } from '../../i18n/guest';
import { useMessages } from '../../i18n/messages';
import type { CardWallet } from '../wallet/payment-request';
import { useCardWallets } from '../wallet/useCardWallets';
import { MethodChoice } from './MethodChoice';

/**
 * Google Pay and Apple Pay, where the browser offers them (none until it has answered). Loaded after the station page's
 * first render: the wallet's texts it brings import the contract's schemas (docs/scale.md, "First-render JavaScript
 * budget").
 */
export function CardWalletChoices({ chosen, onChoose }: { chosen: string; onChoose: (wallet: CardWallet) => void }) {
  const t = useMessages(guestTexts);
  const { wallets } = useCardWallets();
  return wallets.map((wallet) => <MethodChoice key={wallet} method={wallet} label={t.methods[wallet]!} chosen={chosen} onChoose={onChoose} />);
}
