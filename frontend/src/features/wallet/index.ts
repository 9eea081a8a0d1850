/** The wallet feature: the Top Up sheet, Google Pay / Apple Pay buttons and the NFC dialog's Rp 5,000 wallet payment. */
export { TopUpSheet } from './TopUpSheet';
export { NfcWalletPayment, WalletPayButton, type WalletPurpose } from './WalletPayButton';
