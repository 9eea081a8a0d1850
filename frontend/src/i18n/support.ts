import { defineMessages } from './messages';

/** Help center, Contact and Privacy policy: the footer's Support links (docs/design.md, "Shared public header and menus"). */
export const supportTexts = defineMessages('supportTexts', {
  help: {
    title: 'Help center',
    intro: 'Answers to what visitors ask most. Still stuck? Contact us, we answer every message.',
    questions: [
      {
        q: 'How do I pay for water without an account?',
        a: 'Scan the QR sticker on the station, or find the station in the station finder and press Start Refill. Choose how much water, pay, and press start on the machine. No account or app is needed.',
        link: { label: 'Find a station', to: '/stations' },
      },
      {
        q: 'Which payment methods work with a foreign card or bank?',
        a: 'QRIS and GoPay are paid from an Indonesian bank or e-wallet app; most foreign bank apps cannot read a QRIS code. With a foreign card, pay with Apple Pay or Google Pay where your phone offers it.',
      },
      {
        q: 'How do I find a station, or the one on my sticker?',
        a: 'The station finder lists every station with its status and water level. Type the code printed on the sticker (for example HRL-00001) or a place name, pick an area, or press Find Nearby. Stations open now come first; offline and empty ones after them.',
        link: { label: 'Open the station finder', to: '/stations' },
      },
      {
        q: 'The station is offline or empty. What now?',
        a: 'Use another station: the finder\u2019s "Nearest open station" shows the closest one that is online and has water. If a station does not start after you paid, what you paid is refunded.',
        link: { label: 'Nearest open station', to: '/stations' },
      },
      {
        q: 'My water did not come, or less than I paid for.',
        a: 'You pay only for the water the station measured: what was not dispensed goes back to your payment by itself. If that is wrong, open your receipt and press "Report a problem with this refill" within 24 hours, or report a problem with the station.',
        link: { label: 'Report a problem', to: '/stations', report: true },
      },
      {
        q: 'Where is my receipt?',
        a: 'The receipt opens after paying, at its own link. If you gave an e-mail address it is sent to you; if not, keep the link: bookmark it, save it as a PDF or share it to yourself. Anyone with the link can read it.',
      },
      {
        q: 'How do I check my balance?',
        a: 'Sign in: the app\u2019s home page shows your balance, your last refills and your impact.',
        link: { label: 'Sign in', to: '/signin' },
      },
      {
        q: 'Can I get back the money left in my wallet?',
        a: 'Yes: sign in, open Profile and choose to get your money back.',
      },
      {
        q: 'Is the water safe to drink?',
        a: 'Every station filters its water and measures its quality. A station shows "Water checked" with the date of its last lab test; a station that fails a check closes until it is cleared.',
      },
    ],
    more: 'Did not find your answer?',
    contact: 'Contact us',
  },
  contact: {
    title: 'Contact us',
    intro: 'A problem at a station, a payment, a refund, or a question: write to us and the team answers.',
    whatsapp: 'WhatsApp',
    whatsappText: (number: string) => `Message ${number}`,
    email: 'E-mail',
    loading: 'Loading the contact details...',
    failed: 'The contact details could not be loaded. Check your connection and try again.',
    retry: 'Try again',
    none: 'The team\u2019s contact details are being set up. Meanwhile, report a problem at the station: the team reads every report.',
    atStation: 'At a station? Report the problem on its card in the station finder, with a photo if you like: the team sees which station it is.',
    report: 'Report a problem',
    help: 'Help center',
  },
  privacy: {
    title: 'Privacy policy',
    intro: 'What Bali Refill stores about you, for how long, and who can see it.',
    sections: [
      {
        title: 'What we store',
        items: [
          'Your account: e-mail address, name if you give it, and a password kept by our sign-in service (we never see it).',
          'Your wallet: top-ups, refills (station, litres, price), refunds and withdrawals, with the payment method.',
          'A refill paid without an account: the station, the litres, the price, the payment method and, only if you give it, your e-mail address for the receipt.',
          'Reports and claims you send: what you wrote and a photo if you added one (its location data is removed when it is uploaded).',
          'A host application: the business\u2019s name, contact person, e-mail, phone and address.',
          'Your language choice and the stations last loaded stay in your browser only.',
        ],
      },
      {
        title: 'What we do not store',
        items: [
          'Card numbers and bank details: the payment gateway handles them, we only learn whether a payment succeeded.',
          'Your position: the station finder uses it in your browser to sort the stations; it is not sent to us (the finder may load the list of stations around you).',
        ],
      },
      {
        title: 'How long',
        items: [
          'Payments, refills and refunds are bookkeeping records: we keep them for 10 years, as Indonesian tax law requires.',
          'Your account stays until you ask us to delete it.',
          'A receipt\u2019s e-mail address is used to send the receipt and the answer to a claim.',
        ],
      },
      {
        title: 'Who sees it',
        items: [
          'You, and anyone you give a receipt link to.',
          'Our operations team (administrators): accounts, wallets, refills, claims and reports, to run the network and answer you.',
          'Technicians: the stations and the problem reports, never people\u2019s accounts or money.',
          'A business hosting a station: only its stations\u2019 totals (litres, bottles saved), never who refilled.',
          'Our service providers, only for their part: the payment gateway (payments), the e-mail service (receipts and codes) and our cloud provider, in Singapore.',
        ],
      },
      {
        title: 'Your rights',
        items: ['Ask us what we store about you, to correct it or to delete it: contact us.'],
      },
    ],
    contact: 'Contact us',
  },
});
